export * from './csv.ts'
export * from './read-records.ts'
