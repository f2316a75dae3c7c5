import type { Sql } from '@lv/db'
import { AppError, notFound } from '@lv/errors'
import { type ResendRefusal, type WebhookDelivery, resendDelivery } from '@lv/notification-store'
import type { EndpointRecord } from './endpoint-store.ts'

const conflict = (
	reason: 'event_expired' | 'event_withdrawn' | 'delivery_in_progress' | 'endpoint_inactive',
	message: string,
	suggestion: string
) => new AppError({ status: 409, code: 'invalid_query', reason, message, extras: { suggestion } })

const REFUSALS: Record<ResendRefusal, () => AppError> = {
	delivery_not_found: () => notFound('delivery_not_found', 'No delivery with this id for this webhook endpoint.', 'delivery_id'),
	event_expired: () =>
		conflict(
			'event_expired',
			'The event of this delivery is past the 30 days events are kept.',
			'Replay what you missed from the events feed instead.'
		),
	event_withdrawn: () =>
		conflict(
			'event_withdrawn',
			'The event of this delivery was withdrawn: the licence-history change it announced was recorded in error.',
			'Read the licence and its history for what stands; nothing of a withdrawn event is sent.'
		),
	delivery_in_progress: () =>
		conflict(
			'delivery_in_progress',
			'This delivery is still being tried (pending or failed with a retry scheduled).',
			'Wait until it is delivered or abandoned, then resend it.'
		)
}

/**
 * Sends a delivery's event again to its endpoint as a new delivery (201 with it, pending). The endpoint
 * was found on the caller's account; an inactive one is refused 409 `endpoint_inactive`.
 */
export async function resendEndpointDelivery(sql: Sql, endpoint: EndpointRecord, deliveryId: string, now: Date): Promise<WebhookDelivery> {
	if (!endpoint.active) {
		throw conflict(
			'endpoint_inactive',
			'This webhook endpoint is inactive, so nothing is delivered to it.',
			'Activate the endpoint, then resend.'
		)
	}
	const outcome = await resendDelivery(sql, { endpointId: endpoint.id, deliveryId, now })
	if (!outcome.ok) throw REFUSALS[outcome.reason]()
	const created = outcome.delivery.createdAt.toISOString()
	return {
		id: outcome.delivery.id,
		event_id: outcome.delivery.eventId,
		event_type: outcome.delivery.eventType,
		attempt_count: 0,
		last_attempt_at: null,
		next_retry_at: created,
		status: 'pending',
		abandoned_reason: null,
		last_response_status: null,
		created_at: created,
		delivered_at: null
	}
}
