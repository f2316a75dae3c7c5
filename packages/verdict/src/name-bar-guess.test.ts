import { describe, expect, test } from 'bun:test'
import { NAME_MATCH_LOW } from './name-bounds.ts'
import { guessedBar, learnBar } from './name-bar-guess.ts'
import { scoreNames } from './name-matching.ts'
import { buildNameScan, buildNameSearch, type NameScan } from './name-search.ts'
import { index, licence, operator } from './test-support/index-rows.ts'

const scanOf = (keys: readonly string[]): NameScan =>
	buildNameScan([
		buildNameSearch(
			keys.map((key, i) => {
				const owner = { id: `op-${i}`, slug: `op-${i}`, name: key, legal_name: key }
				return { key, name: key, kind: 'trading' as const, operator: owner, jurisdiction: 'UKGC' }
			})
		)
	])

describe('the guessed bar of a name stage', () => {
	test('stays at NAME_MATCH_LOW while the checks end with fewer operators than the limit', () => {
		const scan = scanOf(['luckystar', 'goldspin'])
		for (let check = 0; check < 500; check++) learnBar(scan, 6, 0)
		expect(guessedBar(scan, 6)).toBe(NAME_MATCH_LOW)
	})

	test('settles where about a quarter of the checks end below it, never above 1', () => {
		const scan = scanOf(['luckystar', 'goldspin'])
		// Bars spread evenly over 0.87 to 0.93, in a scrambled order: a quarter of them lie below 0.885.
		const bars = Array.from({ length: 4000 }, (_, n) => 0.87 + ((n * 7919) % 601) / 10_000)
		for (const bar of bars) learnBar(scan, 6, bar)
		const guess = guessedBar(scan, 6)
		const below = bars.filter((bar) => bar < guess).length / bars.length
		expect(below).toBeGreaterThan(0.15)
		expect(below).toBeLessThan(0.35)
		for (let check = 0; check < 2000; check++) learnBar(scan, 6, 1)
		expect(guessedBar(scan, 6)).toBe(1)
	})

	test('is kept apart per scan and per limit', () => {
		const [a, b] = [scanOf(['luckystar']), scanOf(['luckystar'])]
		for (let check = 0; check < 200; check++) learnBar(a, 1, 0.95)
		expect(guessedBar(a, 1)).toBeGreaterThan(NAME_MATCH_LOW)
		expect(guessedBar(a, 6)).toBe(NAME_MATCH_LOW)
		expect(guessedBar(b, 1)).toBe(NAME_MATCH_LOW)
	})

	test("is learnt from scoreNames' checks: checks that fill the limit well above NAME_MATCH_LOW raise it", () => {
		const operators = ['Lucky Stars', 'Lucky Starz', 'Lucky Stare', 'Lucky Start', 'Lucky Starr', 'Lucky Stark'].map((name, i) =>
			operator(`op-${i}`, name)
		)
		const world = index({ operators, licences: operators.map((owner, i) => licence(owner, { license_number: `L-${i}` })) })
		expect(guessedBar(world.nameScan, 6)).toBe(NAME_MATCH_LOW)
		for (let check = 0; check < 200; check++) scoreNames(world, 'luckystarx', 6)
		expect(guessedBar(world.nameScan, 6)).toBeGreaterThan(0.9)
	})
})
