import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { HOUR, MINUTE, SECOND } from '@lv/clock'
import { MAX_ATTEMPTS, nextAttemptAt, retryDelayMs } from './retry-schedule.ts'

const LAST = new Date('2026-11-01T00:00:00.000Z')
const BASES: [attemptsMade: number, baseMs: number][] = [
	[1, 30 * SECOND],
	[2, 2 * MINUTE],
	[3, 10 * MINUTE],
	[4, HOUR],
	[5, 6 * HOUR],
	[6, 24 * HOUR]
]
const fixed = (value: number) => () => value

describe('nextAttemptAt', () => {
	for (const [attemptsMade, base] of BASES) {
		test(`after attempt ${attemptsMade} the delay is ${base / 1000} s ±20 %: 0.8× at random 0, 1× at 0.5, 1.2× at 1`, () => {
			expect(nextAttemptAt(attemptsMade, LAST, fixed(0))?.getTime()).toBe(LAST.getTime() + Math.round(base * 0.8))
			expect(nextAttemptAt(attemptsMade, LAST, fixed(0.5))?.getTime()).toBe(LAST.getTime() + base)
			expect(nextAttemptAt(attemptsMade, LAST, fixed(1))?.getTime()).toBe(LAST.getTime() + Math.round(base * 1.2))
		})

		test(`after attempt ${attemptsMade} every random draw on a 10,001-step sweep stays within ±20 % and grows with the draw`, () => {
			let previous = -1
			for (let step = 0; step <= 10_000; step++) {
				const delay = retryDelayMs(attemptsMade, fixed(step / 10_000)) as number
				expect(delay).toBeGreaterThanOrEqual(Math.round(base * 0.8))
				expect(delay).toBeLessThanOrEqual(Math.round(base * 1.2))
				expect(delay).toBeGreaterThanOrEqual(previous)
				previous = delay
			}
		})
	}

	test('the jittered windows of consecutive attempts never overlap, so retries only back off', () => {
		for (let index = 1; index < BASES.length; index++) {
			const [, lower] = BASES[index - 1] as [number, number]
			const [, upper] = BASES[index] as [number, number]
			expect(upper * 0.8).toBeGreaterThan(lower * 1.2)
		}
	})

	test('after the 7th attempt there is no next attempt (abandoned)', () => {
		expect(MAX_ATTEMPTS).toBe(7)
		expect(nextAttemptAt(7, LAST, fixed(0.5))).toBeNull()
		expect(nextAttemptAt(8, LAST, fixed(0.5))).toBeNull()
	})

	test('attempt counts below 1 or fractional are programming errors', () => {
		for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => nextAttemptAt(bad, LAST, fixed(0.5))).toThrow(RangeError)
	})

	test('a random source outside [0, 1] is refused rather than producing an out-of-bounds delay', () => {
		for (const bad of [-0.1, 1.1, Number.NaN]) expect(() => nextAttemptAt(1, LAST, fixed(bad))).toThrow(RangeError)
	})

	test('property: for any draw in [0, 1) and any attempt 1–6 the next attempt is within ±20 % of the base delay', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 6 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attemptsMade, draw) => {
				const [, base] = BASES[attemptsMade - 1] as [number, number]
				const due = nextAttemptAt(attemptsMade, LAST, fixed(draw)) as Date
				const delay = due.getTime() - LAST.getTime()
				return delay >= Math.round(base * 0.8) && delay <= Math.round(base * 1.2)
			})
		)
	})

	test('with the default Math.random source the delay is still within bounds', () => {
		for (let run = 0; run < 1000; run++) {
			const delay = retryDelayMs(1) as number
			expect(delay).toBeGreaterThanOrEqual(24 * SECOND)
			expect(delay).toBeLessThanOrEqual(36 * SECOND)
		}
	})
})
