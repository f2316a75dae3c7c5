import { API_VERSION, type EventEnvelope, type EventName } from '@lv/contracts'
import type { OutboxRow } from './types.ts'

/** A SPEC event envelope ready for the outbox; `timestamp` is when the event is emitted (the run's time). */
export function outboxEvent(name: EventName, eventId: string, emittedAt: Date, data: Record<string, unknown>): OutboxRow {
	const envelope: EventEnvelope = {
		event: name,
		event_id: eventId,
		api_version: API_VERSION,
		timestamp: emittedAt.toISOString(),
		livemode: true,
		data
	}
	return { eventId, eventName: name, payload: envelope }
}
