import { accountIdsWithActivePlan } from '@lv/accounts'
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

/**
 * The ids of the endpoints an event goes to, as a subquery (column `id`) for the notifier's fan-out
 * insert: active, of an account whose plan is active (a cancelled account is sent nothing new: the
 * service it paid for has ended, and its own calls to switch endpoints off are 402), listing the event
 * name and, for an operator event, either not `watchlist_only` or belonging to an account whose
 * watchlist holds the operator. Each is locked as the delivery's foreign key will
 * lock it: an endpoint whose deletion is under way is waited for and then left out, instead of failing the insert.
 */
export const endpointsSubscribedTo = (sql: Sql, event: { name: string; operatorScoped: boolean; operatorId: string | null }) => sql`
	SELECT w.id FROM webhook_endpoints w
	WHERE w.active AND ${event.name} = ANY (w.events)
		AND w.account_id IN (${accountIdsWithActivePlan(sql)})
		AND (
			NOT ${event.operatorScoped}::boolean
			OR NOT w.watchlist_only
			OR EXISTS (SELECT 1 FROM watchlist_entries e WHERE e.account_id = w.account_id AND e.operator_id = ${event.operatorId}::uuid)
		)
	FOR KEY SHARE OF w`

/** The operators on the account's watchlist, as a subquery (column `operator_id`). */
export const watchedOperatorIds = (sql: Sql, accountId: string) =>
	sql`SELECT w.operator_id FROM watchlist_entries w WHERE w.account_id = ${accountId}`

/** The account's webhook endpoints, as a subquery (column `id`). */
export const endpointIdsOf = (sql: Sql, accountId: string) => sql`SELECT p.id FROM webhook_endpoints p WHERE p.account_id = ${accountId}`
