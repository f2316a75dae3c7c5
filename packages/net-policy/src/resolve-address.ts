import { lookup } from 'node:dns/promises'
import { type StartTimer, withDeadline } from '@lv/clock'
import { blockedRangeOf } from './address-policy.ts'
import { type AllowList, allowsAddress, allowsOrigin } from './allow-list.ts'
import { parseIp } from './ip-address.ts'

export type Resolve = (hostname: string) => Promise<readonly { address: string; family: number }[]>

export const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true })

/**
 * `resolve` that gives up after `timeoutMs`, so a name server that never answers cannot hold a call
 * past its deadline (a system lookup cannot be cancelled; its late answer is ignored).
 */
export function resolveWithin(resolve: Resolve, timeoutMs: number, startTimer?: StartTimer): Resolve {
	return (hostname) =>
		withDeadline(resolve(hostname), timeoutMs, {
			startTimer,
			error: () => new Error(`${hostname} did not resolve within ${timeoutMs} ms`)
		})
}

/** The one address a call must connect to (pin it), or why the URL's host may not be called. */
export type AddressCheck =
	| { ok: true; address: string; family: 4 | 6 }
	| { ok: false; reason: 'unresolvable_host' | 'private_ip_blocked'; detail: string }

/**
 * Resolves the URL's host (a literal IP is taken as is) and checks EVERY address against the
 * address policy, so a name with one public and one private address is refused. An origin on the
 * allow-list skips the address check, an address inside an allow-listed CIDR passes it. The first
 * address is returned to pin the connection to. For a name, the refusal does not echo the resolved
 * address (that would map internal DNS for whoever sees the message).
 */
export async function checkUrlAddress(url: URL, allowList: AllowList, resolve: Resolve = systemResolve): Promise<AddressCheck> {
	const hostname = url.hostname
	const literal = parseIp(hostname)
	const addresses = literal !== null ? [{ address: hostname.replace(/^\[|\]$/g, '') }] : await resolveAll(hostname, resolve)
	const first = addresses[0]
	if (first === undefined) return { ok: false, reason: 'unresolvable_host', detail: `${hostname} does not resolve` }
	if (!allowsOrigin(allowList, url)) {
		for (const { address } of addresses) {
			if (allowsAddress(allowList, address)) continue
			const blocked = blockedRangeOf(address)
			if (blocked === null) continue
			return {
				ok: false,
				reason: 'private_ip_blocked',
				detail: literal === null ? `${hostname} resolves to a non-public address` : `${address} is in ${blocked}`
			}
		}
	}
	return { ok: true, address: first.address, family: parseIp(first.address)?.length === 16 ? 6 : 4 }
}

async function resolveAll(hostname: string, resolve: Resolve): Promise<readonly { address: string }[]> {
	try {
		return await resolve(hostname)
	} catch {
		return []
	}
}
