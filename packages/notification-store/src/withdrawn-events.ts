import type { Sql, SqlFragment } from '@lv/db'
import { withdrawnHistory } from '@lv/register-store'

/**
 * SQL that is true when the event `eventId` (a column, as sql`d.event_id`) was withdrawn: a withdrawn
 * licence-history row names it by its `event_id`, or its own `events.history_id` names a withdrawn row (the two
 * links by which the feed leaves an event out). Nothing of a withdrawn event is sent (ADR 0102).
 */
export function eventIsWithdrawn(sql: Sql, eventId: SqlFragment): SqlFragment {
	const withdrawn = withdrawnHistory(sql)
	return sql`(
		EXISTS (SELECT 1 FROM (${withdrawn}) h WHERE h.event_id = ${eventId})
		OR EXISTS (SELECT 1 FROM events e JOIN (${withdrawn}) h ON h.id = e.history_id WHERE e.event_id = ${eventId}))`
}
