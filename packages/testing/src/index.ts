export * from './postgres.ts'
export * from './nats.ts'
export * from './processes.ts'
export * from './wait.ts'
