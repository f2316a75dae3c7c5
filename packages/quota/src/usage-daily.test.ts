import { describe, expect, test } from 'bun:test'
import { firstRetainedDay, oldestUsageMonth, usageRetainedFromMs } from './usage-daily.ts'

describe('usage retention', () => {
	test('the oldest month served is 12 months back, across a year boundary', () => {
		expect(oldestUsageMonth(Date.parse('2026-11-15T10:00:00Z'))).toBe('2025-11')
		expect(oldestUsageMonth(Date.parse('2026-01-01T00:00:00Z'))).toBe('2025-01')
		expect(oldestUsageMonth(Date.parse('2026-03-31T23:59:59.999Z'))).toBe('2025-03')
	})

	test('rows are kept from the first day of the month before the oldest month served', () => {
		expect(firstRetainedDay(Date.parse('2026-11-30T23:59:59.999Z'))).toBe('2025-10-01')
		expect(firstRetainedDay(Date.parse('2026-12-01T00:00:00Z'))).toBe('2025-11-01')
		expect(firstRetainedDay(Date.parse('2026-01-10T00:00:00Z'))).toBe('2024-12-01')
		expect(usageRetainedFromMs(Date.parse('2026-01-10T00:00:00Z'))).toBe(Date.parse('2024-12-01T00:00:00Z'))
	})
})
