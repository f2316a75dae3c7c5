export * from './connect.ts'
export * from './migrate.ts'
export * from './table-owners.ts'
export * from './table-ownership.ts'
