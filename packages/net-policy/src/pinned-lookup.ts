import type { LookupFunction } from 'node:net'
import { parseIp } from './ip-address.ts'

export const addressFamily = (address: string): 4 | 6 => (parseIp(address)?.length === 16 ? 6 : 4)

/**
 * A `lookup` for node:http(s) that answers every name with `address`, the one the policy approved:
 * the system resolver is never asked again, so no DNS-rebinding window opens between the check
 * and the connection, while the Host header, TLS SNI and certificate check keep the URL's hostname.
 */
export function pinnedLookup(address: string): LookupFunction {
	const family = addressFamily(address)
	return ((_hostname: string, options: unknown, callback?: unknown) => {
		const done = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void
		const wantsAll = typeof options === 'object' && options !== null && (options as { all?: boolean }).all === true
		if (wantsAll) done(null, [{ address, family }])
		else done(null, address, family)
	}) as LookupFunction
}
