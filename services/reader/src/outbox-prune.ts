import { type Clock, DAY, HOUR } from '@lv/clock'
import { type Sql, deleteInBatches } from '@lv/db'
import type { Logger } from '@lv/logger'

/** A published row is kept as long as SPEC keeps the event it carried (the EVENTS stream's 30 days), then deleted. */
export const OUTBOX_PUBLISHED_RETENTION_MS = 30 * DAY
/** How often a polling relay deletes the published rows past their retention. */
export const OUTBOX_PRUNE_EVERY_MS = HOUR
const BATCH = 5_000

/** Deletes the rows published before the retention at `now`, a batch at a time; unpublished rows are never deleted. */
export function prunePublishedOutbox(sql: Sql, now: Date): Promise<number> {
	const cutoff = new Date(now.getTime() - OUTBOX_PUBLISHED_RETENTION_MS)
	// Rows are published in seq order, so the oldest seqs are the first past the cutoff.
	return deleteInBatches(
		BATCH,
		(limit) => sql`
			DELETE FROM outbox WHERE seq IN (
				SELECT seq FROM outbox WHERE published_at < ${cutoff} ORDER BY seq LIMIT ${limit})`
	)
}

/**
 * The relay's prune, at most once per `OUTBOX_PRUNE_EVERY_MS` on the injected clock and one at a time,
 * apart from the drains, so a long first prune (a backlog of years) never holds up a publication.
 */
export function periodicOutboxPrune(sql: Sql, clock: Clock, logger: Logger) {
	let lastPruneMs = Number.NEGATIVE_INFINITY
	let pruning: Promise<void> | undefined
	return {
		/** Starts a prune unless one runs or the last began under an hour ago. */
		ifDue(): void {
			if (pruning || clock.nowMs() - lastPruneMs < OUTBOX_PRUNE_EVERY_MS) return
			lastPruneMs = clock.nowMs()
			pruning = prunePublishedOutbox(sql, clock.now())
				.then(
					() => undefined,
					(error) => logger.warn('outbox pruning failed; will retry', { error })
				)
				.finally(() => {
					pruning = undefined
				})
		},
		/** Resolves when no prune runs. */
		settled: async () => {
			await pruning
		}
	}
}
