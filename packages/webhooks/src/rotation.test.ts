import { describe, expect, test } from 'bun:test'
import { DAY, TestClock } from '@lv/clock'
import { activeSecrets, rotationExpiry } from './rotation.ts'

describe('rotation', () => {
	test('rotationExpiry is exactly 7 days after now', () => {
		const now = new Date('2026-11-01T12:00:00.000Z')
		expect(rotationExpiry(now).toISOString()).toBe('2026-11-08T12:00:00.000Z')
	})

	test('both secrets sign during the overlap, newest first, and only the new one after day 7', () => {
		const clock = new TestClock('2026-11-01T00:00:00.000Z')
		const old = { id: 'a', secret: 'whsec_old', createdAt: new Date('2026-10-01T00:00:00.000Z'), expiresAt: rotationExpiry(clock.now()) }
		const fresh = { id: 'b', secret: 'whsec_new', createdAt: clock.now(), expiresAt: null }
		const secrets = [old, fresh]

		expect(activeSecrets(secrets, clock.now()).map((s) => s.id)).toEqual(['b', 'a'])
		clock.advance(7 * DAY - 1)
		expect(activeSecrets(secrets, clock.now()).map((s) => s.id)).toEqual(['b', 'a'])
		clock.advance(1)
		expect(activeSecrets(secrets, clock.now()).map((s) => s.id)).toEqual(['b'])
	})

	test('an endpoint whose only secret expired has no active secret', () => {
		const now = new Date('2026-11-01T00:00:00.000Z')
		expect(activeSecrets([{ secret: 'whsec_x', createdAt: new Date(0), expiresAt: now }], now)).toEqual([])
	})
})
