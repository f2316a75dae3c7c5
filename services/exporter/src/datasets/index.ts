import type { TransactionSql } from '@lv/db'
import type { ExportDataset } from '@lv/contracts'
import type { Column } from './columns.ts'
import { DOMAIN_COLUMNS, domainRows } from './domains.ts'
import { LICENCE_COLUMNS, licenceRows } from './licences.ts'
import { OPERATOR_COLUMNS, operatorRows } from './operators.ts'
import type { Slice } from './slice.ts'

export type DatasetDefinition = {
	columns: readonly Column[]
	rows: (tx: TransactionSql, slice: Slice) => ReturnType<typeof licenceRows>
}

export const DATASETS: Record<ExportDataset, DatasetDefinition> = {
	licences: { columns: LICENCE_COLUMNS, rows: licenceRows },
	operators: { columns: OPERATOR_COLUMNS, rows: operatorRows },
	domains: { columns: DOMAIN_COLUMNS, rows: domainRows }
}

export type { Column, Row } from './columns.ts'
export { type Slice, sliceKey } from './slice.ts'
