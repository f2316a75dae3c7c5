export * from './access-token.ts'
export * from './pkce.ts'
export * from './redirect-uri.ts'
export * from './resource.ts'
