/** An IP address as network-order bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array

/**
 * Strict dotted-decimal IPv4 (`a.b.c.d`, each 0–255, no leading zeros).
 * Looser spellings (`127.1`, `0x7f.1`, `2130706433`) are the URL parser's job: WHATWG URL
 * turns them into this canonical form, and anything still not canonical is treated as a name.
 */
export function parseIpv4(text: string): IpBytes | null {
	const parts = text.split('.')
	if (parts.length !== 4) return null
	const bytes = new Uint8Array(4)
	for (const [index, part] of parts.entries()) {
		if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null
		const value = Number(part)
		if (value > 255) return null
		bytes[index] = value
	}
	return bytes
}

/** IPv6 in any RFC 4291 text form (`::`, embedded dotted IPv4, optional brackets and zone id). */
export function parseIpv6(text: string): IpBytes | null {
	let body = text
	if (body.startsWith('[') && body.endsWith(']')) body = body.slice(1, -1)
	const zone = body.indexOf('%')
	if (zone !== -1) body = body.slice(0, zone)
	if (body.length === 0 || !body.includes(':')) return null

	const lastColon = body.lastIndexOf(':')
	const lastPart = body.slice(lastColon + 1)
	if (lastPart.includes('.')) {
		const embedded = parseIpv4(lastPart)
		if (embedded === null) return null
		const high = (((embedded[0] ?? 0) << 8) | (embedded[1] ?? 0)).toString(16)
		const low = (((embedded[2] ?? 0) << 8) | (embedded[3] ?? 0)).toString(16)
		body = `${body.slice(0, lastColon + 1)}${high}:${low}`
	}

	const doubleColon = body.indexOf('::')
	if (doubleColon !== body.lastIndexOf('::')) return null
	const parseGroups = (segment: string): number[] | null => {
		if (segment === '') return []
		const groups: number[] = []
		for (const group of segment.split(':')) {
			if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null
			groups.push(Number.parseInt(group, 16))
		}
		return groups
	}

	let groups: number[]
	if (doubleColon === -1) {
		const all = parseGroups(body)
		if (all === null || all.length !== 8) return null
		groups = all
	} else {
		const head = parseGroups(body.slice(0, doubleColon))
		const tail = parseGroups(body.slice(doubleColon + 2))
		if (head === null || tail === null) return null
		const missing = 8 - head.length - tail.length
		if (missing < 1) return null
		groups = [...head, ...new Array<number>(missing).fill(0), ...tail]
	}

	const bytes = new Uint8Array(16)
	groups.forEach((group, index) => {
		bytes[index * 2] = group >> 8
		bytes[index * 2 + 1] = group & 0xff
	})
	return bytes
}

/** Parses either family; brackets around IPv6 are accepted. */
export function parseIp(text: string): IpBytes | null {
	return parseIpv4(text) ?? parseIpv6(text)
}

export function formatIp(bytes: IpBytes): string {
	if (bytes.length === 4) return bytes.join('.')
	const groups: string[] = []
	for (let index = 0; index < 16; index += 2) groups.push((((bytes[index] ?? 0) << 8) | (bytes[index + 1] ?? 0)).toString(16))
	return groups.join(':')
}

/** True when the first `prefixLength` bits of `address` equal those of `network` (same family only). */
export function inPrefix(address: IpBytes, network: IpBytes, prefixLength: number): boolean {
	if (address.length !== network.length) return false
	const fullBytes = Math.floor(prefixLength / 8)
	for (let index = 0; index < fullBytes; index++) if (address[index] !== network[index]) return false
	const remainingBits = prefixLength % 8
	if (remainingBits === 0) return true
	const mask = (0xff << (8 - remainingBits)) & 0xff
	return ((address[fullBytes] ?? 0) & mask) === ((network[fullBytes] ?? 0) & mask)
}

export type Cidr = { network: IpBytes; prefixLength: number }

/** `10.0.0.0/8`, `fd00::/8`, or a bare address (a single-address block). */
export function parseCidr(text: string): Cidr | null {
	const slash = text.indexOf('/')
	const addressText = slash === -1 ? text : text.slice(0, slash)
	const network = parseIp(addressText)
	if (network === null) return null
	const maxLength = network.length * 8
	if (slash === -1) return { network, prefixLength: maxLength }
	const lengthText = text.slice(slash + 1)
	if (!/^[0-9]{1,3}$/.test(lengthText)) return null
	const prefixLength = Number(lengthText)
	if (prefixLength > maxLength) return null
	return { network, prefixLength }
}

export const cidrContains = (cidr: Cidr, address: IpBytes): boolean => inPrefix(address, cidr.network, cidr.prefixLength)
