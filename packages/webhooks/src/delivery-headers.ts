import { MAX_ATTEMPTS } from './retry-schedule.ts'

/** SPEC: the User-Agent identifies the service, version 1. */
export const WEBHOOK_USER_AGENT = 'LicenceRegisterWebhooks/1'

export type DeliveryHeaderInput = {
	event: string
	eventId: string
	deliveryId: string
	/** 1 for the first delivery, 2–7 for retries. */
	attempt: number
	/** The same `t` that is inside `signature`. */
	unixSeconds: number
	signature: string
	/** Deliveries abandoned since the endpoint's last success; the header is sent only when above 0. */
	missedDeliveries: number
}

/** SPEC "Delivery request headers", exactly; sent on every attempt, retries included. */
export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
	if (!Number.isInteger(input.attempt) || input.attempt < 1 || input.attempt > MAX_ATTEMPTS) {
		throw new RangeError(`attempt must be 1–${MAX_ATTEMPTS}, got ${input.attempt}`)
	}
	const headers: Record<string, string> = {
		'Content-Type': 'application/json',
		'User-Agent': WEBHOOK_USER_AGENT,
		'X-Service-Event': input.event,
		'X-Service-Event-Id': input.eventId,
		'X-Service-Timestamp': String(input.unixSeconds),
		'X-Service-Delivery-Id': input.deliveryId,
		'X-Service-Attempt': String(input.attempt),
		'X-Service-Signature': input.signature
	}
	if (input.missedDeliveries > 0) headers['X-Service-Missed-Deliveries'] = String(input.missedDeliveries)
	return headers
}
