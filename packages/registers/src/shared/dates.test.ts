import { describe, expect, test } from 'bun:test'
import { findDatesInProse, parseRegisterDate } from './dates.ts'

describe('parseRegisterDate', () => {
	const cases: [string, string | null][] = [
		['2026-04-14', '2026-04-14'],
		['2002-02-03T00:00:00+00:00', '2002-02-03'],
		['14/04/2026', '2026-04-14'],
		['02/10/2026', '2026-10-02'],
		['25/Sep/2024', '2024-09-25'],
		['28/Feb/2026', '2026-02-28'],
		['14 April 2026', '2026-04-14'],
		['16th September 2026', '2026-09-16'],
		['February 28, 2026', '2026-02-28'],
		['May19, 2026', '2026-05-19'],
		['September 26 ,2025', '2025-09-26'],
		['31/02/2026', null],
		['Current', null],
		['', null]
	]
	for (const [raw, expected] of cases) {
		test(`"${raw}" reads as ${expected}`, () => expect(parseRegisterDate(raw)).toBe(expected))
	}
})

test('dates in prose are found in order with their position', () => {
	expect(findDatesInProse('issued June 24, 2025, revoked on 7 April 2026').map((d) => d.date)).toEqual(['2025-06-24', '2026-04-07'])
})
