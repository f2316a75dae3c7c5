import { ulid } from 'ulid'
import { API_VERSION, type EventEnvelope, type EventName } from '@lv/contracts'

/** A production envelope emitted by the notifier itself (`livemode` true; only test.ping is false). */
export function newEvent(event: EventName, data: Record<string, unknown>, emittedAt: Date): EventEnvelope {
	return {
		event,
		event_id: `evt_${ulid(emittedAt.getTime())}`,
		api_version: API_VERSION,
		timestamp: emittedAt.toISOString(),
		livemode: true,
		data
	}
}
