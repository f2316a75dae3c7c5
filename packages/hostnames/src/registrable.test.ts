import { describe, expect, test } from 'bun:test'
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

	test('no counterpart is a bare public suffix', () => {
		expect(wwwCounterpart('www.co.uk')).toBeNull()
		expect(wwwCounterpart('co.uk')).toBeNull()
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
