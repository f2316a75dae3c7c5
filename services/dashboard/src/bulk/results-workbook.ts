import type { Sql } from '@lv/db'
import { workbookStream } from '@lv/sheets'
import { RESULT_CSV_COLUMNS, type ResultFilter, resultBatches, resultCells } from './result-store.ts'

async function* cellBatches(sql: Sql, jobId: string, filter: ResultFilter) {
	for await (const rows of resultBatches(sql, jobId, filter)) yield rows.map(resultCells)
}

/**
 * The job's answered entries as an .xlsx workbook with the CSV's columns. Every text is a text cell
 * (the writer puts no formula in a workbook), so register text starting `=` shows as written.
 */
export const resultsWorkbook = (sql: Sql, jobId: string, filter: ResultFilter): ReadableStream<Uint8Array> =>
	workbookStream('Results', RESULT_CSV_COLUMNS, cellBatches(sql, jobId, filter))
