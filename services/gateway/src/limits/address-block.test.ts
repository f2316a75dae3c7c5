import { describe, expect, test } from 'bun:test'
import { addressBlock } from './address-block.ts'

describe('addressBlock', () => {
	test('an IPv4 address counts whole (/32)', () => {
		expect(addressBlock('198.51.100.7')).toBe('198.51.100.7')
	})

	test('every spelling of addresses in one IPv6 /64 gives the same block', () => {
		const block = '2001:db8:1:2::/64'
		for (const address of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:a:b:c:d', '[2001:db8:1:2::9]'])
			expect(addressBlock(address)).toBe(block)
		expect(addressBlock('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
	})

	test('an IPv4-mapped IPv6 address counts as its IPv4 address, in either spelling', () => {
		expect(addressBlock('::ffff:c633:6407')).toBe('198.51.100.7')
	})

	test('an unparseable peer counts as itself', () => {
		expect(addressBlock('unknown')).toBe('unknown')
		expect(addressBlock('not:an:address')).toBe('not:an:address')
	})
})
