import type { Sql, TransactionSql } from '@lv/db'

/**
 * The notifier's webhook deliveries as others read them: the gateway lists an endpoint's deliveries and
 * removes them with the endpoint (table webhook_deliveries belongs to the notifier).
 */

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'abandoned'] as const
export type DeliveryStatusFilter = 'all' | (typeof DELIVERY_STATUSES)[number]
/** Why an abandoned delivery ended: every attempt failed, or its event was withdrawn before its next attempt (ADR 0102). */
export type AbandonedReason = 'attempts_exhausted' | 'event_withdrawn'

export type WebhookDelivery = {
	id: string
	event_id: string
	event_type: string
	attempt_count: number
	last_attempt_at: string | null
	next_retry_at: string
	status: (typeof DELIVERY_STATUSES)[number]
	/** Set on abandoned deliveries only. */
	abandoned_reason: AbandonedReason | null
	last_response_status: number | null
	created_at: string
	delivered_at: string | null
}

/** The endpoint's deliveries, newest first. */
export async function listDeliveries(
	sql: Sql,
	endpointId: string,
	filter: { status: DeliveryStatusFilter; limit: number }
): Promise<WebhookDelivery[]> {
	const rows = await sql<
		{
			id: string
			event_id: string
			event_type: string
			attempt_count: number
			last_attempt_at: Date | null
			next_retry_at: Date
			status: WebhookDelivery['status']
			abandoned_reason: AbandonedReason | null
			last_response_status: number | null
			created_at: Date
			delivered_at: Date | null
		}[]
	>`
		SELECT id, event_id, event_type, attempt_count, last_attempt_at, next_retry_at, status, abandoned_reason, last_response_status,
			created_at, delivered_at
		FROM webhook_deliveries
		WHERE endpoint_id = ${endpointId} AND (${filter.status} = 'all' OR status = ${filter.status})
		ORDER BY created_at DESC, id DESC
		LIMIT ${filter.limit}`
	return rows.map((row) => ({
		id: row.id,
		event_id: row.event_id,
		event_type: row.event_type,
		attempt_count: row.attempt_count,
		last_attempt_at: row.last_attempt_at?.toISOString() ?? null,
		next_retry_at: row.next_retry_at.toISOString(),
		status: row.status,
		abandoned_reason: row.abandoned_reason,
		last_response_status: row.last_response_status,
		created_at: row.created_at.toISOString(),
		delivered_at: row.delivered_at?.toISOString() ?? null
	}))
}

/** Removes every delivery of the endpoint, pending ones included; run inside the endpoint's deletion. */
export async function deleteEndpointDeliveries(tx: TransactionSql, endpointId: string): Promise<void> {
	await tx`DELETE FROM webhook_deliveries WHERE endpoint_id = ${endpointId}`
}
