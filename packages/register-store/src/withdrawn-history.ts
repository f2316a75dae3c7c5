import type { Sql, SqlFragment, TransactionSql } from '@lv/db'

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

/**
 * SQL that is true when a withdrawn licence-history row has the id `historyId` or names the event `eventId` (SQL
 * expressions, such as an event's `history_id` and `event_id` columns): the two links by which an event is withdrawn.
 */
export const withdrawnHistoryMatches = (sql: Sql, historyId: SqlFragment, eventId: SqlFragment) => sql`(
	EXISTS (SELECT 1 FROM (${withdrawnHistory(sql)}) h WHERE h.event_id = ${eventId})
	OR EXISTS (SELECT 1 FROM (${withdrawnHistory(sql)}) h WHERE h.id = ${historyId}))`
