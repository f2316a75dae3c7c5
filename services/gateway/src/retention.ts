import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { purgeExpiredEvidence } from './evidence/purge.ts'
import { pruneExportRequests } from './routes/export-limits.ts'

export type RetentionPasses = { stop(): void }

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

/** Runs the pass now and then every `intervalMs`; a failed pass is logged and retried next time. */
export function startRetentionPasses(deps: { sql: Sql; clock: Clock; logger: Logger; intervalMs: number }): RetentionPasses {
	const pass = () =>
		runRetentionPass(deps.sql, deps.clock).then(
			(result) => {
				if (result.evidence + result.exportRequests > 0) deps.logger.info('rows past their retention deleted', result)
			},
			(error) => deps.logger.error('retention pass failed', { error })
		)
	void pass()
	const timer = setInterval(pass, deps.intervalMs)
	return { stop: () => clearInterval(timer) }
}
