import type { Sql } from '@lv/db'
import { withdrawnHistory } from '@lv/register-store'
import { endpointIdsOf, watchedOperatorIds } from '@lv/subscription-store'

/** The highest `events.seq` committed so far; 0 before the first event. */
export async function eventsHeadSeq(sql: Sql): Promise<number> {
	const [head] = await sql<{ seq: string }[]>`SELECT coalesce(max(seq), 0)::text AS seq FROM events`
	return Number(head?.seq ?? 0)
}

/** `since` leaves out the events emitted before `at` among those with `seq <= throughSeq`. */
export type FeedWindow = {
	accountId: string
	afterSeq: number
	headSeq: number
	since: { at: Date; throughSeq: number } | null
	limit: number
}

/**
 * The account's events with `afterSeq < seq <= headSeq` (less those `since` leaves out), oldest
 * first, at most `limit`: operator events (`license.*`, `regulatory_action.*`) about operators on the
 * account's watchlist, plus any event queued for one of its endpoints; never an event whose
 * licence-history row was withdrawn.
 */
export function accountFeedEvents(sql: Sql, window: FeedWindow) {
	const withdrawn = withdrawnHistory(sql)
	return sql<{ seq: string; payload: unknown }[]>`
		SELECT e.seq::text AS seq, e.payload FROM events e
		WHERE e.seq > ${window.afterSeq} AND e.seq <= ${window.headSeq}
			AND (${window.since === null} OR e.seq > ${window.since?.throughSeq ?? 0} OR e.emitted_at >= ${window.since?.at ?? null}::timestamptz)
			AND (
				((e.event_name LIKE 'license.%' OR e.event_name LIKE 'regulatory\\_action.%')
					AND e.operator_id IN (${watchedOperatorIds(sql, window.accountId)}))
				OR EXISTS (
					SELECT 1 FROM webhook_deliveries d
					WHERE d.event_id = e.event_id AND d.endpoint_id IN (${endpointIdsOf(sql, window.accountId)}))
			)
			AND NOT EXISTS (SELECT 1 FROM (${withdrawn}) h WHERE h.id = e.history_id)
			AND NOT EXISTS (SELECT 1 FROM (${withdrawn}) h WHERE h.event_id = e.event_id)
		ORDER BY e.seq
		LIMIT ${window.limit}`
}
