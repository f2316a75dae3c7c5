import { expect, test } from 'bun:test'
import { DAY, HOUR, TestClock, systemClock } from './index.ts'

test('a test clock stands still until moved', () => {
	const clock = new TestClock('2026-11-01T00:00:00.000Z')
	expect(clock.now().toISOString()).toBe('2026-11-01T00:00:00.000Z')
	expect(clock.nowMs()).toBe(clock.now().getTime())
	clock.advanceHours(25)
	expect(clock.now().toISOString()).toBe('2026-11-02T01:00:00.000Z')
	clock.advance(DAY - HOUR)
	expect(clock.now().toISOString()).toBe('2026-11-03T00:00:00.000Z')
	clock.set('2027-01-01T00:00:00Z')
	expect(clock.nowMs()).toBe(Date.UTC(2027, 0, 1))
})

test('the system clock follows real time', () => {
	const before = Date.now()
	const now = systemClock.nowMs()
	expect(now).toBeGreaterThanOrEqual(before)
	expect(now).toBeLessThanOrEqual(Date.now())
})
