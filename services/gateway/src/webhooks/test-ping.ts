import { ulid } from 'ulid'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { AppError } from '@lv/errors'
import { API_VERSION, TEST_EVENT_NAME, checkWebhookUrl, deliver, deliveryHeaders, responseExcerpt, signatureHeader } from '@lv/webhooks'
import { type EndpointRecord, activeSecretsOf } from './endpoint-store.ts'
import type { ResolvedWebhookSettings } from './webhook-settings.ts'

/** The receiver's answer is shown up to this many bytes (text only: packages/webhooks response-excerpt.ts). */
export const TEST_RESPONSE_BODY_BYTES = 256

export type TestPingResult = {
	delivered: boolean
	http_status: number | null
	response_body: string | null
	latency_ms: number
	error: string | null
}

/**
 * Sends a synthetic signed `test.ping` (livemode false) with every header of a real delivery, through
 * the same URL policy and pinned connection; writes no event and no delivery row. 409 no_active_secret
 * when the endpoint has no unexpired secret. Any receiver outcome is a 200 describing it.
 */
export async function sendTestPing(
	sql: Sql,
	settings: ResolvedWebhookSettings,
	clock: Clock,
	endpoint: EndpointRecord
): Promise<TestPingResult> {
	const now = clock.now()
	const secrets = await activeSecretsOf(sql, settings, endpoint.id, now)
	if (secrets.length === 0) {
		throw new AppError({
			status: 409,
			code: 'invalid_query',
			reason: 'no_active_secret',
			message: 'This endpoint has no unexpired signing secret.',
			extras: { suggestion: 'Rotate the secret to issue a new one.' }
		})
	}
	let checked: Awaited<ReturnType<typeof checkWebhookUrl>>
	try {
		checked = await checkWebhookUrl(endpoint.url, { resolve: settings.resolve, allowList: settings.allowList })
	} catch (error) {
		const reason = error instanceof AppError ? `${error.reason}: ${error.message}` : (error as Error).message
		return { delivered: false, http_status: null, response_body: null, latency_ms: 0, error: reason }
	}
	const eventId = `evt_${ulid(now.getTime())}`
	const body = JSON.stringify({
		event: TEST_EVENT_NAME,
		event_id: eventId,
		api_version: API_VERSION,
		timestamp: now.toISOString(),
		livemode: false,
		data: { endpoint_id: endpoint.id, message: 'Test ping sent from the webhook test operation.' }
	})
	const unixSeconds = Math.floor(now.getTime() / 1000)
	const headers = deliveryHeaders({
		event: TEST_EVENT_NAME,
		eventId,
		deliveryId: crypto.randomUUID(),
		attempt: 1,
		unixSeconds,
		signature: signatureHeader(body, secrets, unixSeconds),
		missedDeliveries: endpoint.missed_deliveries
	})
	// latency is measured on the system clock: it is a measurement, not business time
	const result = await deliver({ url: checked.url, address: checked.address, headers, body, maxResponseBytes: TEST_RESPONSE_BODY_BYTES })
	return {
		delivered: result.ok,
		http_status: result.status,
		response_body: responseExcerpt(result.body, result.contentType),
		latency_ms: result.latencyMs,
		error: result.error
	}
}
