import type { Clock, StartTimer } from '@lv/clock'
import type { EventEnvelope } from '@lv/contracts'
import { AppError } from '@lv/errors'
import {
	type AllowList,
	DELIVERY_TIMEOUT_MS,
	type Resolve,
	checkWebhookUrl,
	deliver,
	deliveryHeaders,
	resolveWithin,
	signatureHeader,
	systemResolve
} from '@lv/webhooks'
import type { ClaimedDelivery } from './claim-deliveries.ts'
import type { EndpointForDelivery } from './delivery-context.ts'
import type { AttemptResult } from './delivery-outcome.ts'
import { envelopeBody } from './event-scope.ts'

export type AttemptOptions = {
	clock: Clock
	allowList: AllowList
	resolve?: Resolve
	timeoutMs?: number
	/** The timer of that timeout: real timers when absent, tests fire theirs by hand. */
	startTimer?: StartTimer
	maxResponseBytes?: number
	ca?: string | readonly string[]
}

/**
 * One attempt: the URL policy runs again (the name is resolved now and the connection is pinned to
 * the address just checked), the body is signed with every active secret, and every SPEC header is sent.
 * The name's resolution and the request share the one per-attempt timeout (SPEC: a DNS failure is a failed attempt),
 * measured on the real clock like the request's own deadline. Any refusal before the request counts as a failed
 * attempt; nothing here throws.
 */
export async function attemptDelivery(
	claim: ClaimedDelivery,
	endpoint: EndpointForDelivery | undefined,
	envelope: EventEnvelope | undefined,
	options: AttemptOptions
): Promise<AttemptResult> {
	if (endpoint === undefined) return { ok: false, status: null, error: 'endpoint_removed' }
	if (envelope === undefined) return { ok: false, status: null, error: 'event_expired: the event is past its 30-day retention' }
	if (endpoint.secrets.length === 0) return { ok: false, status: null, error: endpoint.secretProblem ?? 'no_active_secret' }

	const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS
	const startedMs = performance.now()
	let checked: Awaited<ReturnType<typeof checkWebhookUrl>>
	try {
		const resolve = resolveWithin(options.resolve ?? systemResolve, timeoutMs, options.startTimer)
		checked = await checkWebhookUrl(endpoint.url, { resolve, allowList: options.allowList })
	} catch (error) {
		if (error instanceof AppError) return { ok: false, status: null, error: `url_policy: ${error.reason}: ${error.message}` }
		return { ok: false, status: null, error: `url_policy: ${(error as Error).message}` }
	}

	const body = envelopeBody(envelope)
	const unixSeconds = Math.floor(options.clock.nowMs() / 1000)
	const headers = deliveryHeaders({
		event: envelope.event,
		eventId: envelope.event_id,
		deliveryId: claim.id,
		attempt: claim.attempt,
		unixSeconds,
		signature: signatureHeader(body, endpoint.secrets, unixSeconds),
		missedDeliveries: endpoint.missedDeliveries
	})
	const result = await deliver({
		url: checked.url,
		address: checked.address,
		headers,
		body,
		timeoutMs: Math.max(1, Math.round(timeoutMs - (performance.now() - startedMs))),
		maxResponseBytes: options.maxResponseBytes,
		ca: options.ca,
		clock: options.clock,
		startTimer: options.startTimer
	})
	if (result.ok) return { ok: true, status: result.status, error: null }
	return { ok: false, status: result.status, error: result.error ?? `receiver answered ${result.status}` }
}
