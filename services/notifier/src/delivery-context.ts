import type { EventEnvelope } from '@lv/contracts'
import { type Sql, arrayLiteral } from '@lv/db'
import { endpointTargets, secretsOfEndpoints } from '@lv/subscription-store'
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

/** Everything the claimed attempts need, in three queries for the whole batch. */
export async function loadDeliveryContext(
	sql: Sql,
	claims: readonly ClaimedDelivery[],
	secretKeys: SecretKeyring,
	now: Date
): Promise<DeliveryContext> {
	const endpointIds = claims.map((claim) => claim.endpointId)
	const [endpointRows, secretRows, eventRows] = await Promise.all([
		endpointTargets(sql, endpointIds),
		secretsOfEndpoints(sql, endpointIds),
		sql<{ event_id: string; payload: EventEnvelope }[]>`
			SELECT event_id, payload FROM events WHERE event_id = ANY (${arrayLiteral(claims.map((claim) => claim.eventId))}::text[])`
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
