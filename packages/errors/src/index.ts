export * from './codes.ts'
export * from './app-error.ts'
export * from './envelope.ts'
export * from './factories.ts'
