import type { Sql } from '@lv/db'
import { hourWindow, type Window } from '@lv/fixed-window'

/**
 * Counting keyless calls in batches, in usage_counters (scope `h:<route>:<client address>`, one row
 * per UTC hour). The row counts every call, admitted or not, so one statement can add a whole batch
 * per scope and the count before it is the count after minus the batch: the i-th call of a scope
 * in the batch is admitted when that count plus i is within the limit. Exact across replicas: each
 * scope's row is locked while its batch is added, and the statement's counts are the committed ones.
 */
export type KeylessClaim = { scope: string; window: Window; limit: number }
export type KeylessVerdict = { admitted: boolean; used: number; window: Window }

export const keylessScope = (route: string, address: string) => `h:${route}:${address}`

export const keylessClaim = (input: { route: string; address: string; limit: number; nowMs: number }): KeylessClaim => ({
	scope: keylessScope(input.route, input.address),
	window: hourWindow(input.nowMs),
	limit: input.limit
})

const rowKey = (scope: string, windowStartMs: number) => `${windowStartMs}|${scope}`

/** The i-th call of a row in the batch saw `count after - calls in batch + i`; a refused call reports the limit as used. */
export function assignKeylessVerdicts(claims: readonly KeylessClaim[], countAfter: ReadonlyMap<string, number>): KeylessVerdict[] {
	const calls = new Map<string, number>()
	for (const claim of claims) {
		const key = rowKey(claim.scope, claim.window.startMs)
		calls.set(key, (calls.get(key) ?? 0) + 1)
	}
	const seen = new Map<string, number>()
	return claims.map((claim) => {
		const key = rowKey(claim.scope, claim.window.startMs)
		const position = (seen.get(key) ?? 0) + 1
		seen.set(key, position)
		const after = countAfter.get(key)
		if (after === undefined) throw new Error(`keyless batch returned no count for ${claim.scope}`)
		const used = after - (calls.get(key) ?? 0) + position
		return used <= claim.limit
			? { admitted: true, used, window: claim.window }
			: { admitted: false, used: claim.limit, window: claim.window }
	})
}

/** One statement for the whole batch; rows are locked in key order (no deadlocks between replicas), commit asynchronous. */
export async function countKeylessClaims(sql: Sql, claims: readonly KeylessClaim[]): Promise<KeylessVerdict[]> {
	const calls = new Map<string, { scope: string; startMs: number; calls: number }>()
	for (const claim of claims) {
		const key = rowKey(claim.scope, claim.window.startMs)
		const entry = calls.get(key) ?? { scope: claim.scope, startMs: claim.window.startMs, calls: 0 }
		entry.calls++
		calls.set(key, entry)
	}
	const rows = [...calls.values()]
	const counted = await sql<{ scope: string; window_start: Date; count: number }[]>`
		INSERT INTO usage_counters AS u (scope, window_start, count)
		SELECT scope, window_start, calls
		FROM unnest(${rows.map((row) => row.scope)}::text[], ${rows.map((row) => new Date(row.startMs).toISOString())}::timestamptz[], ${rows.map((row) => row.calls)}::int[])
			AS x(scope, window_start, calls),
			(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
		ORDER BY scope, window_start
		ON CONFLICT (scope, window_start) DO UPDATE SET count = u.count + excluded.count
		RETURNING scope, window_start, count`
	return assignKeylessVerdicts(claims, new Map(counted.map((row) => [rowKey(row.scope, row.window_start.getTime()), row.count])))
}

/**
 * Scopes that reached their limit in the current window. Keyless counts are never given back, so
 * once a call was refused every later call of that scope and window is refused too: answered here
 * without a statement (a client hammering past its cap costs no database work).
 */
export class ExhaustedScopes {
	readonly #maxEntries: number
	#windowStartMs = Number.NEGATIVE_INFINITY
	#scopes = new Set<string>()

	constructor(maxEntries = 100_000) {
		this.#maxEntries = maxEntries
	}

	refusal(claim: KeylessClaim): KeylessVerdict | null {
		return claim.window.startMs === this.#windowStartMs && this.#scopes.has(claim.scope)
			? { admitted: false, used: claim.limit, window: claim.window }
			: null
	}

	note(claim: KeylessClaim, verdict: KeylessVerdict): void {
		if (verdict.admitted || claim.window.startMs < this.#windowStartMs) return
		if (claim.window.startMs > this.#windowStartMs || this.#scopes.size >= this.#maxEntries) {
			this.#windowStartMs = claim.window.startMs
			this.#scopes = new Set()
		}
		this.#scopes.add(claim.scope)
	}
}
