import { type Cidr, cidrContains, parseCidr, parseIp } from './ip-address.ts'

/**
 * Operator-only exceptions to an outbound address policy (webhook receivers, register sources),
 * from deployment config (never from the API):
 * `host:port` lets exactly that origin through every name and address check;
 * a CIDR (or a bare IP) lets addresses inside it through the private-address check.
 */
export type AllowList = {
	readonly origins: readonly { hostname: string; port: number }[]
	readonly cidrs: readonly Cidr[]
}

export const EMPTY_ALLOW_LIST: AllowList = { origins: [], cidrs: [] }

/** Throws on any entry it cannot read, so a typo fails at start-up instead of silently allowing nothing. */
export function parseAllowList(entries: readonly string[]): AllowList {
	const origins: { hostname: string; port: number }[] = []
	const cidrs: Cidr[] = []
	for (const raw of entries) {
		const entry = raw.trim()
		const cidr = entry.includes('/') || parseIp(entry) !== null ? parseCidr(entry.replace(/^\[(.*)\]$/, '$1')) : null
		if (cidr !== null) {
			cidrs.push(cidr)
			continue
		}
		const origin = parseOrigin(entry)
		if (origin === null) throw new Error(`allow-list entry "${raw}" is neither host:port nor an IP address or CIDR block`)
		origins.push(origin)
	}
	return { origins, cidrs }
}

function parseOrigin(entry: string): { hostname: string; port: number } | null {
	const match = /^(.+):([0-9]{1,5})$/.exec(entry)
	if (match === null) return null
	const [, host = '', portText = ''] = match
	if (!/^(\[[0-9a-fA-F:.]+\]|[^\s/\\@?#[\]:]+)$/.test(host)) return null
	const port = Number(portText)
	if (port < 1 || port > 65535) return null
	try {
		const hostname = new URL(`http://${host}/`).hostname
		return hostname === '' ? null : { hostname, port }
	} catch {
		return null
	}
}

export const effectivePort = (url: URL): number => (url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80)

export const allowsOrigin = (allowList: AllowList, url: URL): boolean =>
	allowList.origins.some((origin) => origin.hostname === url.hostname && origin.port === effectivePort(url))

export function allowsAddress(allowList: AllowList, address: string): boolean {
	const bytes = parseIp(address)
	return bytes !== null && allowList.cidrs.some((cidr) => cidrContains(cidr, bytes))
}
