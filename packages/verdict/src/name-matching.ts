import { bestLicence, licencesOfOperator } from './lookup.ts'
import type { CheckIndex, LicenceEntry, NameEntry } from './index-model.ts'
import { jaroWinkler } from './names.ts'

/** Jaro-Winkler at or above this between root label and a name: trading_name_fuzzy (medium). */
export const NAME_MATCH_MEDIUM = 0.93
/** At or above this (below medium): name_similarity (low). */
export const NAME_MATCH_LOW = 0.86
/** Keys shorter than this only match a name exactly (short strings resemble everything). */
export const MIN_FUZZY_LENGTH = 4

export type ScoredName = { name: NameEntry; score: number }

export function nameSimilarity(a: string, b: string): number {
	if (a === b) return 1
	const shorter = Math.min(a.length, b.length)
	const longer = Math.max(a.length, b.length)
	if (shorter < MIN_FUZZY_LENGTH || shorter / longer < 0.5) return 0
	return jaroWinkler(a, b)
}

/** The best-scoring name per operator at or above NAME_MATCH_LOW, best first. */
export function scoreNames(index: CheckIndex, key: string): ScoredName[] {
	const best = new Map<string, ScoredName>()
	for (const code of index.order) {
		for (const name of index.shards.get(code)?.names ?? []) {
			const score = nameSimilarity(key, name.key)
			if (score < NAME_MATCH_LOW) continue
			const previous = best.get(name.operator.id)
			if (!previous || compareScored({ name, score }, previous) < 0) best.set(name.operator.id, { name, score })
		}
	}
	return [...best.values()].sort(compareScored)
}

function compareScored(a: ScoredName, b: ScoredName): number {
	return (
		b.score - a.score ||
		(a.name.kind === b.name.kind ? 0 : a.name.kind === 'trading' ? -1 : 1) ||
		a.name.operator.slug.localeCompare(b.name.operator.slug)
	)
}

/** Operators with a trading or legal name whose key equals `key` exactly. */
export function operatorsNamedExactly(index: CheckIndex, key: string): Set<string> {
	const operators = new Set<string>()
	for (const shard of index.shards.values()) for (const name of shard.names) if (name.key === key) operators.add(name.operator.id)
	return operators
}

/** The operator's licence a name match reports: best in the name's register, else best anywhere. */
export function licenceForName(index: CheckIndex, name: NameEntry): LicenceEntry | null {
	if (name.kind === 'trading') {
		const local = bestLicence(licencesOfOperator(index, name.operator.id, name.jurisdiction), index)
		if (local) return local
	}
	return bestLicence(licencesOfOperator(index, name.operator.id), index)
}
