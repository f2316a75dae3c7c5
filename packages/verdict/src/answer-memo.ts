import { coveredJurisdictions } from './freshness.ts'
import type { CheckIndex } from './index-model.ts'
import { Recent } from './recent.ts'

/**
 * The instant after `nowMs` at which some covered register's `fresh` flips (its last read ages past
 * its SLA), or Infinity. Until then, and on the same index snapshot, a check without as_of answers
 * exactly the same bytes: `now` enters an answer only through freshness.
 */
export function nextFreshnessChangeMs(index: CheckIndex, nowMs: number): number {
	let next = Number.POSITIVE_INFINITY
	for (const jurisdiction of coveredJurisdictions(index)) {
		const readAt = jurisdiction.last_successful_read_at
		if (readAt === null) continue
		const staleFrom = readAt + jurisdiction.sla_hours * 3_600_000
		if (staleFrom > nowMs && staleFrom < next) next = staleFrom
	}
	return next
}

/** Queries asked once are noted up to this many times the memo's capacity (each is a short string, not an answer). */
const ASKED_ONCE_PER_ANSWER = 4

/**
 * Remembers the answers to checks without as_of for one index snapshot and one freshness state: a
 * new snapshot (a rebuild or a register read) or a register going stale forgets them all. An
 * answer is remembered when its query is asked a second time: most checks are of domains asked once
 * (screening for what no register lists), and remembering those would push out the answers asked
 * again and again while keeping kilobytes per one-off answer. The queries asked once are noted (those
 * of the latest `ASKED_ONCE_PER_ANSWER × capacity` first asks); at most `capacity` answers are kept,
 * the oldest goes first.
 */
export class AnswerMemo<Answer> {
	#index: CheckIndex | null = null
	#validFromMs = Number.POSITIVE_INFINITY
	#validUntilMs = Number.NEGATIVE_INFINITY
	readonly #answers: Recent<Answer>
	readonly #askedOnce: Recent<true>
	#hits = 0
	#misses = 0

	constructor(capacity: number) {
		this.#answers = new Recent(capacity)
		this.#askedOnce = new Recent(capacity * ASKED_ONCE_PER_ANSWER)
	}

	/**
	 * The remembered answer to `query` on `index` at `nowMs`, else `compute(kept)`, remembered when asked
	 * before: `kept` says so beforehand, so an answer asked once can skip what only a kept one needs.
	 */
	answer(index: CheckIndex, nowMs: number, query: string, compute: (kept: boolean) => Answer): Answer {
		// A clock stepped back is treated like one that moved on: the freshness state may differ.
		if (index !== this.#index || nowMs >= this.#validUntilMs || nowMs < this.#validFromMs) {
			this.#answers.clear()
			this.#askedOnce.clear()
			this.#index = index
			this.#validFromMs = nowMs
			this.#validUntilMs = nextFreshnessChangeMs(index, nowMs)
		}
		const known = this.#answers.get(query)
		if (known !== undefined) {
			this.#hits++
			return known
		}
		this.#misses++
		const kept = this.#askedOnce.get(query) !== undefined
		const computed = compute(kept)
		if (kept) {
			this.#askedOnce.delete(query)
			this.#answers.put(query, computed)
		} else this.#askedOnce.put(query, true)
		return computed
	}

	/** Answers remembered. */
	get size(): number {
		return this.#answers.size
	}

	/** Queries answered from memory so far. */
	get hits(): number {
		return this.#hits
	}

	/** Queries computed so far. */
	get misses(): number {
		return this.#misses
	}
}
