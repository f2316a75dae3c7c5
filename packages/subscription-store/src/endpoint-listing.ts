import type { Sql } from '@lv/db'

export type EndpointListing = {
	id: string
	url: string
	description: string | null
	events: string[]
	active: boolean
	lastDeliveredAt: Date | null
	lastDeliveryStatus: string | null
	failureCount: number
}

/** The account's webhook endpoints with their delivery state, oldest first (the dashboard's webhooks page). */
export async function listWebhookEndpoints(sql: Sql, accountId: string): Promise<EndpointListing[]> {
	const rows = await sql<
		{
			id: string
			url: string
			description: string | null
			events: string[]
			active: boolean
			last_delivered_at: Date | null
			last_delivery_status: string | null
			failure_count: number
		}[]
	>`
		SELECT id, url, description, events, active, last_delivered_at, last_delivery_status, failure_count
		FROM webhook_endpoints WHERE account_id = ${accountId} ORDER BY created_at, id`
	return rows.map((row) => ({
		id: row.id,
		url: row.url,
		description: row.description,
		events: row.events,
		active: row.active,
		lastDeliveredAt: row.last_delivered_at,
		lastDeliveryStatus: row.last_delivery_status,
		failureCount: row.failure_count
	}))
}
