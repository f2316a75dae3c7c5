// The checker indexes and queries licence numbers by this key; the reader stores the same key.
export { licenseNumberKey } from '@lv/verdict/src/license-number-key.ts'
