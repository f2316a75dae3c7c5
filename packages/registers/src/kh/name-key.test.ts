import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { companyKey, nameKey } from './name-key.ts'

describe('nameKey', () => {
	test('is lowercase ascii words joined by hyphens, with & read as "and"', () => {
		expect(nameKey('Brightwater Reels & Tables Inc.')).toBe('brightwater-reels-and-tables-inc')
		expect(nameKey('3-102-939256 SRL')).toBe('3-102-939256-srl')
		expect(nameKey('Logiciels Hélène-Arcade Ltée')).toBe('logiciels-helene-arcade-ltee')
	})

	test('the same printed name always gives the same key, whatever the spacing or case', () => {
		expect(nameKey('  Northern  Lantern\u00a0Gaming LTD. ')).toBe(nameKey('Northern Lantern Gaming Ltd.'))
	})

	test('distinct registers names seen side by side never collide', () => {
		const names = ['3-102-936774 SRL', '3-102-939256 SRL', 'A&B Gaming', 'A B Gaming', 'AB Gaming', 'Müller Gaming', 'Mueller Gaming', 'Ромашка Гейминг', 'Лилия Гейминг', '大发娱乐', '好运娱乐']
		const keys = names.map(nameKey)
		expect(new Set(keys).size).toBe(names.length)
	})

	test('names whose letters cannot be folded to ascii get a hash suffix instead of an empty or shared key', () => {
		expect(nameKey('Ромашка Гейминг')).toMatch(/^x-[0-9a-f]{8}$/)
		expect(nameKey('Ромашка Gaming Ltd')).toMatch(/^gaming-ltd-[0-9a-f]{8}$/)
		expect(nameKey('Ромашка Gaming Ltd')).not.toBe(nameKey('Лилия Gaming Ltd'))
	})

	test('a very long name is cut to a bounded key that stays distinct', () => {
		const long = 'Very Long Holding Name '.repeat(10)
		expect(nameKey(`${long} One`).length).toBeLessThanOrEqual(89)
		expect(nameKey(`${long} One`)).not.toBe(nameKey(`${long} Two`))
	})

	test('keys of names that differ in a letter or digit are distinct (property)', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z ]{2,30}$/), fc.nat({ max: 29 }), fc.constantFrom('q', 'z', '7'), (name, at, letter) => {
				const index = at % name.length
				if (name[index]?.toLowerCase() === letter || name[index] === ' ') return
				const other = name.slice(0, index) + letter + name.slice(index + 1)
				expect(nameKey(other)).not.toBe(nameKey(name))
			})
		)
	})

	test('every key is made of lowercase ascii letters, digits and single inner hyphens (property)', () => {
		fc.assert(fc.property(fc.string({ maxLength: 120 }), (name) => expect(nameKey(name)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)))
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
