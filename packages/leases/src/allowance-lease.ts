/**
 * Allowance leases (ADR 0031): a replica claims part of a subject's allowance for one window (a
 * UTC second, a UTC month) in one statement and admits from it locally until it is spent, expires
 * or the window ends. The store grants only what is left, so the grants of one window never add up
 * past the limit and no replica can admit beyond it. Unused calls go back to the store only while
 * the window is current; a replica that dies keeps its lease's rest out of use (the safe side).
 */

/** What the store holds of one subject and window (a row of the lease table). */
export type AllowanceRow = { windowStartMs: number; limit: number; granted: number }

/** Grants up to `want` calls of the window starting at `windowStartMs`; a newer window starts from nothing. */
export function claimAllowance(
	row: AllowanceRow | undefined,
	windowStartMs: number,
	limit: number,
	want: number
): { row: AllowanceRow; granted: number } {
	const current = row && row.windowStartMs >= windowStartMs ? row : { windowStartMs, limit, granted: 0 }
	if (current.windowStartMs > windowStartMs) return { row: current, granted: 0 }
	const granted = Math.max(0, Math.min(want, current.limit - current.granted))
	return { row: { ...current, granted: current.granted + granted }, granted }
}

/** Takes back `unused` calls of a lease on the window starting at `windowStartMs`; a later window ignores them. */
export function returnAllowance(row: AllowanceRow, windowStartMs: number, unused: number): AllowanceRow {
	if (row.windowStartMs !== windowStartMs) return row
	return { ...row, granted: Math.max(0, row.granted - unused) }
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
