import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { purgeExpiredEvidence } from './evidence/purge.ts'
import { pruneExportRequests } from './routes/export-limits.ts'

export type RetentionResult = { evidence: number; exportRequests: number }

/**
 * One pass over the gateway's tables that grow with time (docs/architecture.md "Retention"), on the
 * injected clock: evidence records past their five years, export requests older than the usage history.
 * Safe on every replica at once: a row two replicas both pick is deleted once.
 */
export async function runRetentionPass(sql: Sql, clock: Clock): Promise<RetentionResult> {
	const evidence = await purgeExpiredEvidence(sql, clock.now())
	const exportRequests = await pruneExportRequests(sql, clock.nowMs())
	return { evidence, exportRequests }
}
