import type { Clock } from '@lv/clock'

/**
 * A value computed at most once every `ttlMs` of the injected clock, per replica: calls in between
 * (and calls while it is being computed) share it; a failed computation is forgotten at once.
 */
export function cachedFor<T>(clock: Clock, ttlMs: number, compute: (now: Date) => Promise<T>): () => Promise<T> {
	let cached: { computedAtMs: number; value: Promise<T> } | undefined
	return () => {
		const nowMs = clock.nowMs()
		if (!cached || nowMs - cached.computedAtMs >= ttlMs) {
			const value = compute(new Date(nowMs))
			cached = { computedAtMs: nowMs, value }
			value.catch(() => {
				if (cached?.value === value) cached = undefined
			})
		}
		return cached.value
	}
}
