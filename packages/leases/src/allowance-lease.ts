/**
 * Allowance leases (ADR 0031): a replica claims part of a subject's allowance for one window (a
 * UTC second, a UTC month) in one statement and admits from it locally until it is spent, expires
 * or the window ends. The store grants only what is left, so the grants of one window never add up
 * past the limit and no replica can admit beyond it. What the store counted and never admitted goes
 * back only while the window is current: the calls a grant asked for beyond what it was given, and a
 * lease's unused rest once the lease has stopped admitting. A replica that dies keeps its lease's
 * rest out of use (the safe side).
 */

/**
 * What the store holds of one subject and window (its limit_counters row): `counted` is every call
 * counted in the window, calls counted one batch at a time and grants alike, less what came back.
 */
export type AllowanceRow = { windowStartMs: number; limit: number; counted: number }

/**
 * Counts `want` calls in the window starting at `windowStartMs` and admits or grants what the limit
 * leaves of them, as the counting statement does for a batch or a grant (the per-second window counts
 * every call asked for; the unadmitted ones, `want − granted`, go back with `returnAllowance`). A newer
 * window starts from nothing; a claim on an older one is granted nothing and counted nowhere.
 */
export function claimAllowance(
	row: AllowanceRow | undefined,
	windowStartMs: number,
	limit: number,
	want: number
): { row: AllowanceRow; granted: number } {
	const current = row && row.windowStartMs >= windowStartMs ? row : { windowStartMs, limit, counted: 0 }
	if (current.windowStartMs > windowStartMs) return { row: current, granted: 0 }
	const granted = Math.max(0, Math.min(want, current.limit - current.counted))
	return { row: { ...current, counted: current.counted + want }, granted }
}

/** Takes back `calls` counted calls of the window starting at `windowStartMs` that were never admitted; a later window ignores them. */
export function returnAllowance(row: AllowanceRow, windowStartMs: number, calls: number): AllowanceRow {
	if (row.windowStartMs !== windowStartMs) return row
	return { ...row, counted: Math.max(0, row.counted - calls) }
}

/** One replica's lease on one subject's window: admits locally until spent, expired or its window has passed. */
export class AllowanceLease {
	readonly windowStartMs: number
	readonly #windowEndMs: number
	readonly #expiresAtMs: number
	#remaining: number

	constructor(grant: { windowStartMs: number; windowEndMs: number; granted: number; expiresAtMs: number }) {
		this.windowStartMs = grant.windowStartMs
		this.#windowEndMs = grant.windowEndMs
		this.#expiresAtMs = grant.expiresAtMs
		this.#remaining = grant.granted
	}

	/** Admits one call at `nowMs` when the lease still has room for it. */
	take(nowMs: number): boolean {
		if (this.#remaining <= 0 || nowMs < this.windowStartMs || nowMs >= this.#windowEndMs || nowMs >= this.#expiresAtMs) return false
		this.#remaining--
		return true
	}

	/** Ends the lease: no further admission from it; returns what is left to give back. */
	surrender(): number {
		const unused = this.#remaining
		this.#remaining = 0
		return unused
	}

	get remaining() {
		return this.#remaining
	}
}
