import { utcDayWindow } from '@lv/fixed-window'

/** An admitted call, or a refusal of a known account by its reason (SPEC `details.reason`). */
export type UsageOutcome = 'call' | (string & {})

/** One row of usage_daily's worth of counts: `day` is the UTC date, YYYY-MM-DD. */
export type UsageCount = { accountId: string; keyId: string; day: string; outcome: UsageOutcome; count: number }

type Pending = { accountId: string; keyId: string; dayStartMs: number; outcome: UsageOutcome; count: number }

const DAY_MS = 86_400_000

const dayOf = (dayStartMs: number) => new Date(dayStartMs).toISOString().slice(0, 10)

/**
 * Calls and refusals counted in memory, per account, key, UTC day and outcome, until drained into
 * usage_daily. The day is the call's own (its instant at admission), so a batch drained after
 * midnight still puts each call on the day it was made.
 */
export class UsageTally {
	/** By key: a replica sees few outcomes and days per key, so a short list beats building a compound key per call. */
	private readonly pending = new Map<string, Pending[]>()

	note(accountId: string, keyId: string, outcome: UsageOutcome, nowMs: number, count = 1): void {
		let entries = this.pending.get(keyId)
		if (entries === undefined) {
			entries = []
			this.pending.set(keyId, entries)
		}
		for (const entry of entries)
			if (entry.outcome === outcome && nowMs >= entry.dayStartMs && nowMs - entry.dayStartMs < DAY_MS) {
				entry.count += count
				return
			}
		entries.push({ accountId, keyId, dayStartMs: utcDayWindow(nowMs).startMs, outcome, count })
	}

	get isEmpty(): boolean {
		return this.pending.size === 0
	}

	/** Everything counted so far, emptying the tally. */
	drain(): UsageCount[] {
		const counts = [...this.pending.values()].flat().map(({ dayStartMs, ...entry }) => ({ ...entry, day: dayOf(dayStartMs) }))
		this.pending.clear()
		return counts
	}

	/** Puts counts back that could not be stored (they go out with the next drain). */
	restore(counts: readonly UsageCount[]): void {
		for (const { accountId, keyId, day, outcome, count } of counts)
			this.note(accountId, keyId, outcome, Date.parse(`${day}T00:00:00Z`), count)
	}
}
