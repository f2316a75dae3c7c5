import { describe, expect, test } from 'bun:test'
import { buildIndex } from './build-index.ts'
import { coveredJurisdictions, staleJurisdictions } from './freshness.ts'
import { HOUR, NOW, rows } from './test-support/index-rows.ts'

describe('coveredJurisdictions', () => {
	const index = buildIndex(rows({}))

	test('lists an index snapshot’s jurisdictions once, however many answers ask', () => {
		expect(coveredJurisdictions(index).map((jurisdiction) => jurisdiction.code)).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
		expect(coveredJurisdictions(index)).toBe(coveredJurisdictions(index))
	})

	test('a register read gives the new snapshot its own list, and its staleness', () => {
		const before = coveredJurisdictions(index)
		const read = buildIndex(rows({ readAt: { MGA: new Date(NOW.getTime() - 60 * HOUR) } }))
		expect(coveredJurisdictions(read)).not.toBe(before)
		expect(staleJurisdictions(read, NOW).map((stale) => stale.jurisdiction)).toEqual(['MGA'])
		expect(staleJurisdictions(index, NOW)).toEqual([])
	})
})
