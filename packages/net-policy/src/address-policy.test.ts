import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { blockedRangeOf, isPublicAddress } from './address-policy.ts'

const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'))
const hex = (a: number, b: number) => ((a << 8) | b).toString(16)
const groupsOf = (ip: string) => {
	const [a = 0, b = 0, c = 0, d = 0] = ip.split('.').map(Number)
	return `${hex(a, b)}:${hex(c, d)}`
}

describe('blockedRangeOf', () => {
	test('public unicast addresses of both families pass', () => {
		for (const address of [
			'8.8.8.8',
			'1.1.1.1',
			'93.184.216.34',
			'172.32.0.1',
			'100.128.0.1',
			'2606:4700:4700::1111',
			'2a00:1450:4009:81f::200e'
		]) {
			expect(blockedRangeOf(address)).toBeNull()
		}
	})

	test('names the range it refused', () => {
		expect(blockedRangeOf('169.254.169.254')).toContain('cloud metadata')
		expect(blockedRangeOf('fd00:ec2::254')).toContain('unique-local')
		expect(blockedRangeOf('::ffff:10.0.0.1')).toContain('IPv4-mapped form of 10.0.0.1')
	})

	test('IPv6 outside global unicast 2000::/3 is refused even without a named range', () => {
		expect(blockedRangeOf('4000::1')).toContain('not IPv6 global unicast')
		expect(blockedRangeOf('5f00::1')).toContain('not IPv6 global unicast')
	})

	test('text that is not an IP address is refused', () => {
		expect(blockedRangeOf('example.com')).toBe('not an IP address')
		expect(isPublicAddress('')).toBe(false)
	})

	test('property: mapped, compatible, NAT64 and 6to4 forms get the same verdict as the IPv4 address they carry', () => {
		fc.assert(
			fc.property(v4, (ip) => {
				const plain = isPublicAddress(ip)
				const groups = groupsOf(ip)
				const forms = [`::ffff:${ip}`, `::ffff:${groups}`, `64:ff9b::${groups}`, `2002:${groups}::1`]
				// the compatible form ::a.b.c.d is not generally routable; only private embeds must be refused
				return forms.every((form) => isPublicAddress(form) === plain) && (plain || !isPublicAddress(`::${groups}`))
			}),
			{ numRuns: 5000, examples: [['127.0.0.1'], ['10.0.0.1'], ['169.254.169.254'], ['8.8.8.8']] }
		)
	})

	test('property: a Teredo address is refused when either embedded IPv4 address is refused', () => {
		fc.assert(
			fc.property(v4, v4, (server, client) => {
				const inverted = client
					.split('.')
					.map((part) => Number(part) ^ 0xff)
					.join('.')
				const address = `2001:0:${groupsOf(server)}:8000:63bf:${groupsOf(inverted)}`
				return isPublicAddress(address) === (isPublicAddress(server) && isPublicAddress(client))
			}),
			{
				numRuns: 2000,
				examples: [
					['65.54.227.120', '127.0.0.1'],
					['10.0.0.1', '8.8.8.8']
				]
			}
		)
	})
})
