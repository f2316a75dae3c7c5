import { type EventEnvelope, inEnvelopeOrder } from '@lv/contracts'

/**
 * Tenant-scoped events concern one operator and honour an endpoint's `watchlist_only`;
 * global events (`coverage.*`, `webhook.endpoint_degraded`) ignore it.
 */
export const isOperatorEvent = (name: string): boolean => name.startsWith('license.') || name.startsWith('regulatory_action.')

export type EventKeys = { operatorId: string | null; licenseId: string | null; historyId: string | null }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const uuidField = (data: Record<string, unknown>, key: string): string | null => {
	const value = data[key]
	return typeof value === 'string' && UUID.test(value.toLowerCase()) ? value.toLowerCase() : null
}

/** The ids the notifier indexes an event by, read from `data` (`operator_id`, `license_id`, `history_id`). */
export const eventKeys = (envelope: EventEnvelope): EventKeys => ({
	operatorId: uuidField(envelope.data, 'operator_id'),
	licenseId: uuidField(envelope.data, 'license_id'),
	historyId: uuidField(envelope.data, 'history_id')
})

/** The delivery body: the envelope with its fields in SPEC order, serialised once per attempt. */
export const envelopeBody = (envelope: EventEnvelope): string => JSON.stringify(inEnvelopeOrder(envelope))
