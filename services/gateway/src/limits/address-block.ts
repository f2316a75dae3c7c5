import { parseIpv6 } from '@lv/net-policy'

/**
 * What a per-address limit counts by: an IPv4 address whole (/32), an IPv6 address by its /64, the
 * block one subscriber is routinely given (RFC 6177), so a client cannot walk its own /64 to get a
 * fresh allowance per address. Anything else (an unparseable peer) counts as itself.
 */
export function addressBlock(address: string): string {
	if (!address.includes(':')) return address
	const bytes = parseIpv6(address)
	if (bytes === null) return address
	if (isIpv4Mapped(bytes)) return bytes.subarray(12).join('.')
	const group = (index: number) => ((bytes[index * 2] ?? 0) * 256 + (bytes[index * 2 + 1] ?? 0)).toString(16)
	return `${group(0)}:${group(1)}:${group(2)}:${group(3)}::/64`
}

const isIpv4Mapped = (bytes: Uint8Array) => bytes.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff
