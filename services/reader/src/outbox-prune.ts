import { DAY } from '@lv/clock'
import { type Sql, deleteInBatches } from '@lv/db'

/** A published row is kept as long as SPEC keeps the event it carried (the EVENTS stream's 30 days), then deleted. */
export const OUTBOX_PUBLISHED_RETENTION_MS = 30 * DAY
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
