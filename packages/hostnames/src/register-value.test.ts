import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { hostnameFromRegisterValue, hostnameFromRegisterValueByUrl, splitDomainCell } from './register-value.ts'

describe('hostnameFromRegisterValue', () => {
	test('scheme, path, port, fragment and trailing slash are stripped and case is folded', () => {
		expect(hostnameFromRegisterValue('https://www.Example.com/uk')).toBe('www.example.com')
		expect(hostnameFromRegisterValue('http://example.com:8080/')).toBe('example.com')
		expect(hostnameFromRegisterValue('https://at.hpybet.com/#/home?_k=cj8mfc')).toBe('at.hpybet.com')
		expect(hostnameFromRegisterValue('example.com/')).toBe('example.com')
		expect(hostnameFromRegisterValue('  example.com.  ')).toBe('example.com')
		expect(hostnameFromRegisterValue('//cdn.example.com/x')).toBe('cdn.example.com')
	})

	test('zero-width characters, literal or encoded, are removed', () => {
		expect(hostnameFromRegisterValue('exa\u200bmple.com')).toBe('example.com')
		expect(hostnameFromRegisterValue('example.com%E2%80%8B')).toBe('example.com')
		expect(hostnameFromRegisterValue('example.com&#8203;')).toBe('example.com')
		expect(hostnameFromRegisterValue('\ufeffexample.com')).toBe('example.com')
	})

	test('a cell holding no hostname gives null', () => {
		for (const value of ['', '-', '–', 'n/a', 'https://', '192.168.0.1', 'not a domain', null, 12]) {
			expect(hostnameFromRegisterValue(value)).toBeNull()
		}
	})

	test('never throws on any string', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (value) => {
				const host = hostnameFromRegisterValue(value)
				if (host !== null) expect(host).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
			})
		)
	})
})

describe('hostnameFromRegisterValue on the values registers print', () => {
	const cases: [string, string | null][] = [
		['21.co.uk', '21.co.uk'],
		['https://www.Example.com/uk', 'www.example.com'],
		['\u200bkestrelbingo.co.uk', 'kestrelbingo.co.uk'],
		['kestrelbingo.co.uk%E2%80%8B', 'kestrelbingo.co.uk'],
		['https://at.example.com/#/home?_k=cj8mfc', 'at.example.com'],
		['example.com.', 'example.com'],
		['http://example.com:8080/path', 'example.com'],
		['bücher.de', 'xn--bcher-kva.de'],
		['localhost', null],
		['192.168.1.1', null],
		['not a domain', null],
		['-bad-.com', null]
	]
	for (const [value, expected] of cases) {
		test(`${JSON.stringify(value)} gives ${expected}`, () => expect(hostnameFromRegisterValue(value)).toBe(expected))
	}
})

test('a cell with several values separated by spaces, commas or semicolons yields each', () => {
	expect(splitDomainCell('a.com, www.b.com;c.io  -').map((part) => part.hostname)).toEqual(['a.com', 'www.b.com', 'c.io'])
})

test('the plain-hostname shortcut gives what the URL parse gives', () => {
	const label = fc.stringMatching(/^[a-z0-9x-]{0,8}$/)
	const value = fc.oneof(
		fc.array(label, { minLength: 1, maxLength: 5 }).map((labels) => labels.join('.')),
		fc.stringMatching(/^[a-z0-9.x-]{0,30}$/),
		fc.constantFrom(
			'a.0x1f',
			'a.123',
			'xn--bcher-kva.de',
			'xn--zz.com',
			`${'a'.repeat(63)}.com`,
			`${'a'.repeat(64)}.com`,
			`${'abc.'.repeat(63)}com`
		)
	)
	fc.assert(
		fc.property(value, (text) => {
			expect(hostnameFromRegisterValue(text)).toBe(hostnameFromRegisterValueByUrl(text))
			expect(splitDomainCell(text).map((part) => part.hostname)).toEqual(
				text === '' || text === '-' ? [] : [hostnameFromRegisterValueByUrl(text)]
			)
		}),
		{ numRuns: 3000 }
	)
})
