export * from './named-snapshots.ts'
