import type { EventEnvelope } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { type SecretKeyring, activeSecrets, decryptSecret } from '@lv/webhooks'
import type { ClaimedDelivery } from './claim-deliveries.ts'

export type EndpointForDelivery = {
	url: string
	missedDeliveries: number
	/** Plain secrets that sign at this moment, newest first; empty when none is active or readable. */
	secrets: string[]
	secretProblem: string | null
}

export type DeliveryContext = { endpoints: Map<string, EndpointForDelivery>; events: Map<string, EventEnvelope> }

/** A Postgres array literal; every value here is a uuid or an event id, neither needs quoting. */
const uuidArray = (ids: Iterable<string>) => `{${[...new Set(ids)].join(',')}}`

/** Everything the claimed attempts need, in three queries for the whole batch. */
export async function loadDeliveryContext(
	sql: Sql,
	claims: readonly ClaimedDelivery[],
	secretKeys: SecretKeyring,
	now: Date
): Promise<DeliveryContext> {
	const endpointIds = uuidArray(claims.map((claim) => claim.endpointId))
	const [endpointRows, secretRows, eventRows] = await Promise.all([
		sql<{ id: string; url: string; missed_deliveries: number }[]>`
			SELECT id, url, missed_deliveries FROM webhook_endpoints WHERE id = ANY (${endpointIds}::uuid[])`,
		sql<{ endpoint_id: string; ciphertext: Uint8Array; created_at: Date; expires_at: Date | null }[]>`
			SELECT endpoint_id, ciphertext, created_at, expires_at FROM webhook_secrets
			WHERE endpoint_id = ANY (${endpointIds}::uuid[])`,
		sql<{ event_id: string; payload: EventEnvelope }[]>`
			SELECT event_id, payload FROM events WHERE event_id = ANY (${uuidArray(claims.map((claim) => claim.eventId))}::text[])`
	])
	const endpoints = new Map<string, EndpointForDelivery>()
	for (const row of endpointRows) {
		const stored = secretRows.filter((secret) => secret.endpoint_id === row.id)
		let secrets: string[] = []
		let secretProblem: string | null = null
		try {
			secrets = activeSecrets(
				stored.map((secret) => ({ ciphertext: secret.ciphertext, createdAt: secret.created_at, expiresAt: secret.expires_at })),
				now
			).map((secret) => decryptSecret(secret.ciphertext, secretKeys, row.id))
			if (secrets.length === 0) secretProblem = 'no_active_secret: the endpoint has no unexpired signing secret'
		} catch (error) {
			secretProblem = `secret_unreadable: ${(error as Error).message}`
		}
		endpoints.set(row.id, { url: row.url, missedDeliveries: row.missed_deliveries, secrets, secretProblem })
	}
	const events = new Map(eventRows.map((row) => [row.event_id, row.payload]))
	return { endpoints, events }
}
