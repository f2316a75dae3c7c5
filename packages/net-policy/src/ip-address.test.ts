import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { cidrContains, formatIp, parseCidr, parseIp, parseIpv4, parseIpv6 } from './ip-address.ts'

const bytesOf = (text: string) => [...(parseIp(text) ?? [])]

describe('parseIpv4', () => {
	test('reads canonical dotted decimal', () => {
		expect(bytesOf('192.168.1.255')).toEqual([192, 168, 1, 255])
	})

	test('leaves loose spellings to the URL parser (they are names here, not addresses)', () => {
		for (const loose of ['127.1', '0177.0.0.1', '0x7f.0.0.1', '2130706433', '1.2.3.256', '1.2.3.4.5', ' 1.2.3.4', '']) {
			expect(parseIpv4(loose)).toBeNull()
		}
	})
})

describe('parseIpv6', () => {
	test('reads compressed, full, bracketed, zoned and dotted-tail forms', () => {
		expect(bytesOf('::1')).toEqual([...new Array(15).fill(0), 1])
		expect(bytesOf('[::1]')).toEqual(bytesOf('0:0:0:0:0:0:0:1'))
		expect(bytesOf('fe80::1%eth0')).toEqual(bytesOf('fe80:0:0:0:0:0:0:1'))
		expect(bytesOf('::ffff:127.0.0.1')).toEqual(bytesOf('::ffff:7f00:1'))
		expect(bytesOf('64:ff9b::192.0.2.33')).toEqual(bytesOf('64:ff9b::c000:221'))
		expect(bytesOf('1:2:3:4:5:6:1.2.3.4')).toEqual(bytesOf('1:2:3:4:5:6:102:304'))
	})

	test('rejects malformed text', () => {
		const malformed = [':::', '1::2::3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', ':1:2:3:4:5:6:7', '12345::', 'g::1', '::1.2.3']
		for (const bad of [...malformed, '1:2:3:4:5:6:7:1.2.3.4', '', '[]']) {
			expect(parseIpv6(bad)).toBeNull()
		}
	})

	test('property: agrees with the WHATWG URL parser on every address and round-trips through formatIp', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
				const text = formatIp(bytes)
				const canonical = new URL(`http://[${text}]/`).hostname
				return [...(parseIp(text) ?? [])].join() === [...bytes].join() && [...(parseIp(canonical) ?? [])].join() === [...bytes].join()
			})
		)
	})
})

describe('CIDR', () => {
	test('contains addresses inside the prefix only', () => {
		const block = parseCidr('172.16.0.0/12')
		expect(block).not.toBeNull()
		if (block === null) return
		expect(cidrContains(block, parseIp('172.31.255.255') as Uint8Array)).toBe(true)
		expect(cidrContains(block, parseIp('172.32.0.0') as Uint8Array)).toBe(false)
		expect(cidrContains(block, parseIp('::ffff:172.16.0.1') as Uint8Array)).toBe(false)
	})

	test('a bare address is a single-address block; bad prefixes are refused', () => {
		expect(parseCidr('::1')?.prefixLength).toBe(128)
		expect(parseCidr('10.0.0.1')?.prefixLength).toBe(32)
		for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/a', 'host/8']) expect(parseCidr(bad)).toBeNull()
	})
})
