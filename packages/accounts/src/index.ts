export * from './api-keys.ts'
export * from './store.ts'
export * from './subqueries.ts'
export * from './key-reads.ts'
