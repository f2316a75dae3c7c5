import {
	type AnswerColumns,
	type BatchRange,
	type ListEntry,
	type ListReport,
	answerColumns,
	batchesFor,
	BULK_BATCH_SIZE
} from '@lv/bulk-check'
import type { Sql } from '@lv/db'

export type JobState = 'ready' | 'running' | 'done' | 'stopped'

export type BulkJob = {
	id: string
	accountId: string
	sourceName: string
	state: JobState
	stopReason: string | null
	total: number
	done: number
	batches: number
	report: ListReport
	keyId: string | null
	createdAt: Date
	startedAt: Date | null
	finishedAt: Date | null
}

type JobRow = {
	id: string
	account_id: string
	source_name: string
	state: JobState
	stop_reason: string | null
	total: number
	done: number
	batches: number
	input_report: ListReport
	key_id: string | null
	created_at: Date
	started_at: Date | null
	finished_at: Date | null
}

/**
 * The job's columns and its progress: the entries of its stored batches (every batch holds
 * BULK_BATCH_SIZE entries but the last). Progress is counted from bulk_check_batches rather than
 * kept on the job row, so concurrent batches never wait on one another's row lock.
 */
const jobColumns = (sql: Sql) => sql`
	j.*, (SELECT coalesce(sum(least(${BULK_BATCH_SIZE}, j.total - b.batch * ${BULK_BATCH_SIZE})), 0)::int
		FROM bulk_check_batches b WHERE b.job_id = j.id AND b.done_at IS NOT NULL) AS done`

const jobOf = (row: JobRow): BulkJob => ({
	id: row.id,
	accountId: row.account_id,
	sourceName: row.source_name,
	state: row.state,
	stopReason: row.stop_reason,
	total: row.total,
	done: row.done,
	batches: row.batches,
	report: row.input_report,
	keyId: row.key_id,
	createdAt: row.created_at,
	startedAt: row.started_at,
	finishedAt: row.finished_at
})

const INSERT_CHUNK = 5_000

/** A job in state `ready` with its entries, written in one transaction: a list is stored whole or not at all. */
export async function createJob(
	sql: Sql,
	input: { accountId: string; sourceName: string; entries: readonly ListEntry[]; report: ListReport; now: Date }
): Promise<string> {
	const id = crypto.randomUUID()
	await sql.begin(async (tx) => {
		await tx`
			INSERT INTO bulk_check_jobs (id, account_id, source_name, state, total, batches, input_report, created_at)
			VALUES (${id}, ${input.accountId}, ${input.sourceName}, 'ready', ${input.entries.length}, ${batchesFor(input.entries.length)}, ${tx.json(input.report)}, ${input.now})`
		for (let start = 0; start < input.entries.length; start += INSERT_CHUNK) {
			const chunk = input.entries.slice(start, start + INSERT_CHUNK)
			await tx`
				INSERT INTO bulk_check_entries (job_id, position, line, input, domain)
				SELECT ${id}, position, line, input, domain
				FROM unnest(${chunk.map((_, index) => start + index)}::int[], ${chunk.map((entry) => entry.line)}::int[],
					${chunk.map((entry) => entry.input)}::text[], ${chunk.map((entry) => entry.domain)}::text[]) AS e(position, line, input, domain)`
		}
	})
	return id
}

/** The account's job, or null: every read is scoped to the account. */
export async function findJob(sql: Sql, accountId: string, jobId: string): Promise<BulkJob | null> {
	const [row] = await sql<JobRow[]>`SELECT ${jobColumns(sql)} FROM bulk_check_jobs j WHERE id = ${jobId} AND account_id = ${accountId}`
	return row ? jobOf(row) : null
}

/** A job by id alone, for the worker (which holds no session). */
export async function findJobForWorker(sql: Sql, jobId: string): Promise<BulkJob | null> {
	const [row] = await sql<JobRow[]>`SELECT ${jobColumns(sql)} FROM bulk_check_jobs j WHERE id = ${jobId}`
	return row ? jobOf(row) : null
}

export async function listJobs(sql: Sql, accountId: string, limit = 20): Promise<BulkJob[]> {
	const rows = await sql<
		JobRow[]
	>`SELECT ${jobColumns(sql)} FROM bulk_check_jobs j WHERE account_id = ${accountId} ORDER BY created_at DESC LIMIT ${limit}`
	return rows.map(jobOf)
}

/** ready → running; false when the job was already started (a second click, a replayed form). */
export async function markStarted(sql: Sql, accountId: string, jobId: string, now: Date): Promise<boolean> {
	const rows =
		await sql`UPDATE bulk_check_jobs SET state = 'running', started_at = ${now} WHERE id = ${jobId} AND account_id = ${accountId} AND state = 'ready' RETURNING id`
	return rows.length === 1
}

/** Sets the job's counting key unless another batch set one first; returns the key the job uses. */
export async function claimJobKey(sql: Sql, jobId: string, keyId: string, replacing: string | null): Promise<string> {
	const [row] = await sql<{ key_id: string }[]>`
		UPDATE bulk_check_jobs SET key_id = ${keyId} WHERE id = ${jobId} AND key_id IS NOT DISTINCT FROM ${replacing} RETURNING key_id`
	if (row) return row.key_id
	const [current] = await sql<{ key_id: string | null }[]>`SELECT key_id FROM bulk_check_jobs WHERE id = ${jobId}`
	return current?.key_id ?? keyId
}

export async function markStopped(sql: Sql, jobId: string, reason: string, now: Date): Promise<void> {
	await sql`UPDATE bulk_check_jobs SET state = 'stopped', stop_reason = ${reason}, finished_at = ${now} WHERE id = ${jobId} AND state = 'running'`
}

/** Running jobs and their batches not stored yet: what a worker publishes again at start. */
export async function unfinishedBatches(sql: Sql, jobId: string | null = null): Promise<{ jobId: string; batch: number }[]> {
	const rows = await sql<{ job_id: string; batch: number }[]>`
		SELECT j.id AS job_id, b.batch FROM bulk_check_jobs j CROSS JOIN generate_series(0, j.batches - 1) AS b(batch)
		WHERE j.state = 'running' AND (${jobId}::uuid IS NULL OR j.id = ${jobId}::uuid) AND NOT EXISTS (SELECT 1 FROM bulk_check_batches d WHERE d.job_id = j.id AND d.batch = b.batch AND d.done_at IS NOT NULL)`
	return rows.map((row) => ({ jobId: row.job_id, batch: row.batch }))
}

export type BatchStatus = 'new' | 'charged' | 'done'

/** The job as the worker handles its batches (no progress: counting it would cost every batch a scan of the job's batches). */
export type WorkerJob = Pick<BulkJob, 'id' | 'accountId' | 'state' | 'keyId'>

/** One batch to handle: whether it was counted or stored already, and its domains in position order from position `first`. */
export type BatchToCheck = { batch: number; status: BatchStatus; first: number; domains: string[] }

/** What the worker needs to handle a message's batches: their job and each batch of the job in the range. */
export type BatchesWork = { job: WorkerJob; batches: BatchToCheck[] }

/** The job and its batches `range.batch` to `range.batch + range.batches - 1`, in one statement; a batch past the job's end is left out. */
export async function batchesWork(sql: Sql, jobId: string, range: BatchRange): Promise<BatchesWork | null> {
	const first = range.batch * BULK_BATCH_SIZE
	const end = (range.batch + range.batches) * BULK_BATCH_SIZE
	const [row] = await sql<
		(Pick<JobRow, 'id' | 'account_id' | 'state' | 'key_id'> & { charged: number[]; stored: number[]; domains: string[] | null })[]
	>`
		SELECT j.id, j.account_id, j.state, j.key_id,
			ARRAY(SELECT b.batch FROM bulk_check_batches b WHERE b.job_id = j.id AND b.batch >= ${range.batch} AND b.batch < ${range.batch + range.batches}) AS charged,
			ARRAY(SELECT b.batch FROM bulk_check_batches b
				WHERE b.job_id = j.id AND b.batch >= ${range.batch} AND b.batch < ${range.batch + range.batches} AND b.done_at IS NOT NULL) AS stored,
			(SELECT array_agg(e.domain ORDER BY e.position) FROM bulk_check_entries e
				WHERE e.job_id = j.id AND e.position >= ${first} AND e.position < ${end}) AS domains
		FROM bulk_check_jobs j WHERE j.id = ${jobId}`
	if (!row) return null
	const domains = row.domains ?? []
	const batches: BatchToCheck[] = []
	for (let batch = range.batch; batch < range.batch + range.batches; batch++) {
		const offset = (batch - range.batch) * BULK_BATCH_SIZE
		if (offset >= domains.length) break
		const status: BatchStatus = row.stored.includes(batch) ? 'done' : row.charged.includes(batch) ? 'charged' : 'new'
		batches.push({ batch, status, first: batch * BULK_BATCH_SIZE, domains: domains.slice(offset, offset + BULK_BATCH_SIZE) })
	}
	return { job: { id: row.id, accountId: row.account_id, state: row.state, keyId: row.key_id }, batches }
}

/** A batch's answers: the checker's `check.batch` reply as JSON text, whose `results` answer the `count` entries from position `first` on, in order. */
export type BatchAnswers = { first: number; count: number; reply: string }

/** `stored` by this call, `already` stored (a redelivery), or `incomplete`: the reply's `results` do not answer every entry. */
export type StoreOutcome = 'stored' | 'already' | 'incomplete'

/**
 * Stores batches' answers and marks them done in one statement (so in one transaction); a batch
 * already done (a redelivery) changes nothing. Each reply is kept whole as text on its batch's row
 * (ADR 0037: PostgreSQL does not parse it); each entry gets a small row of what the result table
 * filters by and shows (migration 0136), read from the reply here, which also checks that it answers every entry (a batch
 * whose reply does not is left unstored). The outcome of each batch, in the order given.
 */
export async function storeBatches(
	sql: Sql,
	jobId: string,
	answers: readonly (BatchAnswers & { batch: number })[],
	now: Date
): Promise<StoreOutcome[]> {
	const complete = answers.flatMap((batch) => {
		const columns = answerColumns(batch.reply, batch.count)
		return columns ? [{ ...batch, columns }] : []
	})
	if (complete.length === 0) return answers.map(() => 'incomplete')
	// Each reply its own parameter: inside a text[] every quote of the JSON would be escaped and parsed again.
	const column = (pick: (columns: AnswerColumns) => (string | null)[]) => complete.flatMap((batch) => pick(batch.columns))
	const [row] = await sql<{ stored: number[] }[]>`
		WITH marked AS (
			UPDATE bulk_check_batches b SET done_at = ${now}, answers = r.answers, stale_jurisdictions = string_to_array(r.stale, ',')
			FROM (VALUES ${sql(complete.map((batch) => [batch.batch, batch.reply, batch.columns.staleJurisdictions.join(',')]))}) AS r(batch, answers, stale)
			WHERE b.job_id = ${jobId} AND b.batch = r.batch::int AND b.done_at IS NULL RETURNING b.batch
		), stored AS (
			INSERT INTO bulk_check_results (job_id, position, verdict, jurisdiction, operator_slug, operator, license_number, error, table_fields)
			SELECT ${jobId}, a.position, a.verdict, a.jurisdiction, a.operator_slug, a.operator, a.license_number, a.error, true
			FROM unnest(${complete.flatMap((batch) => batch.columns.verdicts.map((_, index) => batch.first + index))}::int[],
				${column((columns) => columns.verdicts)}::text[], ${column((columns) => columns.jurisdictions)}::text[],
				${column((columns) => columns.operatorSlugs)}::text[], ${column((columns) => columns.operators)}::text[],
				${column((columns) => columns.licenseNumbers)}::text[], ${column((columns) => columns.errors)}::text[])
				AS a(position, verdict, jurisdiction, operator_slug, operator, license_number, error)
			WHERE a.position / ${BULK_BATCH_SIZE} IN (SELECT batch FROM marked)
			RETURNING 1
		)
		SELECT ARRAY(SELECT batch FROM marked) AS stored`
	const stored = new Set(row?.stored ?? [])
	const completed = new Set(complete.map((batch) => batch.batch))
	return answers.map((batch) => (stored.has(batch.batch) ? 'stored' : completed.has(batch.batch) ? 'already' : 'incomplete'))
}

export type FinishedJob = { id: string; accountId: string; keyId: string | null }

/**
 * Marks running jobs (`jobId`, or every running job) done once all their batches are stored. Run
 * after a batch's store has committed: whichever batch commits last sees every other batch stored,
 * so exactly one of them (or a worker starting later) ends the job.
 */
export async function finishStoredJobs(sql: Sql, now: Date, jobId: string | null = null): Promise<FinishedJob[]> {
	const rows = await sql<{ id: string; account_id: string; key_id: string | null }[]>`
		UPDATE bulk_check_jobs j SET state = 'done', finished_at = ${now}
		WHERE j.state = 'running' ${jobId === null ? sql`` : sql`AND j.id = ${jobId}`}
			AND (SELECT count(*) FROM bulk_check_batches b WHERE b.job_id = j.id AND b.done_at IS NOT NULL) = j.batches
		RETURNING j.id, j.account_id, j.key_id`
	return rows.map((row) => ({ id: row.id, accountId: row.account_id, keyId: row.key_id }))
}
