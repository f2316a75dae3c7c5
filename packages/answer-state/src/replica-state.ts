import type { StateReport } from './report.ts'

/** The longest freshness a report promises (a state with no register to go stale is reported for a day at a time). */
export const MAX_FRESH_FOR_MS = 86_400_000

/** What a replica's answers rest on for one index snapshot at one instant, and when its freshness next changes. */
export type DescribedState = { state: string; nextChangeMs: number }

/**
 * One checker replica's answer state as it reports it: described afresh for a new index snapshot or once
 * its freshness window has passed (or the clock stepped back before it, as the answer memo does), `seq`
 * raised whenever the described state differs from the last, so that a gateway can order reports.
 */
export class ReplicaAnswerState<Index extends object> {
	readonly replica: string
	readonly #describe: (index: Index, nowMs: number) => DescribedState
	#seq = 0
	#state = ''
	#index: Index | null = null
	#fromMs = Number.POSITIVE_INFINITY
	#untilMs = Number.NEGATIVE_INFINITY
	#leaving = false

	constructor(describe: (index: Index, nowMs: number) => DescribedState, replica: string = crypto.randomUUID()) {
		this.#describe = describe
		this.replica = replica
	}

	/** The report for answers computed on `index` at `nowMs`. */
	report(index: Index, nowMs: number): StateReport {
		if (index !== this.#index || nowMs >= this.#untilMs || nowMs < this.#fromMs) {
			const described = this.#describe(index, nowMs)
			this.#index = index
			this.#fromMs = nowMs
			this.#untilMs = described.nextChangeMs
			if (described.state !== this.#state) {
				this.#seq++
				this.#state = described.state
			}
		}
		const freshForMs = Math.max(0, Math.min(this.#untilMs - nowMs, MAX_FRESH_FOR_MS))
		return { replica: this.replica, seq: this.#seq, state: this.#state, freshForMs, ...(this.#leaving ? { leaving: true } : {}) }
	}

	/** The report saying the replica stops answering; every later report says so too. */
	leave(index: Index, nowMs: number): StateReport {
		this.#leaving = true
		this.#seq++
		return this.report(index, nowMs)
	}
}
