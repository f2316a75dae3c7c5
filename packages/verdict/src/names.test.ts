import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { isGenericGamblingLabel } from './generic-terms.ts'
import { jaroWinkler } from './names.ts'

describe('jaroWinkler', () => {
	test('matches the published reference values', () => {
		expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4)
		expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 4)
		expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.8133, 4)
	})

	test('is 1 for equal strings, 0 with nothing in common, symmetric and within [0, 1]', () => {
		expect(jaroWinkler('brandbet', 'brandbet')).toBe(1)
		expect(jaroWinkler('abc', 'xyz')).toBe(0)
		fc.assert(
			fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (a, b) => {
				const score = jaroWinkler(a, b)
				expect(score).toBeGreaterThanOrEqual(0)
				expect(score).toBeLessThanOrEqual(1)
				expect(score).toBeCloseTo(jaroWinkler(b, a), 10)
			})
		)
	})
})

describe('isGenericGamblingLabel', () => {
	test('gambling words and phrases of them with filler words are generic', () => {
		for (const key of ['casino', 'bet', 'poker', 'slots', 'bingo', 'onlinecasino', 'bestslots', 'livecasinobonus', 'sportsbetting']) {
			expect(isGenericGamblingLabel(key)).toBe(true)
		}
	})

	test('brands, digits and filler words alone are not generic', () => {
		for (const key of ['bet365', 'betway', 'pokerstars', 'brandbet', 'casino24', 'online', 'best', '']) {
			expect(isGenericGamblingLabel(key)).toBe(false)
		}
	})
})
