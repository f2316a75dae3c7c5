import type { RefusalHints } from '../limits/refusal-hints.ts'
import type { CachedKey, KeyCache } from './key-cache.ts'

/**
 * The cached key of a keyed request that will very likely be admitted: cached here as live, allowed
 * on this route, and its subject not refused in the current window. Read-only routes use it to run
 * while the call is being counted; it never admits or refuses anything (the auth macro decides).
 */
export function likelyAdmittedKey(
	keys: KeyCache,
	refusals: RefusalHints,
	keyHash: Uint8Array,
	publicEndpoint: boolean,
	nowMs: number
): CachedKey | undefined {
	const entry = keys.liveEntry(keyHash, nowMs)
	const plan = entry?.plan
	if (!entry || !plan || (plan.isTrial && !publicEndpoint)) return undefined
	return refusals.isRefused(plan.isTrial ? entry.keyId : entry.accountId, nowMs) ? undefined : entry
}
