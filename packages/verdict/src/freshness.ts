import type { CheckIndex, JurisdictionEntry } from './index-model.ts'
import type { RegisterMeta, StaleJurisdiction } from './result.ts'
import { toIso } from './time.ts'

/** Fresh while the last successful read is younger than the SLA; never read is not fresh. */
export function isFresh(jurisdiction: JurisdictionEntry, now: Date): boolean {
	const readAt = jurisdiction.last_successful_read_at
	return readAt !== null && now.getTime() - readAt < jurisdiction.sla_hours * 3_600_000
}

export function registerMeta(jurisdiction: JurisdictionEntry, now: Date): RegisterMeta {
	return {
		jurisdiction: jurisdiction.code,
		last_read_at: toIso(jurisdiction.last_successful_read_at),
		fresh: isFresh(jurisdiction, now),
		sla_hours: jurisdiction.sla_hours
	}
}

/** coveredJurisdictions per index snapshot (an index is replaced, never changed): every name and not-found answer asks twice. */
const coveredByIndex = new WeakMap<CheckIndex, readonly JurisdictionEntry[]>()

/** The index's jurisdictions in display order. */
export function coveredJurisdictions(index: CheckIndex): readonly JurisdictionEntry[] {
	let entries = coveredByIndex.get(index)
	if (entries === undefined) {
		entries = index.order.flatMap((code) => index.shards.get(code)?.jurisdiction ?? [])
		coveredByIndex.set(index, entries)
	}
	return entries
}

export function staleJurisdictions(index: CheckIndex, now: Date): StaleJurisdiction[] {
	return coveredJurisdictions(index)
		.filter((jurisdiction) => !isFresh(jurisdiction, now))
		.map((jurisdiction) => ({
			jurisdiction: jurisdiction.code,
			last_read_at: toIso(jurisdiction.last_successful_read_at),
			sla_hours: jurisdiction.sla_hours
		}))
}
