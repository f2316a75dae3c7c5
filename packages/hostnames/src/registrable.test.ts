import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { registrableDomain, relatedHosts, rootLabel, sameSite, siteKey, siteParts, wwwCounterpart } from './registrable.ts'

describe('registrableDomain', () => {
	test('uses the private section of the public suffix list, so platform customers are separate sites', () => {
		expect(registrableDomain('a.github.io')).toBe('a.github.io')
		expect(registrableDomain('b.github.io')).toBe('b.github.io')
		expect(registrableDomain('shop.example.co.uk')).toBe('example.co.uk')
	})

	test('a bare public suffix has no registrable domain and is its own site key', () => {
		expect(registrableDomain('co.uk')).toBeNull()
		expect(siteKey('github.io')).toBe('github.io')
	})

	test('rootLabel is the label left of the public suffix', () => {
		expect(rootLabel('shop.bet.co.uk')).toBe('bet')
		expect(rootLabel('co.uk')).toBeNull()
	})
})

describe('wwwCounterpart and sameSite', () => {
	test('www is added to or removed from a host', () => {
		expect(wwwCounterpart('example.com')).toBe('www.example.com')
		expect(wwwCounterpart('www.example.com')).toBe('example.com')
		expect(wwwCounterpart('shop.example.com')).toBe('www.shop.example.com')
	})

	test('a bare public suffix has no counterpart and is no counterpart; a registrable domain starting with www has its www form', () => {
		expect(wwwCounterpart('co.uk')).toBeNull()
		expect(wwwCounterpart('github.io')).toBeNull()
		expect(wwwCounterpart('www.co.uk')).toBe('www.www.co.uk')
		expect(wwwCounterpart('www.www.co.uk')).toBe('www.co.uk')
		expect(wwwCounterpart('www.github.io')).toBe('www.www.github.io')
	})

	test('only a site and its www form are counterparts: www. in front of a www host that is not its registrable domain pairs with nothing', () => {
		expect(wwwCounterpart('www.www.example.com')).toBeNull()
		expect(wwwCounterpart('www.www.shop.example.com')).toBeNull()
		expect(sameSite('www.www.example.com', 'www.example.com')).toBe(false)
		expect(sameSite('www.example.com', 'www.www.example.com')).toBe(false)
	})

	test('the counterpart relation is symmetric', () => {
		const label = fc.constantFrom('www', 'shop', 'a', 'example', 'co', 'uk', 'github', 'io', 'com')
		fc.assert(
			fc.property(fc.nat({ max: 3 }), fc.array(label, { minLength: 1, maxLength: 4 }), (wwws, labels) => {
				const host = [...Array(wwws).fill('www'), ...labels].join('.')
				const counterpart = wwwCounterpart(host)
				if (counterpart === null) return
				expect(wwwCounterpart(counterpart)).toBe(host)
				expect(sameSite(counterpart, host)).toBe(true)
			})
		)
	})

	test('a host and its www-counterpart are one site; sibling subdomains are not', () => {
		expect(sameSite('example.com', 'www.example.com')).toBe(true)
		expect(sameSite('www.example.com', 'example.com')).toBe(true)
		expect(sameSite('shop.example.com', 'example.com')).toBe(false)
		expect(sameSite('a.github.io', 'b.github.io')).toBe(false)
	})
})

describe('relatedHosts', () => {
	const stored = ['example.com', 'www.example.com', 'shop.example.com', 'other.com', 'a.github.io', 'b.github.io', 'shop.example.com']

	test('returns other hosts on the registrable domain, excluding the host and its www-counterpart', () => {
		expect(relatedHosts('example.com', stored)).toEqual(['shop.example.com'])
		expect(relatedHosts('made-up.example.com', stored)).toEqual(['example.com', 'shop.example.com', 'www.example.com'])
	})

	test('hosts on a private public suffix are not related to each other', () => {
		expect(relatedHosts('c.github.io', stored)).toEqual([])
		expect(relatedHosts('a.github.io', stored)).toEqual([])
	})
})

describe('siteParts', () => {
	test('agrees with siteKey, rootLabel and wwwCounterpart for hosts, www hosts, platform customers and bare public suffixes', () => {
		const hosts = [
			'example.com',
			'www.example.com',
			'shop.bet.co.uk',
			'www.bet.co.uk',
			'co.uk',
			'www.co.uk',
			'github.io',
			'a.github.io',
			'www.a.github.io',
			'localhost',
			'www',
			'xn--bcher-kva.de',
			'www.www.example.org'
		]
		for (const host of hosts) {
			expect({ host, ...siteParts(host) }).toEqual({
				host,
				site: siteKey(host),
				rootLabel: rootLabel(host),
				wwwCounterpart: wwwCounterpart(host)
			})
		}
	})
})
