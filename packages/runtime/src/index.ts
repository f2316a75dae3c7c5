export * from './retry.ts'
export * from './health-server.ts'
export * from './service.ts'
export * from './dependencies.ts'
