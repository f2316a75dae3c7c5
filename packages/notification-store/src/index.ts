export * from './coverage-events.ts'
export * from './deliveries.ts'
export * from './event-feed.ts'
