import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { hostnameFromRegisterValue } from './register-value.ts'

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
