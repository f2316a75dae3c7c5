import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { epochSeconds, fixedWindow, hourWindow, secondWindow, secondsUntil, utcDayWindow, utcMonthWindow } from './windows.ts'

const at = (iso: string) => new Date(iso).getTime()
const iso = (ms: number) => new Date(ms).toISOString()

describe('limit windows', () => {
	test('the per-second window starts on the whole second and resets on the next', () => {
		const window = secondWindow(at('2026-11-05T10:20:30.999Z'))
		expect([iso(window.startMs), iso(window.resetMs)]).toEqual(['2026-11-05T10:20:30.000Z', '2026-11-05T10:20:31.000Z'])
	})

	test('the keyless window is the UTC clock hour, not the hour since the first call', () => {
		const window = hourWindow(at('2026-11-05T10:59:59.999Z'))
		expect([iso(window.startMs), iso(window.resetMs)]).toEqual(['2026-11-05T10:00:00.000Z', '2026-11-05T11:00:00.000Z'])
	})

	test('the trial day runs 00:00 to 00:00 UTC', () => {
		const window = utcDayWindow(at('2026-11-05T23:59:59.000Z'))
		expect([iso(window.startMs), iso(window.resetMs)]).toEqual(['2026-11-05T00:00:00.000Z', '2026-11-06T00:00:00.000Z'])
	})

	test('the monthly window resets at 00:00 UTC on the 1st, across a year end and in February', () => {
		const december = utcMonthWindow(at('2026-12-31T23:59:59.999Z'))
		expect([iso(december.startMs), iso(december.resetMs)]).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'])
		const february = utcMonthWindow(at('2028-02-29T12:00:00.000Z'))
		expect([iso(february.startMs), iso(february.resetMs)]).toEqual(['2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'])
	})

	test('the month remembered from the last call is not the answer for an instant in another month', () => {
		const edges = ['2026-11-30T23:59:59.999Z', '2026-12-01T00:00:00.000Z', '2026-11-30T23:59:59.999Z', '2026-10-31T23:59:59.999Z']
		expect(edges.map((instant) => iso(utcMonthWindow(at(instant)).startMs))).toEqual([
			'2026-11-01T00:00:00.000Z',
			'2026-12-01T00:00:00.000Z',
			'2026-11-01T00:00:00.000Z',
			'2026-10-01T00:00:00.000Z'
		])
	})

	test('every window contains the instant it was computed for', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (nowMs) => {
				for (const window of [secondWindow(nowMs), hourWindow(nowMs), utcDayWindow(nowMs), utcMonthWindow(nowMs)]) {
					expect(window.startMs <= nowMs && nowMs < window.resetMs).toBe(true)
					expect(window.resetMs % 1000).toBe(0)
				}
			})
		)
	})

	test('Retry-After is whole seconds and never zero', () => {
		expect(secondsUntil(at('2026-11-05T10:20:31.000Z'), at('2026-11-05T10:20:30.999Z'))).toBe(1)
		expect(secondsUntil(at('2026-11-06T00:00:00.000Z'), at('2026-11-05T23:00:00.000Z'))).toBe(3600)
		expect(secondsUntil(at('2026-11-06T00:00:00.000Z'), at('2026-11-06T00:00:00.000Z'))).toBe(1)
		expect(epochSeconds(at('2026-11-06T00:00:00.000Z'))).toBe(1_793_923_200)
	})
})

test('a fixed window of any length is aligned to the Unix epoch', () => {
	const window = fixedWindow(Date.parse('2026-11-05T10:29:59.999Z'), 15 * 60_000)
	expect([new Date(window.startMs).toISOString(), new Date(window.resetMs).toISOString()]).toEqual([
		'2026-11-05T10:15:00.000Z',
		'2026-11-05T10:30:00.000Z'
	])
})
