import { expect, test } from 'bun:test'
import { siteKey } from '@lv/hostnames'
import fc from 'fast-check'
import { registrableOf } from './registrable.ts'

test('a host of one or two labels is its own registrable domain, as the public suffix list says too', () => {
	const label = fc.constantFrom(
		'co',
		'uk',
		'com',
		'github',
		'io',
		'ck',
		'www',
		'bet',
		'kestrel',
		'blogspot',
		'amazonaws',
		'xn--bcher-kva',
		'jp',
		'kawasaki',
		'city'
	)
	fc.assert(
		fc.property(fc.array(label, { minLength: 1, maxLength: 2 }), (labels) => {
			const host = labels.join('.')
			expect(registrableOf(host)).toBe(siteKey(host))
		}),
		{ numRuns: 500 }
	)
})

test('longer hosts take the public suffix list', () => {
	expect(registrableOf('shop.example.co.uk')).toBe('example.co.uk')
	expect(registrableOf('x.github.io')).toBe('x.github.io')
	expect(registrableOf('a.b.github.io')).toBe('b.github.io')
	expect(registrableOf('www.example.com')).toBe('example.com')
})
