import { describe, expect, test } from 'bun:test'
import { allowsAddress, allowsOrigin, parseAllowList } from './allow-list.ts'

describe('parseAllowList', () => {
	test('reads host:port, [IPv6]:port, CIDR and bare addresses', () => {
		const list = parseAllowList(['127.0.0.1:4000', 'Receiver.Local:8080', '[::1]:9000', '10.0.0.0/8', '::1', ' 192.168.0.5 '])
		expect(list.origins).toEqual([
			{ hostname: '127.0.0.1', port: 4000 },
			{ hostname: 'receiver.local', port: 8080 },
			{ hostname: '[::1]', port: 9000 }
		])
		expect(list.cidrs.map((cidr) => cidr.prefixLength)).toEqual([8, 128, 32])
	})

	test('refuses entries it cannot read', () => {
		for (const bad of ['localhost', 'host:0', 'host:70000', '10.0.0.0/40', 'http://host:80', ':8080']) {
			expect(() => parseAllowList([bad])).toThrow(/allow-list entry/)
		}
	})

	test('origins match hostname and effective port; CIDRs match addresses', () => {
		const list = parseAllowList(['[::1]:443', '127.0.0.0/8'])
		expect(allowsOrigin(list, new URL('https://[::1]/'))).toBe(true)
		expect(allowsOrigin(list, new URL('http://[::1]/'))).toBe(false)
		expect(allowsAddress(list, '127.9.9.9')).toBe(true)
		expect(allowsAddress(list, '128.0.0.1')).toBe(false)
	})
})
