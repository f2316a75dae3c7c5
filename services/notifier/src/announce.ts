import { type Bus, publish } from '@lv/bus'
import { EventEnvelope, subjects } from '@lv/contracts'
import type { Logger } from '@lv/logger'

/**
 * Publishes events the notifier emitted itself (already recorded and fanned out in their own
 * transaction) to EVENTS, with Nats-Msg-Id = event_id, so other consumers see them too.
 * When this replica's own consumer receives them back, the event_id is known and nothing repeats.
 * A failed publish loses nothing the notifier serves; it is logged.
 */
export async function announce(bus: Bus | undefined, envelopes: readonly EventEnvelope[], logger: Logger): Promise<void> {
	if (bus === undefined) return
	for (const envelope of envelopes) {
		try {
			await publish(bus, EventEnvelope, subjects.event(envelope.event), envelope, envelope.event_id)
		} catch (error) {
			logger.warn('emitted event not published to EVENTS', { event_id: envelope.event_id, error })
		}
	}
}
