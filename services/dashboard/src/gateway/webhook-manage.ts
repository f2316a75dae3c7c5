import type { GatewayClient } from './gateway-client.ts'
import type { GatewayProblem } from './gateway-problem.ts'

/** The webhook operations of the API, called as the account: the URL policy, plan caps and errors are the API's own. */
export type Managed<T> = { ok: true; value: T } | { ok: false; problem: GatewayProblem }

export type EndpointInput = { url?: string; events?: string[]; description?: string | null; watchlist_only?: boolean; active?: boolean }

export type Delivery = {
	id: string
	event: string
	status: string
	/** Why an abandoned delivery ended (`attempts_exhausted`, `event_withdrawn`); null otherwise. */
	abandonedReason: string | null
	attempts: number
	nextAttemptAt: string | null
	responseStatus: number | null
	createdAt: string | null
}

const path = (id: string, rest = '') => `/v1/webhooks/${encodeURIComponent(id)}${rest}`

async function call<T>(answer: ReturnType<GatewayClient['callAs']>, read: (body: Record<string, unknown>) => T): Promise<Managed<T>> {
	const outcome = await answer
	if (!outcome.ok) return outcome
	const body = outcome.response.status === 204 ? {} : ((await outcome.response.json().catch(() => ({}))) as Record<string, unknown>)
	return { ok: true, value: read(body) }
}

const secretOf = (body: Record<string, unknown>) => (typeof body.secret === 'string' ? body.secret : '')
const text = (value: unknown) => (typeof value === 'string' ? value : null)
const int = (value: unknown) => (Number.isInteger(value) ? (value as number) : null)

export const webhookManager = (client: GatewayClient, accountId: string) => ({
	create: (input: EndpointInput) =>
		call(client.callAs(accountId, 'webhook_manage', 'POST', '/v1/webhooks', input), (body) => ({
			id: String(body.id ?? ''),
			secret: secretOf(body)
		})),
	update: (id: string, input: EndpointInput) => call(client.callAs(accountId, 'webhook_manage', 'PATCH', path(id), input), () => null),
	remove: (id: string) => call(client.callAs(accountId, 'webhook_manage', 'DELETE', path(id)), () => null),
	rotate: (id: string) =>
		call(client.callAs(accountId, 'webhook_manage', 'POST', path(id, '/rotate_secret')), (body) => ({ secret: secretOf(body) })),
	resend: (id: string, deliveryId: string) =>
		call(client.callAs(accountId, 'webhook_manage', 'POST', path(id, `/deliveries/${encodeURIComponent(deliveryId)}/resend`)), () => null),
	deliveries: (id: string) =>
		call(client.callAs(accountId, 'webhook_manage', 'GET', path(id, '/deliveries')), (body) =>
			(Array.isArray(body.deliveries) ? (body.deliveries as Record<string, unknown>[]) : []).map(
				(row): Delivery => ({
					id: String(row.id ?? ''),
					event: String(row.event_type ?? ''),
					status: String(row.status ?? ''),
					abandonedReason: text(row.abandoned_reason),
					attempts: int(row.attempt_count) ?? 0,
					nextAttemptAt: text(row.next_retry_at),
					responseStatus: int(row.last_response_status),
					createdAt: text(row.created_at)
				})
			)
		)
})
