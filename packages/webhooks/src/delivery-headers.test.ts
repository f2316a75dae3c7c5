import { describe, expect, test } from 'bun:test'
import { WEBHOOK_USER_AGENT, deliveryHeaders } from './delivery-headers.ts'

const INPUT = {
	event: 'license.status_changed',
	eventId: 'evt_01JABCDEFGHJKMNPQRSTVWXYZ0',
	deliveryId: '0d6c1a4e-8f43-4c8e-9a51-3b7e2f1d9c20',
	attempt: 1,
	unixSeconds: 1_793_491_200,
	signature: 't=1793491200,v1=abc',
	missedDeliveries: 0
}

describe('deliveryHeaders', () => {
	test('produces exactly the SPEC header set without the missed-deliveries header when none were missed', () => {
		expect(deliveryHeaders(INPUT)).toEqual({
			'Content-Type': 'application/json',
			'User-Agent': 'LicenceRegisterWebhooks/1',
			'X-Service-Event': 'license.status_changed',
			'X-Service-Event-Id': 'evt_01JABCDEFGHJKMNPQRSTVWXYZ0',
			'X-Service-Timestamp': '1793491200',
			'X-Service-Delivery-Id': '0d6c1a4e-8f43-4c8e-9a51-3b7e2f1d9c20',
			'X-Service-Attempt': '1',
			'X-Service-Signature': 't=1793491200,v1=abc'
		})
	})

	test('adds X-Service-Missed-Deliveries: N when N > 0', () => {
		expect(deliveryHeaders({ ...INPUT, attempt: 3, missedDeliveries: 4 })).toMatchObject({
			'X-Service-Attempt': '3',
			'X-Service-Missed-Deliveries': '4'
		})
	})

	test('the User-Agent names the service and version 1', () => {
		expect(WEBHOOK_USER_AGENT).toMatch(/\/1$/)
	})

	test('attempt numbers outside 1–7 are refused', () => {
		for (const attempt of [0, 8, 2.5]) expect(() => deliveryHeaders({ ...INPUT, attempt })).toThrow(RangeError)
		expect(deliveryHeaders({ ...INPUT, attempt: 7 })['X-Service-Attempt']).toBe('7')
	})
})
