import { DAY } from '@lv/clock'
import type { Sql } from '@lv/db'

/** SPEC "Delivery rules": events (and the feed's replay window) are kept 30 days. */
export const EVENT_RETENTION_MS = 30 * DAY
/** Decided: finished delivery history is kept as long as the events it delivered. */
export const DELIVERY_HISTORY_RETENTION_MS = 30 * DAY

const BATCH = 5_000

export type PurgeResult = { events: number; deliveries: number }

/** Deletes events emitted more than 30 days ago and finished deliveries created more than 30 days ago, in small batches. */
export async function purgeExpired(sql: Sql, now: Date): Promise<PurgeResult> {
	const eventCutoff = new Date(now.getTime() - EVENT_RETENTION_MS)
	const deliveryCutoff = new Date(now.getTime() - DELIVERY_HISTORY_RETENTION_MS)
	let events = 0
	let deliveries = 0
	for (;;) {
		const removed = await sql`
			DELETE FROM webhook_deliveries WHERE id IN (
				SELECT id FROM webhook_deliveries
				WHERE status IN ('delivered', 'abandoned') AND created_at < ${deliveryCutoff}
				LIMIT ${BATCH})`
		deliveries += removed.count
		if (removed.count < BATCH) break
	}
	for (;;) {
		const removed = await sql`
			DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE emitted_at < ${eventCutoff} LIMIT ${BATCH})`
		events += removed.count
		if (removed.count < BATCH) break
	}
	return { events, deliveries }
}
