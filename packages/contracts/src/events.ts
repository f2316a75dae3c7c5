import { type Static, Type } from '@sinclair/typebox'

export const API_VERSION = '2026-04-20'

export const EVENT_NAMES = [
	'license.status_changed',
	'license.expiring_30d',
	'license.expiring_60d',
	'license.expiring_90d',
	'license.expired',
	'license.issued',
	'regulatory_action.added',
	'coverage.degraded',
	'coverage.restored',
	'webhook.endpoint_degraded'
] as const
export type EventName = (typeof EVENT_NAMES)[number]
export const TEST_EVENT_NAME = 'test.ping'

export const isEventName = (value: unknown): value is EventName =>
	typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value)

/** SPEC "Envelope": the body of every event on the EVENTS stream, every webhook and every feed item. */
export const EventEnvelope = Type.Object({
	event: Type.String(),
	event_id: Type.String({ pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$' }),
	api_version: Type.Literal(API_VERSION),
	timestamp: Type.String({ format: 'date-time' }),
	livemode: Type.Boolean(),
	data: Type.Record(Type.String(), Type.Unknown())
})
export type EventEnvelope = Static<typeof EventEnvelope>

/** The envelope with its fields in SPEC order (jsonb storage reorders keys); used for feed items and delivery bodies. */
export const inEnvelopeOrder = (envelope: EventEnvelope): EventEnvelope => ({
	event: envelope.event,
	event_id: envelope.event_id,
	api_version: envelope.api_version,
	timestamp: envelope.timestamp,
	livemode: envelope.livemode,
	data: envelope.data
})
