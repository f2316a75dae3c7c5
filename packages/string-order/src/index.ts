export { compareCodePoints, compareInEnglish } from './order.ts'
