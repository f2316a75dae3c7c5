import { fileURLToPath } from 'node:url'
import { type AllowList, type Resolve, allowsOrigin, checkUrlAddress, parseAllowList, systemResolve } from '@lv/net-policy'
import { type JurisdictionCode, regulatorUrlRefusal } from '@lv/registers'
import { FetchFailedError } from '../errors.ts'

/**
 * Where the reader may connect. Strict by default: only the jurisdiction's regulator hosts
 * (@lv/registers REGULATOR_HOSTS), over https, at public addresses. The operator's exceptions come
 * from deployment config (READER_SOURCE_ALLOW_LIST, READER_SOURCE_ALLOW_FILES), never from a
 * publication: `host:port` origins (the local register server) pass the host and address checks,
 * CIDRs pass the address check, and file: URLs are read only when files are allowed.
 */
export type SourcePolicy = { allowList: AllowList; allowFiles: boolean; resolve: Resolve }

/** Throws on an allow-list entry it cannot read, so a typo fails at start-up. */
export function sourcePolicy(allowList: readonly string[], options: { allowFiles?: boolean; resolve?: Resolve } = {}): SourcePolicy {
	return { allowList: parseAllowList(allowList), allowFiles: options.allowFiles ?? false, resolve: options.resolve ?? systemResolve }
}

/** The policy of a reader reading through a local register server at `serverUrl` (tests, the local stack): that origin is allowed. */
export const registerServerPolicy = (serverUrl: string): SourcePolicy => sourcePolicy([new URL(serverUrl).host])

/** One approved hop: a local file, or a URL and the checked address its connection is pinned to. */
export type Hop = { kind: 'file'; path: string } | { kind: 'http'; url: URL; address: string }

const refused = (url: string, why: string) => new FetchFailedError('source_refused', url, `${url} is not read: ${why}`)

/**
 * Why `target` is not a source of the jurisdiction by its text alone (scheme, host, userinfo), or
 * null: a regulator URL, a URL on an allow-listed origin, or a file URL where files are allowed.
 */
export function sourceRefusal(policy: SourcePolicy, jurisdiction: JurisdictionCode, target: string): string | null {
	let url: URL
	try {
		url = new URL(target)
	} catch {
		return 'not an absolute URL'
	}
	if (url.protocol === 'file:') return policy.allowFiles ? null : 'file URLs are not read unless READER_SOURCE_ALLOW_FILES is set'
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not read`
	if (url.username !== '' || url.password !== '') return 'a URL with a user name or password'
	return allowsOrigin(policy.allowList, url) ? null : regulatorUrlRefusal(jurisdiction, target)
}

/** Checks one hop (the first request or a redirect target): its text, then every address it resolves to. Throws FetchFailedError('source_refused'). */
export async function checkHop(policy: SourcePolicy, jurisdiction: JurisdictionCode, target: string): Promise<Hop> {
	const refusal = sourceRefusal(policy, jurisdiction, target)
	if (refusal !== null) throw refused(target, refusal)
	const url = new URL(target)
	if (url.protocol === 'file:') return { kind: 'file', path: fileURLToPath(url) }
	const checked = await checkUrlAddress(url, policy.allowList, policy.resolve)
	if (!checked.ok) throw refused(target, checked.detail)
	return { kind: 'http', url, address: checked.address }
}
