import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { compareCodePoints, compareInEnglish } from './order.ts'

const LOWER = 'abcdefghijklmnopqrstuvwxyz'
const DIGITS = '0123456789'
/** The characters of each kind of machine-made string the answers and files order by code point. */
const ALPHABETS = {
	'hostnames and slugs': `${LOWER}${DIGITS}-.`,
	'jurisdiction codes': `${LOWER.toUpperCase()}${DIGITS}`,
	'refusal reasons and verdicts': `${LOWER}_`,
	'ISO dates': `${DIGITS}-`
}

const sign = (value: number) => Math.sign(value)
const inEnglish = (a: string, b: string) => a.localeCompare(b, 'en')

/** Every string of the alphabet up to two characters long, the empty one included. */
function everyShortString(alphabet: string): string[] {
	const chars = [...alphabet]
	return ['', ...chars, ...chars.flatMap((first) => chars.map((second) => first + second))]
}

/** Pairs that share a prefix, so that the characters after it decide, or one is a prefix of the other. */
const pairOf = (alphabet: string) => {
	const part = fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 6 })
	return fc.tuple(part, part, part).map(([prefix, a, b]) => [prefix + a, prefix + b] as const)
}

describe('compareCodePoints', () => {
	for (const [kind, alphabet] of Object.entries(ALPHABETS)) {
		test(`orders ${kind} as localeCompare does under the English collation`, () => {
			const strings = everyShortString(alphabet)
			expect([...strings].sort(compareCodePoints)).toEqual([...strings].sort(inEnglish))
			fc.assert(
				fc.property(pairOf(alphabet), ([a, b]) => sign(compareCodePoints(a, b)) === sign(inEnglish(a, b))),
				{ numRuns: 5_000 }
			)
		})
	}

	test('keeps the English order of hostnames where other locales move letters', () => {
		// Danish sorts "aa" as "å" after "z", Lithuanian sorts "y" with "i", Czech sorts "ch" after "h".
		const pairs = [
			['aa.example', 'b.example', 'da'],
			['y.example', 'j.example', 'lt'],
			['ch.example', 'h.example', 'cs']
		] as const
		for (const [a, b, locale] of pairs) {
			expect(sign(compareCodePoints(a, b))).toBe(sign(inEnglish(a, b)))
			expect(sign(a.localeCompare(b, locale))).toBe(-sign(inEnglish(a, b)))
		}
	})
})

/** Licence numbers as the readers store them: printed numbers, and the service's references for registers that print none. */
const LICENCE_NUMBERS = [
	'039011-R-319371-004',
	'000102-N-317976-010',
	'000102-R-317976-010',
	'000102-R-317976-011',
	'MGA/B2C/315/2015',
	'MGA/B2C/533/2018',
	'MGA/CRP/635/2018',
	'OGL/2024/251/0130',
	'OGL/2024/1161/044',
	'8048/JAZ',
	'ALSI-202402005-FI1',
	'ALSI-202607032-FI2',
	'KH/IG/northern-lights',
	'KH/IG/northern-lights-2',
	'KH/CSPA/northern-lights',
	'TGC/B2C/lumen-harbour',
	'TGC/B2B/lumen-harbour',
	'IOM/OGRA/ballaugh-games',
	'IOM/OGRA/glenfaba',
	'IOM/OGRA/glenfaba-interactive'
]
const LICENCE_NUMBER_CHARACTERS = `${LOWER}${LOWER.toUpperCase()}${DIGITS}/-. `

describe('compareInEnglish', () => {
	// Bun resolves the default locale to en-US whatever LANG or LC_ALL say: localeCompare's order until ADR 0057.
	const asBefore = (a: string, b: string) => a.localeCompare(b, 'en-US')

	test('orders licence numbers as localeCompare did', () => {
		expect([...LICENCE_NUMBERS].sort(compareInEnglish)).toEqual([...LICENCE_NUMBERS].sort(asBefore))
		fc.assert(
			fc.property(pairOf(LICENCE_NUMBER_CHARACTERS), ([a, b]) => sign(compareInEnglish(a, b)) === sign(asBefore(a, b))),
			{ numRuns: 5_000 }
		)
	})

	test('puts letters before their capitals and both before the next letter, where code points put every capital first', () => {
		const numbers = ['b-1', 'A-2', 'a-2', 'B-1']
		expect([...numbers].sort(compareInEnglish)).toEqual(['a-2', 'A-2', 'b-1', 'B-1'])
		expect([...numbers].sort(compareCodePoints)).toEqual(['A-2', 'B-1', 'a-2', 'b-1'])
	})
})
