import type { Sql } from '@lv/db'
import { type BulkJob, findJob } from '../bulk/job-store.ts'
import { BULK_JOB_RETENTION_DAYS } from '../bulk/job-retention.ts'
import type { BatchMeta } from '@lv/bulk-check'
import { entryOf } from '../bulk/result-store.ts'
import type { Session } from '../auth/sessions.ts'
import { errorPage } from '../pages/error-page.ts'
import { UUID } from './form.ts'
import { htmlResponse } from './respond.ts'

const POSITION = /^\d{1,6}$/

export type AccountEntry = { job: BulkJob; position: number; input: string; domain: string; result: unknown; meta: BatchMeta | null }

/** The entry at `position` of the account's job named in the path; null for another account's job or a malformed path. */
export async function findAccountEntry(sql: Sql, accountId: string, jobId: string, position: string): Promise<AccountEntry | null> {
	if (!UUID.test(jobId) || !POSITION.test(position)) return null
	const job = await findJob(sql, accountId, jobId)
	const entry = job ? await entryOf(sql, job.id, Number(position)) : null
	return job && entry ? { job, position: Number(position), ...entry } : null
}

export const jobNotFound = (session: Session) =>
	htmlResponse(
		errorPage(
			'Job not found',
			`There is no bulk check job at this address. A job and its results are deleted ${BULK_JOB_RETENTION_DAYS} days after it ends; start a new one from Bulk check.`,
			session
		),
		{ status: 404 }
	)
