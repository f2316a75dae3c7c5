export * from './coverage-events.ts'
export * from './deliveries.ts'
