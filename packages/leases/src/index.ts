export * from './allowance-lease.ts'
export * from './key-lease.ts'
