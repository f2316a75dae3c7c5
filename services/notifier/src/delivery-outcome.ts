import type { Sql } from '@lv/db'
import { endpointAttemptFailed, endpointDelivered, lockEndpoints } from '@lv/subscription-store'
import { type RandomSource, nextAttemptAt } from '@lv/webhooks'
import type { ClaimedDelivery } from './claim-deliveries.ts'

export type AttemptResult = { ok: boolean; status: number | null; error: string | null }

export type RecordedOutcome = 'delivered' | 'failed' | 'abandoned' | 'superseded'

/**
 * Writes the result of one attempt to the delivery and its endpoint in one transaction, the endpoint locked first
 * (a deletion of the endpoint holds it, then its deliveries: `lockEndpoints`); an endpoint gone meanwhile is `superseded`.
 * Only the claim that made this attempt may write it (same attempt number, still open), so a
 * replica whose lease lapsed cannot overwrite a newer attempt's result.
 *
 * Between failed attempts a delivery is `failed` with `next_retry_at` set; after the 7th it is
 * `abandoned` and the endpoint's missed-deliveries counter grows. A success resets that counter
 * and the endpoint's consecutive `failure_count`.
 */
export function recordOutcome(
	sql: Sql,
	claim: ClaimedDelivery,
	result: AttemptResult,
	finishedAt: Date,
	random: RandomSource
): Promise<RecordedOutcome> {
	return sql.begin(async (transaction) => {
		const tx = transaction as unknown as Sql
		const endpoint = await lockEndpoints(tx, tx`SELECT ${claim.endpointId}::uuid`)
		if (endpoint.length === 0) return 'superseded'
		if (result.ok) {
			const delivered = tx`
				UPDATE webhook_deliveries
				SET status = 'delivered', delivered_at = ${finishedAt}, last_response_status = ${result.status},
					last_error = NULL, lease_until = NULL
				WHERE id = ${claim.id} AND attempt_count = ${claim.attempt} AND status IN ('pending', 'failed')
				RETURNING endpoint_id`
			const rows = await endpointDelivered(tx, delivered, finishedAt)
			return rows.length === 1 ? 'delivered' : 'superseded'
		}
		const next = nextAttemptAt(claim.attempt, finishedAt, random)
		const status = next === null ? 'abandoned' : 'failed'
		const failed = tx`
			UPDATE webhook_deliveries
			SET status = ${status}, next_retry_at = ${next ?? finishedAt}, last_response_status = ${result.status},
				last_error = ${result.error}, lease_until = NULL, abandoned_reason = ${next === null ? 'attempts_exhausted' : null}
			WHERE id = ${claim.id} AND attempt_count = ${claim.attempt} AND status IN ('pending', 'failed')
			RETURNING endpoint_id`
		const rows = await endpointAttemptFailed(tx, failed, next === null)
		return rows.length === 1 ? status : 'superseded'
	})
}
