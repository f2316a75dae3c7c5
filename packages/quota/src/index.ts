export * from './keyed-counter.ts'
export * from './account-calls.ts'
export * from './release-call.ts'
