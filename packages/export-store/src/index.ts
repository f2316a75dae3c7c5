export * from './chunks.ts'
