export * from './limits.ts'
export * from './decode-upload.ts'
export * from './read-list.ts'
export * from './progress.ts'
