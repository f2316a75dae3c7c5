export * from './register-health.ts'
