import type { TransactionSql } from '@lv/db'
import type { ExportDataset } from '@lv/contracts'
import { domainExportRows, licenceExportRows, operatorExportRows } from '@lv/register-store'
import type { Column } from './columns.ts'
import { DOMAIN_COLUMNS } from './domains.ts'
import { LICENCE_COLUMNS } from './licences.ts'
import { OPERATOR_COLUMNS } from './operators.ts'
import type { Slice } from './slice.ts'

export type DatasetDefinition = {
	columns: readonly Column[]
	rows: (tx: TransactionSql, slice: Slice) => ReturnType<typeof licenceExportRows>
}

export const DATASETS: Record<ExportDataset, DatasetDefinition> = {
	licences: { columns: LICENCE_COLUMNS, rows: licenceExportRows },
	operators: { columns: OPERATOR_COLUMNS, rows: operatorExportRows },
	domains: { columns: DOMAIN_COLUMNS, rows: domainExportRows }
}

export type { Column, Row } from './columns.ts'
export { type Slice, sliceKey } from './slice.ts'
