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
	result: Record<string, unknown>
}

const text = (value: unknown) => (typeof value === 'string' ? value : null)

function resultRow(row: EntryRow): ResultRow {
	const result = row.result
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

const entryColumns = (sql: Sql) => sql`e.position, e.line, e.input, e.domain, r.verdict, r.jurisdiction, r.result`

export async function resultPage(sql: Sql, jobId: string, filter: ResultFilter, offset: number, limit: number): Promise<ResultPage> {
	const [counted] = await sql<{ total: number }[]>`SELECT count(*)::int AS total FROM ${filtered(sql, jobId, filter)}`
	const rows = await sql<EntryRow[]>`
		SELECT ${entryColumns(sql)} FROM ${filtered(sql, jobId, filter)} ORDER BY r.position LIMIT ${limit} OFFSET ${offset}`
	return { rows: rows.map(resultRow), total: counted?.total ?? 0, offset, limit }
}

export async function entryOf(
	sql: Sql,
	jobId: string,
	position: number
): Promise<{ input: string; domain: string; result: unknown } | null> {
	const [row] = await sql<{ input: string; domain: string; result: unknown }[]>`
		SELECT e.input, e.domain, r.result FROM bulk_check_entries e LEFT JOIN bulk_check_results r ON r.job_id = e.job_id AND r.position = e.position
		WHERE e.job_id = ${jobId} AND e.position = ${position}`
	return row ?? null
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
		if (rows.length > 0) yield rows.map(resultRow)
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
