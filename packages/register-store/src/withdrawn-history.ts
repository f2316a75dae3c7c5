import type { Sql, TransactionSql } from '@lv/db'

/** Whether the licence-history row behind an event (by history id or by the event's id) has been withdrawn. */
export async function isHistoryWithdrawn(sql: Sql | TransactionSql, historyId: string | null, eventId: string): Promise<boolean> {
	const rows = await sql`
		SELECT 1 FROM license_history
		WHERE corrected_at IS NOT NULL AND (id = ${historyId} OR event_id = ${eventId})
		LIMIT 1`
	return rows.length > 0
}

/** Withdrawn licence-history rows (columns `id`, `event_id`), as a subquery for feeds that leave their events out. */
export const withdrawnHistory = (sql: Sql) => sql`SELECT h.id, h.event_id FROM license_history h WHERE h.corrected_at IS NOT NULL`
