import type { Static, TSchema } from '@sinclair/typebox'
import type { Bus } from './connect.ts'
import { encode } from './codec.ts'

export type PublishResult = { seq: number; duplicate: boolean }

/** Publishes a schema-checked body to a stream subject with Nats-Msg-Id set, so a re-send dedupes. */
export async function publish<S extends TSchema>(
	bus: Bus,
	schema: S,
	subject: string,
	body: Static<S>,
	msgId: string
): Promise<PublishResult> {
	const ack = await bus.js.publish(subject, encode(schema, subject, body), { msgID: msgId })
	return { seq: ack.seq, duplicate: ack.duplicate }
}

/** Fire-and-forget core publish (no stream), for broadcasts nobody must keep. */
export function broadcast<S extends TSchema>(bus: Bus, schema: S, subject: string, body: Static<S>): void {
	bus.nc.publish(subject, encode(schema, subject, body))
}
