export * from './coverage-events.ts'
export * from './deliveries.ts'
export * from './event-feed.ts'
export * from './resend-delivery.ts'
