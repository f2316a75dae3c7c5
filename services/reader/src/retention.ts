import { type Clock, HOUR } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { logDeletedRows } from '@lv/runtime'
import { prunePublishedOutbox } from './outbox-prune.ts'
import { type ProvenancePruned, pruneProvenance } from './provenance-prune.ts'

/** How often a polling relay runs the reader's retention pass. */
export const RETENTION_PASS_EVERY_MS = HOUR

export type ReaderRetentionResult = ProvenancePruned & { outbox: number }

/** One pass over the reader's tables that grow with time (docs/architecture.md "Retention"): published outbox rows, then provenance. */
export async function runReaderRetention(sql: Sql, now: Date): Promise<ReaderRetentionResult> {
	const outbox = await prunePublishedOutbox(sql, now)
	return { outbox, ...(await pruneProvenance(sql, now)) }
}

/**
 * The relay's retention pass, at most once per `RETENTION_PASS_EVERY_MS` on the injected clock and one at a
 * time, apart from the drains, so a long first pass (a backlog of years) never holds up a publication.
 */
export function periodicRetention(sql: Sql, clock: Clock, logger: Logger) {
	let lastPassMs = Number.NEGATIVE_INFINITY
	let passing: Promise<void> | undefined
	return {
		/** Starts a pass unless one runs or the last began under an hour ago. */
		ifDue(): void {
			if (passing || clock.nowMs() - lastPassMs < RETENTION_PASS_EVERY_MS) return
			lastPassMs = clock.nowMs()
			passing = runReaderRetention(sql, clock.now())
				.then(
					(deleted) => logDeletedRows(logger, deleted),
					(error) => logger.warn('retention pass failed; will retry', { error })
				)
				.finally(() => {
					passing = undefined
				})
		},
		/** Resolves when no pass runs. */
		settled: async () => {
			await passing
		}
	}
}
