import { BULK_BATCH_SIZE, batchAnswerRows } from '@lv/bulk-check'
import { csvRecord, neutraliseFormula } from '@lv/csv'
import type { Sql } from '@lv/db'

export type VerdictCount = { verdict: string | null; count: number }

/** Answered entries per verdict (null: a per-row error), most frequent first. */
export async function verdictCounts(sql: Sql, jobId: string): Promise<VerdictCount[]> {
	return sql<VerdictCount[]>`
		SELECT verdict, count(*)::int AS count FROM bulk_check_results WHERE job_id = ${jobId}
		GROUP BY verdict ORDER BY count DESC, verdict`
}

export async function jurisdictionsOf(sql: Sql, jobId: string): Promise<string[]> {
	const rows = await sql<{ jurisdiction: string }[]>`
		SELECT DISTINCT jurisdiction FROM bulk_check_results WHERE job_id = ${jobId} AND jurisdiction IS NOT NULL ORDER BY jurisdiction`
	return rows.map((row) => row.jurisdiction)
}

/** `verdict` `error` picks the per-row errors; an empty filter picks every answered entry. */
export type ResultFilter = { verdict: string; jurisdiction: string }

export type ResultRow = {
	position: number
	line: number
	input: string
	domain: string
	verdict: string | null
	verdictDetail: string | null
	operator: string | null
	operatorSlug: string | null
	jurisdiction: string | null
	regulator: string | null
	licenseNumber: string | null
	licenseStatus: string | null
	registerReadAt: string | null
	error: string | null
	errorDetail: string | null
}

export type ResultPage = { rows: ResultRow[]; total: number; offset: number; limit: number }

type EntryRow = {
	position: number
	line: number
	input: string
	domain: string
	verdict: string | null
	jurisdiction: string | null
}

const text = (value: unknown) => (typeof value === 'string' ? value : null)

function resultRow(row: EntryRow, result: Record<string, unknown>): ResultRow {
	const match = (result.match ?? null) as Record<string, unknown> | null
	const register = ((result._meta as Record<string, unknown> | undefined)?.register ?? null) as Record<string, unknown> | null
	return {
		position: row.position,
		line: row.line,
		input: row.input,
		domain: row.domain,
		verdict: row.verdict,
		verdictDetail: text(result.verdict_detail),
		operator: text(match?.operator),
		operatorSlug: text(match?.operator_slug),
		jurisdiction: row.jurisdiction,
		regulator: text(match?.regulator_name),
		licenseNumber: text(match?.license_number),
		licenseStatus: text(match?.status),
		registerReadAt: text(register?.last_read_at),
		error: text(result.error),
		errorDetail: text(result.error_detail)
	}
}

/** Answered entries (`e`: the entry, `r`: its answer) that pass the filter. */
const filtered = (sql: Sql, jobId: string, filter: ResultFilter) => sql`
	bulk_check_results r JOIN bulk_check_entries e ON e.job_id = r.job_id AND e.position = r.position
	WHERE r.job_id = ${jobId}
	${filter.verdict === '' ? sql`` : filter.verdict === 'error' ? sql`AND r.verdict IS NULL` : sql`AND r.verdict = ${filter.verdict}`}
	${filter.jurisdiction === '' ? sql`` : sql`AND r.jurisdiction = ${filter.jurisdiction}`}`

const entryColumns = (sql: Sql) => sql`e.position, e.line, e.input, e.domain, r.verdict, r.jurisdiction`

const batchOf = (position: number) => Math.floor(position / BULK_BATCH_SIZE)

/** The stored answers of the job's `batches` (each parsed once), by batch. */
async function answersOfBatches(sql: Sql, jobId: string, batches: readonly number[]): Promise<Map<number, Record<string, unknown>[]>> {
	if (batches.length === 0) return new Map()
	const stored = await sql<{ batch: number; answers: string }[]>`
		SELECT batch, answers FROM bulk_check_batches WHERE job_id = ${jobId} AND batch = ANY(${batches}::int[]) AND answers IS NOT NULL`
	return new Map(stored.map((row) => [row.batch, batchAnswerRows(row.answers) ?? []]))
}

/** Each entry row with its answer, read from its batch's stored reply. */
async function withAnswers(sql: Sql, jobId: string, rows: readonly EntryRow[]): Promise<ResultRow[]> {
	const answers = await answersOfBatches(sql, jobId, [...new Set(rows.map((row) => batchOf(row.position)))])
	return rows.map((row) => resultRow(row, answers.get(batchOf(row.position))?.[row.position % BULK_BATCH_SIZE] ?? {}))
}

export async function resultPage(sql: Sql, jobId: string, filter: ResultFilter, offset: number, limit: number): Promise<ResultPage> {
	const [counted] = await sql<{ total: number }[]>`SELECT count(*)::int AS total FROM ${filtered(sql, jobId, filter)}`
	const rows = await sql<EntryRow[]>`
		SELECT ${entryColumns(sql)} FROM ${filtered(sql, jobId, filter)} ORDER BY r.position LIMIT ${limit} OFFSET ${offset}`
	return { rows: await withAnswers(sql, jobId, rows), total: counted?.total ?? 0, offset, limit }
}

export async function entryOf(
	sql: Sql,
	jobId: string,
	position: number
): Promise<{ input: string; domain: string; result: unknown } | null> {
	const [row] = await sql<{ input: string; domain: string }[]>`
		SELECT input, domain FROM bulk_check_entries WHERE job_id = ${jobId} AND position = ${position}`
	if (!row) return null
	const answers = await answersOfBatches(sql, jobId, [batchOf(position)])
	return { ...row, result: answers.get(batchOf(position))?.[position % BULK_BATCH_SIZE] ?? null }
}

export const RESULT_CSV_COLUMNS = [
	'line',
	'input',
	'domain',
	'verdict',
	'verdict_detail',
	'operator',
	'operator_slug',
	'jurisdiction',
	'regulator',
	'license_number',
	'license_status',
	'register_last_read_at',
	'error',
	'error_detail'
] as const

/** A row's cells in RESULT_CSV_COLUMNS order, as stored: the line a number, a missing value null. */
export const resultCells = (row: ResultRow): [number, ...(string | null)[]] => [
	row.line,
	row.input,
	row.domain,
	row.verdict,
	row.verdictDetail,
	row.operator,
	row.operatorSlug,
	row.jurisdiction,
	row.regulator,
	row.licenseNumber,
	row.licenseStatus,
	row.registerReadAt,
	row.error,
	row.errorDetail
]

const csvCells = (row: ResultRow): string[] => {
	const [line, ...texts] = resultCells(row)
	return [String(line), ...texts.map((cell) => (cell === null ? '' : neutraliseFormula(cell)))]
}

const RESULT_PAGE = 2_000

/** The job's answered entries matching the filter, in order, a page at a time. */
export async function* resultBatches(sql: Sql, jobId: string, filter: ResultFilter): AsyncGenerator<ResultRow[]> {
	let after = -1
	for (;;) {
		const rows = await sql<EntryRow[]>`
			SELECT ${entryColumns(sql)} FROM ${filtered(sql, jobId, filter)} AND r.position > ${after} ORDER BY r.position LIMIT ${RESULT_PAGE}`
		after = rows.at(-1)?.position ?? after
		if (rows.length > 0) yield await withAnswers(sql, jobId, rows)
		if (rows.length < RESULT_PAGE) return
	}
}

/** The job's answered entries as CSV (docs/bulk-check.md), read and written page by page. */
export function resultsCsv(sql: Sql, jobId: string, filter: ResultFilter): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	const batches = resultBatches(sql, jobId, filter)
	let headerSent = false
	return new ReadableStream({
		async pull(controller) {
			if (!headerSent) {
				headerSent = true
				controller.enqueue(encoder.encode(csvRecord(RESULT_CSV_COLUMNS)))
				return
			}
			const next = await batches.next()
			if (next.done) controller.close()
			else controller.enqueue(encoder.encode(next.value.map((row) => csvRecord(csvCells(row))).join('')))
		}
	})
}
