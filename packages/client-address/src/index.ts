/**
 * Who sent a request, by the one rule every service uses (the gateway's keyless per-IP cap, the
 * dashboard's attempt limits): the socket peer, or, only when that peer is a configured trusted
 * proxy, the nearest untrusted hop of X-Forwarded-For (read right to left, so a client cannot
 * prepend its way past a limit).
 */
export type TrustedProxies = (address: string) => boolean

export const UNKNOWN_PEER = 'unknown'

export function peerAddressOf(request: Request, server: { requestIP(request: Request): { address: string } | null } | null): string {
	const address = server?.requestIP(request)?.address
	return address === undefined ? UNKNOWN_PEER : normaliseAddress(address)
}

export function clientAddress(request: Request, peer: string, isTrusted: TrustedProxies): string {
	if (!isTrusted(peer)) return peer
	const forwarded = request.headers.get('x-forwarded-for')
	if (!forwarded) return peer
	const hops = forwarded
		.split(',')
		.map((hop) => normaliseAddress(hop.trim()))
		.filter((hop) => hop.length > 0 && hop.length <= 64)
	for (let index = hops.length - 1; index >= 0; index--) {
		const hop = hops[index] as string
		if (!isTrusted(hop)) return hop
	}
	return hops[0] ?? peer
}

/**
 * Whether the request reached the outside over https: only a trusted proxy's X-Forwarded-Proto
 * counts, and of a list the value the nearest proxy appended (the last one).
 */
export function forwardedHttps(request: Request, peer: string, isTrusted: TrustedProxies): boolean {
	if (!isTrusted(peer)) return false
	const proto = request.headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase()
	return proto === 'https'
}

export function normaliseAddress(address: string): string {
	const lower = address.toLowerCase()
	return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower
}

const ipv4ToNumber = (address: string): number | null => {
	const parts = address.split('.')
	if (parts.length !== 4) return null
	let value = 0
	for (const part of parts) {
		if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null
		value = value * 256 + Number(part)
	}
	return value
}

/** TRUSTED_PROXIES: comma-separated addresses or IPv4 CIDR blocks (e.g. `10.0.0.5,10.1.0.0/16,::1`). */
export function parseTrustedProxies(list: string): TrustedProxies {
	const exact = new Set<string>()
	const blocks: { base: number; mask: number }[] = []
	for (const entry of list
		.split(',')
		.map((item) => item.trim())
		.filter(Boolean)) {
		const [address = '', bits] = entry.split('/')
		const base = ipv4ToNumber(address)
		if (bits !== undefined && base !== null && /^\d{1,2}$/.test(bits) && Number(bits) <= 32) {
			const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0
			blocks.push({ base: (base & mask) >>> 0, mask })
		} else {
			exact.add(normaliseAddress(address))
		}
	}
	return (candidate) => {
		const address = normaliseAddress(candidate)
		if (exact.has(address)) return true
		const value = ipv4ToNumber(address)
		return value !== null && blocks.some((block) => (value & block.mask) >>> 0 === block.base)
	}
}
