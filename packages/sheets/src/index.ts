export * from './limits.ts'
export * from './read-workbook.ts'
export * from './write-workbook.ts'
export type { SheetRecord } from './sheet-rows.ts'
