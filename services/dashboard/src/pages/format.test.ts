import { describe, expect, test } from 'bun:test'
import { formatAgo, formatUtc } from './format.ts'

describe('page formatting', () => {
	test('times are shown in UTC to the minute', () => {
		expect(formatUtc(new Date('2026-11-01T09:05:59.999Z'))).toBe('2026-11-01 09:05 UTC')
	})

	test('the last-used indicator counts whole units, singular for one', () => {
		const now = new Date('2026-11-10T12:00:00Z')
		const before = (ms: number) => new Date(now.getTime() - ms)
		expect(formatAgo(before(59_000), now)).toBe('just now')
		expect(formatAgo(before(60_000), now)).toBe('1 minute ago')
		expect(formatAgo(before(2 * 3_600_000 + 59 * 60_000), now)).toBe('2 hours ago')
		expect(formatAgo(before(86_400_000), now)).toBe('1 day ago')
		expect(formatAgo(new Date(now.getTime() + 5000), now)).toBe('just now')
	})
})
