import type { GatewayClient } from './gateway-client.ts'
import type { GatewayProblem } from './gateway-problem.ts'

/** SPEC `POST /v1/webhooks/{id}/test` answer, as the webhooks page shows it. */
export type WebhookTestResult = {
	delivered: boolean
	httpStatus: number | null
	responseBody: string | null
	latencyMs: number
	error: string | null
}

export type WebhookTestOutcome = { ok: true; result: WebhookTestResult } | { ok: false; problem: GatewayProblem }

const intOrNull = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null)
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** Sends the gateway's test operation for one endpoint of the account: the same test.ping the API sends. */
export async function sendWebhookTest(client: GatewayClient, accountId: string, endpointId: string): Promise<WebhookTestOutcome> {
	const answer = await client.callAs(accountId, 'webhook_test', 'POST', `/v1/webhooks/${encodeURIComponent(endpointId)}/test`)
	if (!answer.ok) return answer
	const body = (await answer.response.json().catch(() => null)) as Record<string, unknown> | null
	if (body === null || typeof body.delivered !== 'boolean' || !Number.isInteger(body.latency_ms)) {
		return {
			ok: false,
			problem: {
				status: answer.response.status,
				message: 'The API gave an answer the dashboard does not understand.',
				code: null,
				reason: null,
				resetAt: null
			}
		}
	}
	return {
		ok: true,
		result: {
			delivered: body.delivered,
			httpStatus: intOrNull(body.http_status),
			responseBody: textOrNull(body.response_body),
			latencyMs: body.latency_ms as number,
			error: textOrNull(body.error)
		}
	}
}
