export { companyKey, nameKey, type NameKeyVariant } from './name-key.ts'
