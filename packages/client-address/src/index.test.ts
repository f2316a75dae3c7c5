import { describe, expect, test } from 'bun:test'
import { clientAddress, forwardedHttps, parseTrustedProxies } from './index.ts'

const isTrusted = parseTrustedProxies('10.0.0.0/8, 192.0.2.1, ::1')
const request = (headers: Record<string, string>) => new Request('http://app.localhost/', { headers })

describe('client address', () => {
	test('an untrusted peer is the client whatever X-Forwarded-For says', () => {
		expect(clientAddress(request({ 'x-forwarded-for': '203.0.113.9' }), '198.51.100.4', isTrusted)).toBe('198.51.100.4')
	})

	test('behind trusted proxies the nearest untrusted hop is the client, so prepended hops do not count', () => {
		expect(clientAddress(request({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.2.3.4' }), '10.0.0.1', isTrusted)).toBe('203.0.113.9')
		expect(clientAddress(request({ 'x-forwarded-for': '::ffff:203.0.113.9' }), '::1', isTrusted)).toBe('203.0.113.9')
	})

	test('a trusted peer without X-Forwarded-For is the client itself', () => {
		expect(clientAddress(request({}), '192.0.2.1', isTrusted)).toBe('192.0.2.1')
	})
})

describe('forwarded https', () => {
	test('only a trusted proxy saying https, as the last value it appended, counts', () => {
		expect(forwardedHttps(request({ 'x-forwarded-proto': 'https' }), '10.0.0.1', isTrusted)).toBe(true)
		expect(forwardedHttps(request({ 'x-forwarded-proto': 'https' }), '198.51.100.4', isTrusted)).toBe(false)
		expect(forwardedHttps(request({ 'x-forwarded-proto': 'https, http' }), '10.0.0.1', isTrusted)).toBe(false)
		expect(forwardedHttps(request({}), '10.0.0.1', isTrusted)).toBe(false)
	})
})
