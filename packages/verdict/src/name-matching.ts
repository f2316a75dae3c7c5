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
	const query = characterCounts(key)
	const querySlots = [...query.keys()].filter((slot) => (query[slot] ?? 0) > 0)
	for (const code of index.order) {
		const names = index.shards.get(code)?.names
		if (!names) continue
		const { counts, lengths } = prepared(names)
		for (let position = 0; position < names.length; position++) {
			const name = names[position] as NameEntry
			if (name.key !== key && similarityUpperBound(key, query, querySlots, name.key, lengths[position] ?? 0, counts, position) < NAME_MATCH_LOW) continue
			const score = nameSimilarity(key, name.key)
			if (score < NAME_MATCH_LOW) continue
			const previous = best.get(name.operator.id)
			if (!previous || compareScored({ name, score }, previous) < 0) best.set(name.operator.id, { name, score })
		}
	}
	return [...best.values()].sort(compareScored)
}

// Name keys and label keys hold only a-z and 0-9 (nameKey, labelKey); anything else shares one slot.
const SLOTS = 37
const slotOf = (code: number) => (code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? code - 22 : 36)

function characterCounts(key: string): Uint8Array {
	const counts = new Uint8Array(SLOTS)
	for (let i = 0; i < key.length; i++) {
		const slot = slotOf(key.charCodeAt(i))
		counts[slot] = Math.min(255, (counts[slot] ?? 0) + 1)
	}
	return counts
}

type PreparedNames = { counts: Uint8Array; lengths: Uint16Array; exact: Map<string, Set<string>> }
// Per-shard lookup tables, built on first use and dropped with the shard.
const preparedByNames = new WeakMap<readonly NameEntry[], PreparedNames>()

function prepared(names: readonly NameEntry[]): PreparedNames {
	let tables = preparedByNames.get(names)
	if (tables) return tables
	const counts = new Uint8Array(names.length * SLOTS)
	const lengths = new Uint16Array(names.length)
	const exact = new Map<string, Set<string>>()
	names.forEach((name, position) => {
		counts.set(characterCounts(name.key), position * SLOTS)
		lengths[position] = Math.min(65_535, name.key.length)
		const operators = exact.get(name.key)
		if (operators) operators.add(name.operator.id)
		else exact.set(name.key, new Set([name.operator.id]))
	})
	tables = { counts, lengths, exact }
	preparedByNames.set(names, tables)
	return tables
}

/**
 * A cheap upper bound of nameSimilarity(a, b), so most names are skipped without running
 * Jaro-Winkler. Jaro matches pair equal characters, so their number m is at most M, the size of
 * the multiset intersection, and jaro <= (M/|a| + M/|b| + 1) / 3; Jaro-Winkler grows with jaro for
 * a fixed common prefix, so the same prefix over that bound bounds the score.
 */
function similarityUpperBound(
	a: string,
	aCounts: Uint8Array,
	aSlots: readonly number[],
	b: string,
	bLength: number,
	counts: Uint8Array,
	position: number
): number {
	const shorter = Math.min(a.length, bLength)
	const longer = Math.max(a.length, bLength)
	if (shorter < MIN_FUZZY_LENGTH || shorter / longer < 0.5) return 0
	const base = position * SLOTS
	let common = 0
	for (const slot of aSlots) {
		const inA = aCounts[slot] ?? 0
		const inB = counts[base + slot] ?? 0
		common += inA < inB ? inA : inB
	}
	if (common === 0) return 0
	const jaro = Math.min(1, (common / a.length + common / bLength + 1) / 3)
	let prefix = 0
	const limit = Math.min(4, shorter)
	while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++
	// A hair above the bound so floating-point rounding can never drop a name that would pass.
	return jaro + prefix * 0.1 * (1 - jaro) + 1e-9
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
	for (const shard of index.shards.values()) for (const operator of prepared(shard.names).exact.get(key) ?? []) operators.add(operator)
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
