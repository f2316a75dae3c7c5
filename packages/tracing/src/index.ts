export * from './setup.ts'
export * from './spans.ts'
