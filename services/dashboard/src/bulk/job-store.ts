import { type ListEntry, type ListReport, batchesFor, BULK_BATCH_SIZE } from '@lv/bulk-check'
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
	const [row] = await sql<JobRow[]>`SELECT * FROM bulk_check_jobs WHERE id = ${jobId} AND account_id = ${accountId}`
	return row ? jobOf(row) : null
}

/** A job by id alone, for the worker (which holds no session). */
export async function findJobForWorker(sql: Sql, jobId: string): Promise<BulkJob | null> {
	const [row] = await sql<JobRow[]>`SELECT * FROM bulk_check_jobs WHERE id = ${jobId}`
	return row ? jobOf(row) : null
}

export async function listJobs(sql: Sql, accountId: string, limit = 20): Promise<BulkJob[]> {
	const rows = await sql<JobRow[]>`SELECT * FROM bulk_check_jobs WHERE account_id = ${accountId} ORDER BY created_at DESC LIMIT ${limit}`
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
export async function unfinishedBatches(sql: Sql): Promise<{ jobId: string; batch: number }[]> {
	const rows = await sql<{ job_id: string; batch: number }[]>`
		SELECT j.id AS job_id, b.batch FROM bulk_check_jobs j CROSS JOIN generate_series(0, j.batches - 1) AS b(batch)
		WHERE j.state = 'running' AND NOT EXISTS (SELECT 1 FROM bulk_check_batches d WHERE d.job_id = j.id AND d.batch = b.batch AND d.done_at IS NOT NULL)`
	return rows.map((row) => ({ jobId: row.job_id, batch: row.batch }))
}

export type BatchEntry = { position: number; domain: string }

export async function batchEntries(sql: Sql, jobId: string, batch: number): Promise<BatchEntry[]> {
	const first = batch * BULK_BATCH_SIZE
	return sql<BatchEntry[]>`
		SELECT position, domain FROM bulk_check_entries WHERE job_id = ${jobId} AND position >= ${first} AND position < ${first + BULK_BATCH_SIZE} ORDER BY position`
}

/** Whether the batch was counted already and whether its results are stored. */
export async function batchStatus(sql: Sql, jobId: string, batch: number): Promise<'new' | 'charged' | 'done'> {
	const [row] = await sql<
		{ done: boolean }[]
	>`SELECT done_at IS NOT NULL AS done FROM bulk_check_batches WHERE job_id = ${jobId} AND batch = ${batch}`
	return row === undefined ? 'new' : row.done ? 'done' : 'charged'
}

export type EntryResult = { position: number; verdict: string | null; jurisdiction: string | null; result: unknown }

/**
 * Stores a batch's answers, marks it done and moves the job's count on, in one transaction; a
 * redelivered batch already done changes nothing. The job is done with its last batch.
 */
export async function storeBatchResults(
	sql: Sql,
	jobId: string,
	batch: number,
	results: readonly EntryResult[],
	now: Date
): Promise<{ finished: boolean }> {
	return sql.begin(async (tx) => {
		const marked =
			await tx`UPDATE bulk_check_batches SET done_at = ${now} WHERE job_id = ${jobId} AND batch = ${batch} AND done_at IS NULL RETURNING batch`
		if (marked.length === 0) return { finished: false }
		await tx`
			UPDATE bulk_check_entries e SET verdict = r.verdict, jurisdiction = r.jurisdiction, result = r.result::jsonb
			FROM unnest(${results.map((entry) => entry.position)}::int[], ${results.map((entry) => entry.verdict) as string[]}::text[],
				${results.map((entry) => entry.jurisdiction) as string[]}::text[], ${results.map((entry) => JSON.stringify(entry.result))}::text[]) AS r(position, verdict, jurisdiction, result)
			WHERE e.job_id = ${jobId} AND e.position = r.position`
		const [job] = await tx<{ state: JobState }[]>`
			UPDATE bulk_check_jobs SET done = done + ${results.length},
				state = CASE WHEN done + ${results.length} >= total THEN 'done' ELSE state END,
				finished_at = CASE WHEN done + ${results.length} >= total THEN ${now}::timestamptz ELSE finished_at END
			WHERE id = ${jobId} RETURNING state`
		return { finished: job?.state === 'done' }
	})
}
