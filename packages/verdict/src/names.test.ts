import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { isGenericGamblingLabel } from './generic-terms.ts'
import { jaroWinkler, scanJaro } from './names.ts'

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

describe('jaroWinkler word-at-a-time matching', () => {
	// Near-equal keys with repeated letters (many equal characters in each window), plus lengths over
	// 32 and characters over code 127, which take the textbook scan.
	const key = fc.oneof(
		fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'e', 't'), maxLength: 40 }),
		fc.stringMatching(/^[a-z0-9]{0,33}$/),
		fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'ł'), maxLength: 12 })
	)
	const prefixScore = (a: string, b: string, jaro: number) => {
		let prefix = 0
		while (prefix < Math.min(4, a.length, b.length) && a[prefix] === b[prefix]) prefix++
		return jaro + prefix * 0.1 * (1 - jaro)
	}

	test('gives bit for bit the score of the textbook scan', () => {
		fc.assert(
			fc.property(key, key, (a, b) => {
				expect(jaroWinkler(a, b)).toBe(a === b ? (a.length === 0 ? 0 : 1) : prefixScore(a, b, scanJaro(a, b)))
			}),
			{ numRuns: 5000 }
		)
		expect(jaroWinkler('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', 'baaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe(
			prefixScore(
				'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab',
				'baaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
				scanJaro('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab', 'baaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')
			)
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
