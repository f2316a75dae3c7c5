import { type Sql, arrayLiteral } from '@lv/db'

/**
 * Webhook endpoints and their secrets as the notifier reads them to deliver (tables webhook_endpoints
 * and webhook_secrets belong to the gateway, whose API manages them).
 */

export type EndpointTarget = { id: string; url: string; missed_deliveries: number }

export const endpointTargets = (sql: Sql, endpointIds: Iterable<string>) =>
	sql<EndpointTarget[]>`SELECT id, url, missed_deliveries FROM webhook_endpoints WHERE id = ANY (${arrayLiteral(endpointIds)}::uuid[])`

export type StoredSecret = { endpoint_id: string; ciphertext: Uint8Array; created_at: Date; expires_at: Date | null }

/** Every stored secret of the endpoints, still encrypted. */
export const secretsOfEndpoints = (sql: Sql, endpointIds: Iterable<string>) =>
	sql<StoredSecret[]>`
		SELECT endpoint_id, ciphertext, created_at, expires_at FROM webhook_secrets
		WHERE endpoint_id = ANY (${arrayLiteral(endpointIds)}::uuid[])`

/** How many endpoints are active and how many disabled. */
export async function countEndpointsByState(sql: Sql): Promise<{ active: number; disabled: number }> {
	const [row] = await sql<{ active: number; disabled: number }[]>`
		SELECT count(*) FILTER (WHERE active)::int AS active, count(*) FILTER (WHERE NOT active)::int AS disabled FROM webhook_endpoints`
	return row ?? { active: 0, disabled: 0 }
}
