import { describe, expect, test } from 'bun:test'
import { EMITTED_EVENT_NAMES, EVENT_NAMES, RESERVED_EVENT_NAMES, TEST_EVENT_NAME, isEventName } from './events.ts'

describe('event names', () => {
	test('are the ten names of SPEC "Events"', () => {
		expect([...EVENT_NAMES].sort() as string[]).toEqual(
			[
				'coverage.degraded',
				'coverage.restored',
				'license.expired',
				'license.expiring_30d',
				'license.expiring_60d',
				'license.expiring_90d',
				'license.issued',
				'license.status_changed',
				'regulatory_action.added',
				'webhook.endpoint_degraded'
			].sort()
		)
	})

	test('nine are emitted and webhook.endpoint_degraded is reserved', () => {
		expect(EMITTED_EVENT_NAMES).toHaveLength(9)
		expect(RESERVED_EVENT_NAMES).toEqual(['webhook.endpoint_degraded'])
		expect(EMITTED_EVENT_NAMES).not.toContain('webhook.endpoint_degraded')
	})

	test('isEventName accepts the reserved name but not test.ping or near misses', () => {
		expect(isEventName('webhook.endpoint_degraded')).toBe(true)
		expect(TEST_EVENT_NAME).toBe('test.ping')
		for (const bad of ['test.ping', 'license.*', 'License.issued', 'license.expiring_45d', '', 42]) expect(isEventName(bad)).toBe(false)
	})
})
