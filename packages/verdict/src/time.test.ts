import { describe, expect, spyOn, test } from 'bun:test'
import fc from 'fast-check'
import { toIso } from './time.ts'

/** Instants within Date's range, whole milliseconds or not, many of them sharing a remembered slot. */
const instant = fc.oneof(
	fc.integer({ min: -8.64e15, max: 8.64e15 }),
	fc.integer({ min: 0, max: 40 }).map((step) => 1_796_000_000_000 + step * 64),
	fc.double({ min: -8.64e15, max: 8.64e15, noNaN: true })
)

describe('toIso', () => {
	test('formats any instant as toISOString does, whatever was formatted before it', () => {
		fc.assert(
			fc.property(fc.array(instant, { maxLength: 200 }), (instants) => {
				for (const ms of instants) expect(toIso(ms)).toBe(new Date(ms).toISOString())
			})
		)
		expect(toIso(null)).toBeNull()
		expect(() => toIso(Number.NaN)).toThrow(RangeError)
	})

	test('an instant formatted lately is not formatted again', () => {
		const formatted = spyOn(Date.prototype, 'toISOString')
		try {
			const readAt = Date.parse('2026-11-24T11:00:00.000Z')
			toIso(readAt)
			const calls = formatted.mock.calls.length
			for (let i = 0; i < 10; i++) expect(toIso(readAt)).toBe('2026-11-24T11:00:00.000Z')
			expect(formatted.mock.calls.length).toBe(calls)
		} finally {
			formatted.mockRestore()
		}
	})
})
