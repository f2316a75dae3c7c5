import type { CachedKey, KeyCache } from './key-cache.ts'

const MAX_REMEMBERED_REFUSALS = 10_000

/** Subjects (an account, or a legacy trial key) a keyed limit refused, until the end of the refusing window. */
export class RefusalHints {
	readonly #untilMs = new Map<string, number>()

	note(subject: string, untilMs: number): void {
		if (this.#untilMs.size >= MAX_REMEMBERED_REFUSALS) this.#untilMs.clear()
		this.#untilMs.set(subject, untilMs)
	}

	isRefused(subject: string, nowMs: number): boolean {
		const untilMs = this.#untilMs.get(subject)
		if (untilMs === undefined) return false
		if (nowMs < untilMs) return true
		this.#untilMs.delete(subject)
		return false
	}
}

/**
 * The cached key of a keyed request that will very likely be admitted: cached here as live, allowed
 * on this route, and its subject not refused in the current window. Read-only routes use it to run
 * while the call is being counted; it never admits or refuses anything (the auth macro decides).
 */
export function likelyAdmittedKey(keys: KeyCache, refusals: RefusalHints, keyHash: Uint8Array, publicEndpoint: boolean, nowMs: number): CachedKey | undefined {
	const entry = keys.liveEntry(keyHash, nowMs)
	const plan = entry?.plan
	if (!entry || !plan || (plan.isTrial && !publicEndpoint)) return undefined
	return refusals.isRefused(plan.isTrial ? entry.keyId : entry.accountId, nowMs) ? undefined : entry
}
