import { DAY } from '@lv/clock'
import { type Sql, deleteInBatches } from '@lv/db'

/** SPEC "Delivery rules": events (and the feed's replay window) are kept 30 days. */
export const EVENT_RETENTION_MS = 30 * DAY
/** Decided: finished delivery history is kept as long as the events it delivered. */
export const DELIVERY_HISTORY_RETENTION_MS = 30 * DAY

const BATCH = 5_000

export type PurgeResult = { events: number; deliveries: number; notices: number }

/**
 * Deletes events emitted more than 30 days ago, finished deliveries created more than 30 days ago and
 * expiry notices of expiry dates already past (the scan only ever looks 30 to 90 days ahead, so such a
 * notice can never stop a second warning), in small batches.
 */
export async function purgeExpired(sql: Sql, now: Date): Promise<PurgeResult> {
	const eventCutoff = new Date(now.getTime() - EVENT_RETENTION_MS)
	const deliveryCutoff = new Date(now.getTime() - DELIVERY_HISTORY_RETENTION_MS)
	const today = now.toISOString().slice(0, 10)
	const deliveries = await deleteInBatches(
		BATCH,
		(limit) => sql`
			DELETE FROM webhook_deliveries WHERE id IN (
				SELECT id FROM webhook_deliveries
				WHERE status IN ('delivered', 'abandoned') AND created_at < ${deliveryCutoff}
				LIMIT ${limit})`
	)
	const events = await deleteInBatches(
		BATCH,
		(limit) => sql`DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE emitted_at < ${eventCutoff} LIMIT ${limit})`
	)
	const notices = await deleteInBatches(
		BATCH,
		(limit) => sql`
			DELETE FROM expiry_notices WHERE (license_id, days_before, expiry_date) IN (
				SELECT license_id, days_before, expiry_date FROM expiry_notices WHERE expiry_date < ${today}::date LIMIT ${limit})`
	)
	return { events, deliveries, notices }
}
