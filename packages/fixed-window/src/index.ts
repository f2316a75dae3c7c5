export * from './windows.ts'
export { type CounterTable, type WindowAdmission, consumeWithinLimit } from './counter.ts'
