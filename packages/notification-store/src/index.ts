export * from './resend-delivery.ts'
