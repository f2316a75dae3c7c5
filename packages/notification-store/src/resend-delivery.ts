import type { Sql } from '@lv/db'
import { withdrawnHistoryMatches } from '@lv/register-store'

/** Why a delivery cannot be sent again. */
export type ResendRefusal = 'delivery_not_found' | 'event_expired' | 'event_withdrawn' | 'delivery_in_progress'

export type ResentDelivery = { id: string; eventId: string; eventType: string; createdAt: Date }

export type ResendOutcome = { ok: true; delivery: ResentDelivery } | { ok: false; reason: ResendRefusal }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Queues the event of one of the endpoint's deliveries again, as a new pending delivery due now: the
 * delivery worker sends it like any other (URL policy at attempt time, the endpoint's active secrets,
 * a fresh attempt count). Refused when the delivery is not the endpoint's, when its event is past
 * retention or was withdrawn (nothing of a withdrawn event is sent, ADR 0102), or while the delivery itself is
 * still being tried (pending or failed with retries left).
 * The caller has already checked that the endpoint belongs to the account.
 */
export async function resendDelivery(sql: Sql, input: { endpointId: string; deliveryId: string; now: Date }): Promise<ResendOutcome> {
	if (!UUID.test(input.deliveryId)) return { ok: false, reason: 'delivery_not_found' }
	return sql.begin(async (tx) => {
		const [original] = await tx<{ event_id: string; event_type: string; status: string; event_kept: boolean; withdrawn: boolean }[]>`
			SELECT d.event_id, d.event_type, d.status, EXISTS (SELECT 1 FROM events e WHERE e.event_id = d.event_id) AS event_kept,
				${withdrawnHistoryMatches(tx as unknown as Sql, tx`(SELECT e.history_id FROM events e WHERE e.event_id = d.event_id)`, tx`d.event_id`)} AS withdrawn
			FROM webhook_deliveries d WHERE d.id = ${input.deliveryId} AND d.endpoint_id = ${input.endpointId}
			FOR UPDATE OF d`
		if (!original) return { ok: false, reason: 'delivery_not_found' } as const
		if (!original.event_kept) return { ok: false, reason: 'event_expired' } as const
		if (original.withdrawn) return { ok: false, reason: 'event_withdrawn' } as const
		if (original.status === 'pending' || original.status === 'failed') return { ok: false, reason: 'delivery_in_progress' } as const
		const [created] = await tx<{ id: string }[]>`
			INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, next_retry_at, status, created_at, is_resend, resend_of)
			VALUES (gen_random_uuid(), ${input.endpointId}, ${original.event_id}, ${original.event_type}, ${input.now}, 'pending', ${input.now}, true, ${input.deliveryId})
			RETURNING id`
		return {
			ok: true,
			delivery: { id: (created as { id: string }).id, eventId: original.event_id, eventType: original.event_type, createdAt: input.now }
		} as const
	})
}
