import { type Bus, type Consumption, consume } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { EventEnvelope, NOTIFIER_EVENTS_CONSUMER } from '@lv/contracts'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import type { NotifierMetrics } from './metrics.ts'
import { recordEvent } from './record-event.ts'

export type EventsConsumerOptions = {
	bus: Bus
	sql: Sql
	clock: Clock
	logger: Logger
	/** Called after a commit that created delivery rows. */
	onDeliveriesQueued?: () => void
	metrics?: NotifierMetrics
	/** How long one pull waits at the server: DEFAULT_PULL_EXPIRES_MS when absent; tests shorten it to notice a deleted durable sooner. */
	pullExpiresMs?: number
}

/**
 * The notifier's one durable consumer on EVENTS, shared by every replica. A message is acked only
 * after the event and its delivery rows are committed; a database failure naks it for redelivery,
 * and a body that is not a SPEC envelope is terminated. A durable created again (ADR 0087) reads EVENTS from its
 * start: an event still kept is known by its event_id and adds nothing, one past retention is not recorded (ADR 0102).
 */
export function startEventsConsumer(options: EventsConsumerOptions): Promise<Consumption> {
	const { sql, clock, logger } = options
	return consume(options.bus, {
		consumer: NOTIFIER_EVENTS_CONSUMER,
		schema: EventEnvelope,
		logger,
		defaultRetryMs: 2_000,
		maxMessages: 64,
		pullExpiresMs: options.pullExpiresMs,
		handler: async (envelope) => {
			const outcome = await recordEvent(sql, envelope, clock.now())
			options.metrics?.consumed(envelope.event)
			if (outcome.pastRetention) {
				logger.warn('event emitted before the 30 days events are kept; not recorded', {
					event_id: envelope.event_id,
					timestamp: envelope.timestamp
				})
			}
			if (outcome.deliveries > 0) options.onDeliveriesQueued?.()
		}
	})
}
