import { BULK_BATCH_SIZE, type BatchReply, WEAKENED_VERDICTS, batchReply } from '@lv/bulk-check'
import { csvRecord, neutraliseFormula } from '@lv/csv'
import type { Sql } from '@lv/db'

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
	/** The batch reply's `_meta.checked_at`. */
	checkedAt: string | null
	/** The batch reply's `_meta.stale_jurisdictions` codes: each weakens a WEAKENED_VERDICTS answer. */
	staleJurisdictions: string[]
}

/** What the job page's table shows of a row (bulk-page.ts): kept on the answer's own row (migration 0136). */
export type TableRow = Pick<
	ResultRow,
	'position' | 'line' | 'domain' | 'verdict' | 'operator' | 'jurisdiction' | 'licenseNumber' | 'error'
> & {
	/** The registers past their SLA when a WEAKENED_VERDICTS answer was given (empty for any other answer). */
	weakenedBy: string[]
}

/** One page of rows in list order, and whether the filter matches rows before and after it. */
export type ResultPage = { rows: TableRow[]; hasEarlier: boolean; hasLater: boolean }

/** Where a page starts: after a position (`-1`: the first page), or ends: before one (from the last page back). */
export type PageBound = { after: number } | { before: number }

type EntryRow = {
	position: number
	line: number
	input: string
	domain: string
	verdict: string | null
	jurisdiction: string | null
	operator: string | null
	licenseNumber: string | null
	error: string | null
	/** Whether the row keeps what the table shows: false for answers stored before migration 0136. */
	tableFields: boolean
}

const text = (value: unknown) => (typeof value === 'string' ? value : null)

function resultRow(row: EntryRow, result: Record<string, unknown>, meta: BatchReply['meta']): ResultRow {
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
		errorDetail: text(result.error_detail),
		checkedAt: meta.checkedAt,
		staleJurisdictions: meta.staleJurisdictions
	}
}

/** The answers (`r`) that pass the filter: each filter has an index ending with the position (migration 0135). */
const passing = (sql: Sql, jobId: string, filter: ResultFilter) => sql`
	r.job_id = ${jobId}
	${filter.verdict === '' ? sql`` : filter.verdict === 'error' ? sql`AND r.verdict IS NULL` : sql`AND r.verdict = ${filter.verdict}`}
	${filter.jurisdiction === '' ? sql`` : sql`AND r.jurisdiction = ${filter.jurisdiction}`}`

const batchOf = (position: number) => Math.floor(position / BULK_BATCH_SIZE)

const NO_REPLY: BatchReply = { rows: [], meta: { checkedAt: null, staleJurisdictions: [] } }

/** The stored replies of the job's `batches` (each parsed once), by batch. */
async function repliesOfBatches(sql: Sql, jobId: string, batches: readonly number[]): Promise<Map<number, BatchReply>> {
	if (batches.length === 0) return new Map()
	const stored = await sql<{ batch: number; answers: string }[]>`
		SELECT batch, answers FROM bulk_check_batches WHERE job_id = ${jobId} AND batch = ANY(${batches}::int[]) AND answers IS NOT NULL`
	return new Map(stored.map((row) => [row.batch, batchReply(row.answers) ?? NO_REPLY]))
}

const batchesOf = (rows: readonly { position: number }[]) => [...new Set(rows.map((row) => batchOf(row.position)))]

/** Each entry row with its answer, from its batch's reply among `replies`. */
const withReplies = (rows: readonly EntryRow[], replies: ReadonlyMap<number, BatchReply>): ResultRow[] =>
	rows.map((row) => {
		const reply = replies.get(batchOf(row.position)) ?? NO_REPLY
		return resultRow(row, reply.rows[row.position % BULK_BATCH_SIZE] ?? {}, reply.meta)
	})

/** Each entry row with its answer, read from its batch's stored reply. */
async function withAnswers(sql: Sql, jobId: string, rows: readonly EntryRow[]): Promise<ResultRow[]> {
	return withReplies(rows, await repliesOfBatches(sql, jobId, batchesOf(rows)))
}

/**
 * The registers that were past their SLA when each of `batches` was checked, for the batches where any
 * was or may have been: kept on the batch's row by the worker (migration 0150), null for batches stored
 * before it, whose codes are in their reply.
 */
async function keptStaleOfBatches(sql: Sql, jobId: string, batches: readonly number[]): Promise<Map<number, string[] | null>> {
	if (batches.length === 0) return new Map()
	const kept = await sql<{ batch: number; stale: string[] | null }[]>`
		SELECT batch, stale_jurisdictions AS stale FROM bulk_check_batches
		WHERE job_id = ${jobId} AND batch = ANY(${batches}::int[]) AND answers IS NOT NULL
			AND (stale_jurisdictions IS NULL OR cardinality(stale_jurisdictions) > 0)`
	return new Map(kept.map((row) => [row.batch, row.stale]))
}

const weakenedBy = (verdict: string | null, stale: readonly string[] | undefined) =>
	verdict !== null && WEAKENED_VERDICTS.includes(verdict) ? [...(stale ?? [])] : []

/**
 * The table's rows: each from its own answer row, but for answers stored before migration 0136, and
 * the stale registers of batches stored before migration 0150, which are read from their batch's
 * stored reply (each reply read once for both).
 */
async function tableRows(sql: Sql, jobId: string, rows: readonly EntryRow[]): Promise<TableRow[]> {
	const kept = await keptStaleOfBatches(sql, jobId, batchesOf(rows))
	const older = rows.filter((row) => !row.tableFields)
	const unkept = [...kept].filter(([, stale]) => stale === null).map(([batch]) => batch)
	const replies = await repliesOfBatches(sql, jobId, [...new Set([...batchesOf(older), ...unkept])])
	const fromReplies = new Map(withReplies(older, replies).map((row) => [row.position, row]))
	const staleOf = (batch: number) => {
		const stale = kept.get(batch)
		return stale === null ? replies.get(batch)?.meta.staleJurisdictions : stale
	}
	return rows.map((row) => {
		const shown = fromReplies.get(row.position) ?? row
		return {
			position: row.position,
			line: row.line,
			domain: row.domain,
			verdict: shown.verdict,
			operator: shown.operator,
			jurisdiction: shown.jurisdiction,
			licenseNumber: shown.licenseNumber,
			error: shown.error,
			weakenedBy: weakenedBy(shown.verdict, staleOf(batchOf(row.position)))
		}
	})
}

/**
 * Up to `limit` answers that pass the filter next to the bound, in list order, with their entries. The
 * answers are picked first and joined to their entries after, so the entries read are only the page's.
 */
function entriesNextTo(sql: Sql, jobId: string, filter: ResultFilter, bound: PageBound, limit: number): Promise<EntryRow[]> {
	const side =
		'after' in bound
			? sql`AND r.position > ${bound.after} ORDER BY r.position`
			: sql`AND r.position < ${bound.before} ORDER BY r.position DESC`
	return sql<EntryRow[]>`
		SELECT e.position, e.line, e.input, e.domain, r.verdict, r.jurisdiction, r.operator,
			r.license_number AS "licenseNumber", r.error, r.table_fields AS "tableFields"
		FROM (SELECT * FROM bulk_check_results r WHERE ${passing(sql, jobId, filter)} ${side} LIMIT ${limit}) r
		JOIN bulk_check_entries e ON e.job_id = r.job_id AND e.position = r.position
		ORDER BY r.position`
}

/** Whether an answer that passes the filter lies before `position` (`earlier`) or after it. */
async function anyBeyond(sql: Sql, jobId: string, filter: ResultFilter, position: number, earlier: boolean): Promise<boolean> {
	const [row] = await sql<{ found: boolean }[]>`
		SELECT EXISTS (SELECT 1 FROM bulk_check_results r WHERE ${passing(sql, jobId, filter)}
			AND ${earlier ? sql`r.position < ${position}` : sql`r.position > ${position}`}) AS found`
	return row?.found ?? false
}

/**
 * A page of the answers that pass the filter, next to the bound (keyset: no row before it is read), as
 * the table shows them: no batch's reply is read but for answers stored before migration 0136.
 */
export async function resultPage(sql: Sql, jobId: string, filter: ResultFilter, bound: PageBound, limit: number): Promise<ResultPage> {
	const fetched = await entriesNextTo(sql, jobId, filter, bound, limit + 1)
	const more = fetched.length > limit
	const rows = await tableRows(sql, jobId, 'after' in bound ? fetched.slice(0, limit) : fetched.slice(Math.max(0, fetched.length - limit)))
	// The other side is asked from the page's edge, or from the bound itself when the page is empty.
	if ('after' in bound) {
		const edge = rows[0]?.position ?? bound.after + 1
		return { rows, hasEarlier: bound.after >= 0 && (await anyBeyond(sql, jobId, filter, edge, true)), hasLater: more }
	}
	const edge = rows.at(-1)?.position ?? bound.before - 1
	return { rows, hasEarlier: more, hasLater: await anyBeyond(sql, jobId, filter, edge, false) }
}

export async function entryOf(
	sql: Sql,
	jobId: string,
	position: number
): Promise<{ input: string; domain: string; result: unknown; meta: BatchReply['meta'] | null } | null> {
	const [row] = await sql<{ input: string; domain: string }[]>`
		SELECT input, domain FROM bulk_check_entries WHERE job_id = ${jobId} AND position = ${position}`
	if (!row) return null
	const reply = (await repliesOfBatches(sql, jobId, [batchOf(position)])).get(batchOf(position))
	const result = reply?.rows[position % BULK_BATCH_SIZE]
	return { ...row, result: result ?? null, meta: result ? reply.meta : null }
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
	'error_detail',
	'checked_at',
	'stale_jurisdictions'
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
	row.errorDetail,
	row.checkedAt,
	row.staleJurisdictions.length > 0 ? row.staleJurisdictions.join(' ') : null
]

const csvCells = (row: ResultRow): string[] => {
	const [line, ...texts] = resultCells(row)
	return [String(line), ...texts.map((cell) => (cell === null ? '' : neutraliseFormula(cell)))]
}

const RESULT_PAGE = 2_000

/** The job's answered entries matching the filter, in order, a page at a time, each whole from its batch's stored reply. */
export async function* resultBatches(sql: Sql, jobId: string, filter: ResultFilter): AsyncGenerator<ResultRow[]> {
	let after = -1
	for (;;) {
		const rows = await withAnswers(sql, jobId, await entriesNextTo(sql, jobId, filter, { after }, RESULT_PAGE))
		after = rows.at(-1)?.position ?? after
		if (rows.length > 0) yield rows
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
