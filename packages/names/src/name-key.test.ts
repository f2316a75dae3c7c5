import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { companyKey, nameKey } from './name-key.ts'

const slug = (name: string) => nameKey(name, 'slug')

describe('the variants of nameKey', () => {
	test('differ on purpose: match drops company forms and spaces, words keeps spaced words, slug hyphenates and reads & as "and"', () => {
		const name = 'Zumo Spín & Co. Gaming Ltd'
		expect(nameKey(name, 'match')).toBe('zumospinandcogaming')
		expect(nameKey(name, 'words')).toBe('zumo spin co gaming ltd')
		expect(nameKey(name, 'slug')).toBe('zumo-spin-and-co-gaming-ltd')
	})

	test('all fold case, accents and spacing the same way', () => {
		for (const variant of ['match', 'words', 'slug'] as const) {
			expect(nameKey('  CURAÇAO Games ', variant)).toBe(nameKey('Curacao Games', variant))
		}
	})
})

describe("nameKey(name, 'match')", () => {
	test('drops company forms, punctuation, accents and case', () => {
		expect(nameKey('Brand Gaming Limited', 'match')).toBe('brandgaming')
		expect(nameKey('Geeker Technology N.V.', 'match')).toBe('geekertechnology')
		expect(nameKey('InterStorm (Curaçao) N.V', 'match')).toBe('interstormcuracao')
		expect(nameKey('Jack’s House B.V.', 'match')).toBe('jackshouse')
		expect(nameKey('ABC Interactive N.V,', 'match')).toBe('abcinteractive')
	})

	test('a name made only of a company form keeps it', () => {
		expect(nameKey('Limited', 'match')).toBe('limited')
	})
})

describe("slug(name, 'slug')", () => {
	test('is lowercase ascii words joined by hyphens, with & read as "and"', () => {
		expect(slug('Brightwater Reels & Tables Inc.')).toBe('brightwater-reels-and-tables-inc')
		expect(slug('3-102-939256 SRL')).toBe('3-102-939256-srl')
		expect(slug('Logiciels Hélène-Arcade Ltée')).toBe('logiciels-helene-arcade-ltee')
	})

	test('the same printed name always gives the same key, whatever the spacing or case', () => {
		expect(slug('  Northern  Lantern\u00a0Gaming LTD. ')).toBe(slug('Northern Lantern Gaming Ltd.'))
	})

	test('distinct registers names seen side by side never collide', () => {
		const names = [
			'3-102-936774 SRL',
			'3-102-939256 SRL',
			'A&B Gaming',
			'A B Gaming',
			'AB Gaming',
			'Müller Gaming',
			'Mueller Gaming',
			'Ромашка Гейминг',
			'Лилия Гейминг',
			'大发娱乐',
			'好运娱乐'
		]
		const keys = names.map(slug)
		expect(new Set(keys).size).toBe(names.length)
	})

	test('names whose letters cannot be folded to ascii get a hash suffix instead of an empty or shared key', () => {
		expect(slug('Ромашка Гейминг')).toMatch(/^x-[0-9a-f]{8}$/)
		expect(slug('Ромашка Gaming Ltd')).toMatch(/^gaming-ltd-[0-9a-f]{8}$/)
		expect(slug('Ромашка Gaming Ltd')).not.toBe(slug('Лилия Gaming Ltd'))
	})

	test('a very long name is cut to a bounded key that stays distinct', () => {
		const long = 'Very Long Holding Name '.repeat(10)
		expect(slug(`${long} One`).length).toBeLessThanOrEqual(89)
		expect(slug(`${long} One`)).not.toBe(slug(`${long} Two`))
	})

	test('keys of names that differ in a letter or digit are distinct (property)', () => {
		fc.assert(
			fc.property(
				fc.stringMatching(/^[A-Za-z][A-Za-z ]{2,30}$/),
				fc.nat({ max: 29 }),
				fc.constantFrom('q', 'z', '7'),
				(name, at, letter) => {
					const index = at % name.length
					if (name[index]?.toLowerCase() === letter || name[index] === ' ') return
					const other = name.slice(0, index) + letter + name.slice(index + 1)
					expect(slug(other)).not.toBe(slug(name))
				}
			)
		)
	})

	test('every key is made of lowercase ascii letters, digits and single inner hyphens (property)', () => {
		fc.assert(fc.property(fc.string({ maxLength: 120 }), (name) => expect(slug(name)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)))
	})
})

describe('companyKey', () => {
	test('ignores the trailing legal form that the IOM page and XLSX spell differently', () => {
		expect(companyKey('Mamba Trading Limited')).toBe(companyKey('Mamba Trading'))
		expect(companyKey('HGIM Ltd')).toBe(companyKey('HGIM'))
		expect(companyKey('ST8 Innovations Limited')).toBe(companyKey('St8 Innovations Limited'))
		expect(companyKey('Mamba Trading Limited')).toBe('mamba-trading')
	})

	test('keeps a name that is only a legal form, and keeps distinct companies apart', () => {
		expect(companyKey('Limited')).toBe('limited')
		expect(companyKey('Mamba Trading Limited')).not.toBe(companyKey('Mamba Gaming Limited'))
	})
})
