import { type Sql, type SqlFragment, arrayLiteral } from '@lv/db'

/**
 * The delivery state the notifier keeps on each webhook endpoint (last delivery, consecutive
 * failures, missed deliveries), written in the same statement as the deliveries it follows from:
 * `finished` is the notifier's data-modifying statement on its deliveries, returning `endpoint_id`.
 */

/** Active endpoints in random order, leaving out `skip` (column `id`): a subquery for the notifier's claim. */
export const activeEndpointsShuffled = (sql: Sql, skip: readonly string[]) => sql`
	SELECT id FROM webhook_endpoints
	WHERE active AND id <> ALL (${arrayLiteral(skip)}::uuid[])
	ORDER BY random()`

/**
 * Locks the endpoints `endpointIds` selects (in id order), returning those still there: taken before the
 * notifier writes their deliveries, the order the endpoint's deletion keeps (endpoint, then its deliveries),
 * so an attempt's outcome and a deletion queue instead of deadlocking.
 */
export const lockEndpoints = (sql: Sql, endpointIds: SqlFragment) => sql<{ id: string }[]>`
	SELECT id FROM webhook_endpoints WHERE id IN (${endpointIds}) ORDER BY id FOR NO KEY UPDATE`

/** A delivery succeeded: the endpoint's failure and missed counts start again. Returns the endpoints updated. */
export const endpointDelivered = (sql: Sql, finished: SqlFragment, at: Date) => sql`
	WITH done AS (${finished})
	UPDATE webhook_endpoints w
	SET last_delivered_at = ${at}, last_delivery_status = 'success', failure_count = 0, missed_deliveries = 0
	FROM done WHERE w.id = done.endpoint_id
	RETURNING w.id`

/** An attempt failed: one more consecutive failure, and one missed delivery when no attempt is left. */
export const endpointAttemptFailed = (sql: Sql, finished: SqlFragment, abandoned: boolean) => sql`
	WITH done AS (${finished})
	UPDATE webhook_endpoints w
	SET failure_count = w.failure_count + 1,
		last_delivery_status = ${abandoned ? 'failed' : 'retrying'},
		missed_deliveries = w.missed_deliveries + ${abandoned ? 1 : 0}
	FROM done WHERE w.id = done.endpoint_id
	RETURNING w.id`

/** Deliveries given up without a last attempt: each counts as missed. Returns one row (`missed`) per endpoint. */
export const endpointsMissed = (sql: Sql, finished: SqlFragment) => sql<{ missed: number }[]>`
	WITH gone AS (${finished}),
	counts AS (SELECT endpoint_id, count(*)::int AS missed FROM gone GROUP BY endpoint_id)
	UPDATE webhook_endpoints w
	SET missed_deliveries = w.missed_deliveries + counts.missed, last_delivery_status = 'failed'
	FROM counts WHERE w.id = counts.endpoint_id
	RETURNING counts.missed`
