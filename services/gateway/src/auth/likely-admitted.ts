import { hasApiKeyShape, hashApiKey } from '@lv/accounts'
import { readCredentials } from './bearer.ts'
import type { KeyCache } from './key-cache.ts'

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
 * Whether a keyed request will very likely be admitted: its key is cached here as live and its
 * subject was not refused in the current window. Routes use it to start expensive work while the
 * call is being counted; it never admits or refuses anything (the auth macro still decides).
 */
export function likelyAdmitted(keys: KeyCache, refusals: RefusalHints, authorization: string | null, nowMs: number): boolean {
	const credentials = readCredentials(authorization)
	if (credentials.kind !== 'key' || !hasApiKeyShape(credentials.key)) return false
	const entry = keys.liveEntry(hashApiKey(credentials.key), nowMs)
	if (!entry?.plan) return false
	return !refusals.isRefused(entry.plan.isTrial ? entry.keyId : entry.accountId, nowMs)
}
