import { bestLicence, licencesOfOperator } from './lookup.ts'
import type { CheckIndex, LicenceEntry, NameEntry } from './index-model.ts'
import { commonNeeded, comparableLengths, NAME_MATCH_LOW } from './name-bounds.ts'
import { nameCandidates, nameQuery } from './name-search.ts'
import { jaroWinkler, winklerPrefix } from './names.ts'

export { MIN_FUZZY_LENGTH, NAME_MATCH_LOW, NAME_MATCH_MEDIUM } from './name-bounds.ts'

export type ScoredName = { name: NameEntry; score: number }

export function nameSimilarity(a: string, b: string): number {
	if (a === b) return 1
	if (!comparableLengths(a.length, b.length)) return 0
	return jaroWinkler(a, b)
}

/**
 * nameSimilarity wherever it reaches NAME_MATCH_LOW; elsewhere some score below it, often found
 * sooner: Jaro-Winkler with m matched characters is at most jaroWinklerCeiling(m, ...), which
 * reaches NAME_MATCH_LOW only from commonNeeded matches on, so the scorer may stop as soon as
 * fewer than that many can still match.
 */
export function similarityReachingLow(a: string, b: string): number {
	if (a === b) return 1
	const needed = commonNeeded(a.length, b.length, winklerPrefix(a, b))
	return needed === Number.POSITIVE_INFINITY ? 0 : jaroWinkler(a, b, needed)
}

/**
 * The best-scoring name per operator at or above NAME_MATCH_LOW, best first. Only the names the
 * shard's name search returns are scored, in name order, so ties resolve as a scan of every name would;
 * names sharing a key are scored once.
 */
export function scoreNames(index: CheckIndex, key: string): ScoredName[] {
	const best = new Map<string, ScoredName>()
	const query = nameQuery(key)
	for (const code of index.order) {
		const search = index.shards.get(code)?.nameSearch
		if (!search) continue
		const scoreOfKey = new Map<number, number>()
		for (const position of nameCandidates(search, query)) {
			const keyNumber = search.keyNumbers[position] as number
			let score = scoreOfKey.get(keyNumber)
			if (score === undefined) {
				score = similarityReachingLow(key, (search.names[position] as NameEntry).key)
				scoreOfKey.set(keyNumber, score)
			}
			if (score < NAME_MATCH_LOW) continue
			const name = search.names[position] as NameEntry
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
	for (const { nameSearch } of index.shards.values()) {
		for (const position of nameSearch.exact.get(key) ?? []) operators.add((nameSearch.names[position] as NameEntry).operator.id)
	}
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
