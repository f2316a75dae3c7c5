import { domainToASCII } from 'node:url'
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { normaliseHostname, normaliseHostnameByRules, type NormalisedHostname } from './normalise.ts'
import { isPlainHostname } from './register-value.ts'

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/).filter((value) => value.slice(2, 4) !== '--')
const topLevel = fc.stringMatching(/^[a-z]{2,8}$/)
const hostname = fc.tuple(fc.array(label, { minLength: 1, maxLength: 4 }), topLevel).map(([labels, tld]) => [...labels, tld].join('.'))

const rejected = (input: string) => {
	const result = normaliseHostname(input)
	return result.ok ? 'accepted' : result.reason
}

describe('normaliseHostname', () => {
	test('a lower-case ASCII hostname comes back unchanged and without an input field', () => {
		fc.assert(
			fc.property(hostname, (host) => {
				expect(normaliseHostname(host)).toEqual({ ok: true, domain: host })
			})
		)
	})

	test('upper case and one trailing dot are folded away and the sent value is kept as input', () => {
		fc.assert(
			fc.property(hostname, fc.boolean(), (host, withDot) => {
				const sent = `${host.toUpperCase()}${withDot ? '.' : ''}`
				const expected: NormalisedHostname = sent === host ? { ok: true, domain: host } : { ok: true, domain: host, input: sent }
				expect(normaliseHostname(sent)).toEqual(expected)
			})
		)
	})

	test('one trailing full stop in any form IDNA maps to a dot (。．｡) is dropped like a trailing dot', () => {
		for (const dot of ['\u3002', '\uff0e', '\uff61']) {
			expect(normaliseHostname(`brand.com${dot}`)).toEqual({ ok: true, domain: 'brand.com', input: `brand.com${dot}` })
			expect(normaliseHostname(`brand${dot}com${dot}`)).toEqual({ ok: true, domain: 'brand.com', input: `brand${dot}com${dot}` })
			expect(rejected(`brand.com.${dot}`)).toBe('not_a_valid_hostname')
			expect(rejected(`brand.com${dot}${dot}`)).toBe('not_a_valid_hostname')
			expect(rejected(`brand.com${dot}.`)).toBe('not_a_valid_hostname')
		}
	})

	test('normalising an accepted domain again gives the same domain (idempotent)', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (input) => {
				const first = normaliseHostname(input)
				if (!first.ok) return
				expect(normaliseHostname(first.domain)).toEqual({ ok: true, domain: first.domain })
			})
		)
	})

	test('any string never throws and every accepted domain is lower-case LDH of at least two labels', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.webUrl(), hostname), (input) => {
				const result = normaliseHostname(input)
				if (!result.ok) return
				expect(result.domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
				expect(result.domain.length).toBeLessThanOrEqual(253)
			})
		)
	})

	test('a lower-case ASCII value is accepted only as the WHATWG domainToASCII form, and refused where that form is empty (bad punycode)', () => {
		const plain = fc.stringMatching(/^[a-z0-9.-]{1,40}$/)
		const withPunycode = fc.tuple(plain, fc.stringMatching(/^[a-z0-9-]{0,12}$/)).map(([rest, tail]) => `xn--${tail}.${rest}`)
		fc.assert(
			fc.property(fc.oneof(plain, withPunycode, fc.constantFrom('xn--bcher-kva.de', 'xn--zz.com', 'ab--cd.com', 'a.b-.com')), (input) => {
				const result = normaliseHostname(input)
				const ascii = domainToASCII(input.endsWith('.') ? input.slice(0, -1) : input)
				if (result.ok) expect(result.domain).toBe(ascii)
				if (ascii === '') expect(result.ok).toBe(false)
			})
		)
	})

	test('an internationalised name is converted to punycode', () => {
		expect(normaliseHostname('Bücher.de')).toEqual({ ok: true, domain: 'xn--bcher-kva.de', input: 'Bücher.de' })
		expect(normaliseHostname('ｅｘａｍｐｌｅ.com')).toEqual({ ok: true, domain: 'example.com', input: 'ｅｘａｍｐｌｅ.com' })
	})

	test('a scheme, port, path, query, fragment or userinfo is not a bare hostname', () => {
		for (const input of [
			'https://example.com',
			'example.com:8080',
			'example.com/uk',
			'example.com?x=1',
			'example.com#top',
			'user@example.com',
			'example.com\\x'
		]) {
			expect(rejected(input)).toBe('not_a_valid_hostname')
		}
	})

	test('underscore, single label, empty labels and two trailing dots are rejected', () => {
		for (const input of ['my_site.com', 'localhost', 'example', 'a..com', '.example.com', 'example.com..', '-a.com', 'a-.com']) {
			expect(rejected(input)).toBe('not_a_valid_hostname')
		}
	})

	test('whitespace and control characters are rejected, not trimmed', () => {
		for (const input of [' example.com', 'example.com ', 'exa mple.com', 'example.com\n', 'exa\u0000mple.com', 'example\u00a0.com']) {
			expect(rejected(input)).toBe('not_a_valid_hostname')
		}
	})

	test('IPv4 in any spelling and IPv6 literals are rejected', () => {
		for (const input of ['1.2.3.4', '127.1', '0x7f.0.0.1', '0177.0.0.1', '1.2.3.0x4', '[::1]', '::1', '2001:db8::1', '017700000001']) {
			expect(rejected(input)).toBe('not_a_valid_hostname')
		}
	})

	test('a label longer than 63 characters is rejected', () => {
		expect(rejected(`${'a'.repeat(64)}.com`)).toBe('not_a_valid_hostname')
		expect(rejected(`${'a'.repeat(63)}.com`)).toBe('accepted')
	})

	test('hostname longer than 253 characters is rejected with hostname_too_long', () => {
		const long = `${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}.com`
		expect(long.length).toBeGreaterThan(253)
		expect(rejected(long)).toBe('hostname_too_long')
		expect(rejected('a'.repeat(254))).toBe('hostname_too_long')
	})

	test('a 253-character hostname with one trailing dot is accepted', () => {
		const name = `${Array.from({ length: 3 }, () => 'a'.repeat(63)).join('.')}.${'b'.repeat(61)}`
		expect(name.length).toBe(253)
		expect(normaliseHostname(`${name}.`)).toEqual({ ok: true, domain: name, input: `${name}.` })
	})

	test('an internationalised name that fits as sent but not in punycode is hostname_too_long', () => {
		const label = 'ü'.repeat(20)
		const input = `${Array.from({ length: 10 }, () => label).join('.')}.de`
		expect(input.length).toBeLessThanOrEqual(253)
		expect(rejected(input)).toBe('hostname_too_long')
	})

	test('an empty value is invalid_input', () => {
		expect(rejected('')).toBe('invalid_input')
		expect(rejected(42 as unknown as string)).toBe('invalid_input')
	})
})

describe("normaliseHostname's shortcut for a plain hostname", () => {
	/** Strings near the edges of the rules: the characters that matter, labels up to 64 and names up to 255 long. */
	const edgyLabel = fc.oneof(
		fc.string({ unit: fc.constantFrom('a', 'z', '0', '9', '-', 'x', 'n', 'A', '_', 'é', ' ', '.'), maxLength: 12 }),
		fc.integer({ min: 60, max: 64 }).map((length) => 'a'.repeat(length)),
		fc.constantFrom('xn--bcher-kva', 'xn--', '0x1f', '0x', '123', '09', 'com', 'co', 'uk', '')
	)
	const edgyName = fc.oneof(
		fc.array(edgyLabel, { minLength: 1, maxLength: 6 }).map((labels) => labels.join('.')),
		fc.integer({ min: 250, max: 256 }).map((length) => `${'a'.repeat(length - 4)}.com`),
		fc.string({ maxLength: 30 })
	)

	test('is taken only for names every rule accepts as they are, so normaliseHostname answers as the rules do', () => {
		fc.assert(
			fc.property(edgyName, (input) => {
				if (isPlainHostname(input)) expect(normaliseHostnameByRules(input)).toEqual({ ok: true, domain: input })
				expect(normaliseHostname(input)).toEqual(normaliseHostnameByRules(input))
			}),
			{ numRuns: 20_000 }
		)
	})

	test('is taken for lower-case hostnames without "xn--", and every other form goes through the rules', () => {
		fc.assert(
			fc.property(
				hostname.filter((host) => !host.includes('xn--')),
				(host) => expect(isPlainHostname(host)).toBe(true)
			)
		)
		for (const other of [
			'0xn--0.0.aa',
			'Example.com',
			'example.com.',
			'-example.com',
			'example-.com',
			'a..com',
			'.example.com',
			'localhost',
			'10.0.0.1',
			'example.0x1f',
			'xn--bcher-kva.de',
			'exa_mple.com',
			`${'a'.repeat(64)}.com`,
			`${'a'.repeat(250)}.com`
		])
			expect(isPlainHostname(other)).toBe(false)
	})
})
