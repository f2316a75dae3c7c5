import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'

const BATCH = 1_000

/**
 * Deletes the records whose retention has ended (`expires_at` at or before `now`), a batch at a
 * time so a backlog never holds one long transaction. They already answer 404; this frees the rows.
 * Safe on every replica at once: a row two replicas both pick is deleted once.
 */
export async function purgeExpiredEvidence(sql: Sql, now: Date): Promise<number> {
	let purged = 0
	for (;;) {
		const removed = await sql`
			DELETE FROM evidence_records WHERE id IN (
				SELECT id FROM evidence_records WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${BATCH})`
		purged += removed.count
		if (removed.count < BATCH) return purged
	}
}

export type EvidencePurge = { stop(): void }

/** Runs the purge now and then every `intervalMs`, on the injected clock; a failed pass is logged and retried next time. */
export function startEvidencePurge(deps: { sql: Sql; clock: Clock; logger: Logger; intervalMs: number }): EvidencePurge {
	const pass = () =>
		purgeExpiredEvidence(deps.sql, deps.clock.now()).then(
			(purged) => {
				if (purged > 0) deps.logger.info('expired evidence records purged', { purged })
			},
			(error) => deps.logger.error('evidence purge failed', { error })
		)
	void pass()
	const timer = setInterval(pass, deps.intervalMs)
	return { stop: () => clearInterval(timer) }
}
