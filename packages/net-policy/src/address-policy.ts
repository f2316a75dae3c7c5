import { type Cidr, type IpBytes, formatIp, inPrefix, parseCidr, parseIp } from './ip-address.ts'

type NamedRange = { cidr: Cidr; name: string }

const named = (entries: [string, string][]): NamedRange[] =>
	entries.map(([text, name]) => {
		const cidr = parseCidr(text)
		if (cidr === null) throw new Error(`bad built-in range ${text}`)
		return { cidr, name }
	})

/** IPv4 blocks that are not public unicast (IANA special-purpose registry plus multicast and reserved). */
const BLOCKED_IPV4 = named([
	['0.0.0.0/8', 'this-network (0.0.0.0/8)'],
	['10.0.0.0/8', 'private (10.0.0.0/8)'],
	['100.64.0.0/10', 'shared CGNAT (100.64.0.0/10)'],
	['127.0.0.0/8', 'loopback (127.0.0.0/8)'],
	['169.254.0.0/16', 'link-local and cloud metadata (169.254.0.0/16)'],
	['172.16.0.0/12', 'private (172.16.0.0/12)'],
	['192.0.0.0/24', 'IETF protocol assignments (192.0.0.0/24)'],
	['192.0.2.0/24', 'documentation (192.0.2.0/24)'],
	['192.88.99.0/24', '6to4 relay anycast (192.88.99.0/24)'],
	['192.168.0.0/16', 'private (192.168.0.0/16)'],
	['198.18.0.0/15', 'benchmarking (198.18.0.0/15)'],
	['198.51.100.0/24', 'documentation (198.51.100.0/24)'],
	['203.0.113.0/24', 'documentation (203.0.113.0/24)'],
	['224.0.0.0/4', 'multicast (224.0.0.0/4)'],
	['255.255.255.255/32', 'broadcast (255.255.255.255)'],
	['240.0.0.0/4', 'reserved (240.0.0.0/4)']
])

/** IPv6 blocks checked before the global-unicast test, so the reason names the real range. */
const BLOCKED_IPV6 = named([
	['::/128', 'unspecified (::)'],
	['::1/128', 'loopback (::1)'],
	['64:ff9b:1::/48', 'local-use NAT64 (64:ff9b:1::/48)'],
	['100::/64', 'discard-only (100::/64)'],
	['2001:2::/48', 'benchmarking (2001:2::/48)'],
	['2001:10::/28', 'deprecated ORCHID (2001:10::/28)'],
	['2001:db8::/32', 'documentation (2001:db8::/32)'],
	['3fff::/20', 'documentation (3fff::/20)'],
	['fc00::/7', 'unique-local (fc00::/7)'],
	['fe80::/10', 'link-local (fe80::/10)'],
	['fec0::/10', 'site-local (fec0::/10)'],
	['ff00::/8', 'multicast (ff00::/8)']
])

const GLOBAL_UNICAST_V6 = parseCidr('2000::/3') as Cidr

/** IPv6 forms that carry an IPv4 address: the embedded address decides. */
type Embedding = { cidr: Cidr; name: string; extract: (bytes: IpBytes) => IpBytes[] }
const lastFour = (bytes: IpBytes) => [bytes.slice(12, 16)]
const EMBEDDINGS: Embedding[] = [
	{ cidr: parseCidr('::ffff:0:0/96') as Cidr, name: 'IPv4-mapped', extract: lastFour },
	{ cidr: parseCidr('::ffff:0:0:0/96') as Cidr, name: 'IPv4-translated', extract: lastFour },
	{ cidr: parseCidr('::/96') as Cidr, name: 'IPv4-compatible', extract: lastFour },
	{ cidr: parseCidr('64:ff9b::/96') as Cidr, name: 'NAT64', extract: lastFour },
	{ cidr: parseCidr('2002::/16') as Cidr, name: '6to4', extract: (bytes) => [bytes.slice(2, 6)] },
	{
		cidr: parseCidr('2001::/32') as Cidr,
		name: 'Teredo',
		// server address in bits 32–63, client address in the last 32 bits, bit-inverted
		extract: (bytes) => [bytes.slice(4, 8), bytes.slice(12, 16).map((byte) => byte ^ 0xff)]
	}
]

const matchRange = (bytes: IpBytes, ranges: NamedRange[]): string | null =>
	ranges.find((range) => inPrefix(bytes, range.cidr.network, range.cidr.prefixLength))?.name ?? null

function blockedIpv4(bytes: IpBytes): string | null {
	return matchRange(bytes, BLOCKED_IPV4)
}

function blockedIpv6(bytes: IpBytes): string | null {
	const direct = matchRange(bytes, BLOCKED_IPV6)
	if (direct !== null) return direct
	for (const embedding of EMBEDDINGS) {
		if (!inPrefix(bytes, embedding.cidr.network, embedding.cidr.prefixLength)) continue
		for (const embedded of embedding.extract(bytes)) {
			const inner = blockedIpv4(embedded)
			if (inner !== null) return `${embedding.name} form of ${formatIp(embedded)}, ${inner}`
		}
		return null
	}
	if (!inPrefix(bytes, GLOBAL_UNICAST_V6.network, GLOBAL_UNICAST_V6.prefixLength)) return 'not IPv6 global unicast (2000::/3)'
	return null
}

/**
 * Why `address` may not be called (a webhook receiver, a register source), or null when it is public unicast.
 * Anything that does not parse as an IP address is refused (fail closed).
 */
export function blockedRangeOf(address: string | IpBytes): string | null {
	const bytes = typeof address === 'string' ? parseIp(address) : address
	if (bytes === null) return 'not an IP address'
	return bytes.length === 4 ? blockedIpv4(bytes) : blockedIpv6(bytes)
}

export const isPublicAddress = (address: string | IpBytes): boolean => blockedRangeOf(address) === null
