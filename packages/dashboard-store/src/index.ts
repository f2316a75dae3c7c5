export * from './action-keys.ts'
export * from './oauth-grants.ts'
