import { JetStreamApiError } from '@nats-io/jetstream'
import { ClosedConnectionError, DrainingConnectionError } from '@nats-io/nats-core'
import type { Static, TSchema } from '@sinclair/typebox'
import { SpanKind, inSpan } from '@lv/tracing'
import type { Bus } from './connect.ts'
import { encode } from './codec.ts'
import { traceHeaders } from './trace-headers.ts'

export type PublishResult = { seq: number; duplicate: boolean }

export type PublishRetry = { deadlineMs: number; firstDelayMs: number; maxDelayMs: number }

/** Long enough to ride through a cluster node's loss (reconnect plus a stream leader election). */
export const DEFAULT_PUBLISH_RETRY: PublishRetry = { deadlineMs: 30_000, firstDelayMs: 100, maxDelayMs: 2_000 }

/**
 * Whether a failed JetStream call (a publish, a consumer set-up) may succeed if sent again: timeouts,
 * no responders while a leader is elected, a lost connection and JetStream 5xx are; a closed or
 * draining connection and a JetStream 4xx (the request itself is wrong) are not.
 */
export function isRetryableNatsError(error: unknown): boolean {
	if (error instanceof ClosedConnectionError || error instanceof DrainingConnectionError) return false
	if (error instanceof JetStreamApiError) return error.status >= 500
	return true
}

/**
 * Publishes a schema-checked body to a stream subject with Nats-Msg-Id set. A failure worth retrying
 * is sent again with the same Nats-Msg-Id until `retry.deadlineMs`, so the stream stores it once
 * even when an earlier attempt was stored but its ack lost. With tracing, the message carries the
 * trace context of a `publish` span.
 */
export async function publish<S extends TSchema>(
	bus: Bus,
	schema: S,
	subject: string,
	body: Static<S>,
	msgId: string,
	retry: PublishRetry = DEFAULT_PUBLISH_RETRY
): Promise<PublishResult> {
	const data = encode(schema, subject, body)
	return inSpan(
		`publish ${subject}`,
		{ kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
		async () => {
			const headers = traceHeaders()
			const deadline = Date.now() + retry.deadlineMs
			for (let delayMs = retry.firstDelayMs; ; delayMs = Math.min(delayMs * 2, retry.maxDelayMs)) {
				try {
					const ack = await bus.js.publish(subject, data, { msgID: msgId, headers })
					return { seq: ack.seq, duplicate: ack.duplicate }
				} catch (error) {
					if (!isRetryableNatsError(error) || Date.now() + delayMs > deadline) throw error
					await Bun.sleep(delayMs)
				}
			}
		}
	)
}

/** Fire-and-forget core publish (no stream), for broadcasts nobody must keep. */
export function broadcast<S extends TSchema>(bus: Bus, schema: S, subject: string, body: Static<S>): void {
	bus.nc.publish(subject, encode(schema, subject, body), { headers: traceHeaders() })
}
