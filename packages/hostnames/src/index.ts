export * from './normalise.ts'
export * from './registrable.ts'
export * from './register-value.ts'
