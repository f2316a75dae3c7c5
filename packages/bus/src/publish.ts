import type { Static, TSchema } from '@sinclair/typebox'
import { SpanKind, inSpan } from '@lv/tracing'
import type { Bus } from './connect.ts'
import { encode } from './codec.ts'
import { traceHeaders } from './trace-headers.ts'

export type PublishResult = { seq: number; duplicate: boolean }

/**
 * Publishes a schema-checked body to a stream subject with Nats-Msg-Id set, so a re-send dedupes.
 * With tracing, the message carries the trace context of a `publish` span.
 */
export async function publish<S extends TSchema>(
	bus: Bus,
	schema: S,
	subject: string,
	body: Static<S>,
	msgId: string
): Promise<PublishResult> {
	const data = encode(schema, subject, body)
	return inSpan(`publish ${subject}`, { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } }, async () => {
		const ack = await bus.js.publish(subject, data, { msgID: msgId, headers: traceHeaders() })
		return { seq: ack.seq, duplicate: ack.duplicate }
	})
}

/** Fire-and-forget core publish (no stream), for broadcasts nobody must keep. */
export function broadcast<S extends TSchema>(bus: Bus, schema: S, subject: string, body: Static<S>): void {
	bus.nc.publish(subject, encode(schema, subject, body), { headers: traceHeaders() })
}
