import { DAY } from '@lv/clock'
import { type Sql, deleteInBatches } from '@lv/db'
import type { BulkJob } from './job-store.ts'

/** A job and its results are kept this long after it ended (done or stopped), or, never started, after its list was read. */
export const BULK_JOB_RETENTION_DAYS = 90
const RETENTION_MS = BULK_JOB_RETENTION_DAYS * DAY
/** Jobs per statement: one job is up to 50,000 entries and as many answers. */
const BATCH = 5

/** When the job is deleted; null while it runs (a running job is never deleted). */
export const jobDeletedAt = (job: Pick<BulkJob, 'state' | 'createdAt' | 'finishedAt'>): Date | null =>
	job.state === 'running' ? null : new Date((job.finishedAt ?? job.createdAt).getTime() + RETENTION_MS)

/**
 * Deletes the jobs past their retention with everything they hold (entries, batches with their replies,
 * answers, summary: by foreign key and trigger 0131), a few jobs a statement, safe on every replica at once.
 * A list started meanwhile (`markStarted`) is not deleted under its start: the two take its row in turn.
 */
export function pruneEndedJobs(sql: Sql, now: Date): Promise<number> {
	const before = new Date(now.getTime() - RETENTION_MS)
	return deleteInBatches(
		BATCH,
		(limit) => sql`
			DELETE FROM bulk_check_jobs WHERE id IN (
				SELECT id FROM bulk_check_jobs WHERE state <> 'running' AND coalesce(finished_at, created_at) < ${before}
				ORDER BY coalesce(finished_at, created_at) LIMIT ${limit} FOR UPDATE SKIP LOCKED)`
	)
}
