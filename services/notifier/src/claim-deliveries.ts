import { type Sql, arrayLiteral } from '@lv/db'
import { activeEndpointsShuffled, endpointsMissed, lockEndpoints } from '@lv/subscription-store'
import { withdrawnHistoryMatches } from '@lv/register-store'
import { MAX_ATTEMPTS } from '@lv/webhooks'

export type ClaimedDelivery = {
	id: string
	endpointId: string
	eventId: string
	eventType: string
	/** The attempt this claim is: 1 for the first, 2–7 for retries. */
	attempt: number
}

export type ClaimOptions = {
	now: Date
	limit: number
	/** At most this many rows of one endpoint per claim. */
	perEndpoint: number
	/** Endpoints this replica already has enough attempts in flight for. */
	skipEndpoints: readonly string[]
	leaseMs: number
}

/**
 * What one claim took: deliveries leased for their next attempt, and deliveries ended without one because their event
 * was withdrawn (`attempt` is then the last one made, 0 if none).
 */
export type Claimed = { leased: ClaimedDelivery[]; withdrawn: ClaimedDelivery[] }

/**
 * Leases due deliveries of active endpoints (`FOR UPDATE SKIP LOCKED` + `lease_until`): at most
 * `perEndpoint` per endpoint, endpoints in random order, so one endpoint's backlog cannot take every
 * slot. The attempt counts as made the moment it is leased: a replica that dies mid-attempt leaves a
 * row that becomes due again when the lease runs out, and the next replica's attempt carries the next number.
 *
 * A due delivery whose event's licence-history row was withdrawn since it was queued is not leased: it ends
 * `abandoned` with `abandoned_reason` `event_withdrawn` in the same statement, its attempt count unchanged and
 * its endpoint untouched (nothing was missed); it comes back in `withdrawn` (ADR 0102).
 */
export async function claimDueDeliveries(sql: Sql, options: ClaimOptions): Promise<Claimed> {
	if (options.limit <= 0) return { leased: [], withdrawn: [] }
	const { now } = options
	const leaseUntil = new Date(now.getTime() + options.leaseMs)
	const withdrawn = withdrawnHistoryMatches(sql, sql`(SELECT e.history_id FROM events e WHERE e.event_id = d.event_id)`, sql`d.event_id`)
	const rows = await sql<
		{ id: string; endpoint_id: string; event_id: string; event_type: string; attempt_count: number; withdrawn: boolean }[]
	>`
		WITH picked AS (
			SELECT due.id, due.withdrawn
			FROM (${activeEndpointsShuffled(sql, options.skipEndpoints)}) w
			CROSS JOIN LATERAL (
				SELECT d.id, ${withdrawn} AS withdrawn
				FROM webhook_deliveries d
				WHERE d.endpoint_id = w.id AND d.status IN ('pending', 'failed') AND d.next_retry_at <= ${now}
					AND (d.lease_until IS NULL OR d.lease_until <= ${now}) AND d.attempt_count < ${MAX_ATTEMPTS}
				ORDER BY d.next_retry_at
				LIMIT ${options.perEndpoint}
				FOR UPDATE OF d SKIP LOCKED
			) due
			LIMIT ${options.limit}
		),
		stopped AS (
			UPDATE webhook_deliveries d SET status = 'abandoned', abandoned_reason = 'event_withdrawn', lease_until = NULL
			FROM picked WHERE d.id = picked.id AND picked.withdrawn
			RETURNING d.id, d.endpoint_id, d.event_id, d.event_type, d.attempt_count, true AS withdrawn
		),
		leased AS (
			UPDATE webhook_deliveries d
			SET attempt_count = d.attempt_count + 1, last_attempt_at = ${now}, lease_until = ${leaseUntil}
			FROM picked WHERE d.id = picked.id AND NOT picked.withdrawn
			RETURNING d.id, d.endpoint_id, d.event_id, d.event_type, d.attempt_count, false AS withdrawn
		)
		SELECT * FROM leased UNION ALL SELECT * FROM stopped`
	const claimed: Claimed = { leased: [], withdrawn: [] }
	for (const row of rows) {
		const delivery = {
			id: row.id,
			endpointId: row.endpoint_id,
			eventId: row.event_id,
			eventType: row.event_type,
			attempt: row.attempt_count
		}
		;(row.withdrawn ? claimed.withdrawn : claimed.leased).push(delivery)
	}
	return claimed
}

/**
 * A replica that died during the 7th attempt leaves a row with every attempt used and a lapsed
 * lease: it is abandoned (and counted as missed) instead of being tried an 8th time.
 */
export async function abandonStalled(sql: Sql, now: Date): Promise<number> {
	const stalled = (tx: Sql) => tx`status IN ('pending', 'failed') AND attempt_count >= ${MAX_ATTEMPTS} AND lease_until <= ${now}`
	return sql.begin(async (transaction) => {
		const tx = transaction as unknown as Sql
		// Their endpoints first, the order a deletion of one keeps (`lockEndpoints`); only those endpoints' deliveries.
		const locked = await lockEndpoints(tx, tx`SELECT endpoint_id FROM webhook_deliveries WHERE ${stalled(tx)}`)
		if (locked.length === 0) return 0
		const abandoned = tx`
			UPDATE webhook_deliveries SET status = 'abandoned', abandoned_reason = 'attempts_exhausted', lease_until = NULL,
				last_error = coalesce(last_error, 'the replica making the last attempt stopped before it finished')
			WHERE ${stalled(tx)} AND endpoint_id = ANY (${arrayLiteral(locked.map((row) => row.id))}::uuid[])
			RETURNING endpoint_id`
		const rows = await endpointsMissed(tx, abandoned)
		return rows.reduce((sum, row) => sum + Number(row.missed), 0)
	})
}
