import type { Sql } from '@lv/db'
import { invalidQuery } from '@lv/errors'
import { plainInteger } from '../lookup/paging.ts'

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'abandoned'] as const
export type DeliveryStatusFilter = 'all' | (typeof DELIVERY_STATUSES)[number]

export type WebhookDelivery = {
	id: string
	event_id: string
	event_type: string
	attempt_count: number
	last_attempt_at: string | null
	next_retry_at: string
	status: (typeof DELIVERY_STATUSES)[number]
	last_response_status: number | null
	created_at: string
	delivered_at: string | null
}

export function parseDeliveriesQuery(query: { status?: string; limit?: string }): { status: DeliveryStatusFilter; limit: number } {
	const status = query.status ?? 'all'
	if (status !== 'all' && !(DELIVERY_STATUSES as readonly string[]).includes(status)) {
		throw invalidQuery('invalid_input', '`status` is one of all, pending, delivered, failed, abandoned.', 'status')
	}
	const limit = query.limit === undefined ? 100 : plainInteger(query.limit)
	if (limit === null || limit < 1 || limit > 200)
		throw invalidQuery('invalid_pagination', '`limit` must be an integer from 1 to 200.', 'limit')
	return { status: status as DeliveryStatusFilter, limit }
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
			last_response_status: number | null
			created_at: Date
			delivered_at: Date | null
		}[]
	>`
		SELECT id, event_id, event_type, attempt_count, last_attempt_at, next_retry_at, status, last_response_status, created_at, delivered_at
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
		last_response_status: row.last_response_status,
		created_at: row.created_at.toISOString(),
		delivered_at: row.delivered_at?.toISOString() ?? null
	}))
}
