import { compareCodePoints } from '@lv/string-order'
import { bestLicence, licencesOfOperator } from './lookup.ts'
import type { CheckIndex, LicenceEntry, NameEntry } from './index-model.ts'
import { comparableLengths, MIN_FUZZY_LENGTH } from './name-bounds.ts'
import { guessedBar, learnBar } from './name-bar-guess.ts'
import { heldTo, type NameSearch, nameQuery, raiseThreshold, visitCandidates } from './name-search.ts'
import { jaroWinkler } from './names.ts'

export { MIN_FUZZY_LENGTH, NAME_MATCH_LOW, NAME_MATCH_MEDIUM } from './name-bounds.ts'

export type ScoredName = { name: NameEntry; score: number }

export function nameSimilarity(a: string, b: string): number {
	if (a === b) return 1
	if (!comparableLengths(a.length, b.length)) return 0
	return jaroWinkler(a, b)
}

/**
 * The first `limit` (1 or more) entries of the ranking "best-scoring name per operator at or above
 * NAME_MATCH_LOW, best first (compareScored); of an operator's equally good names, the first in
 * register order (index.order, then name position, which follows the names' contents: build-index.ts)".
 *
 * Why the early bar and the scan order cannot change that answer: once `limit` operators have a
 * name, the limit-th best of their scores, s, can only rise, and the final ranking's limit-th
 * score is at least s (every operator's recorded best is one of its real scores). A name scoring
 * below s cannot be in the answer: if its operator is among the leading ones it already has a
 * better name, else `limit` operators score above it. So only names scoring s or more are visited
 * (raiseThreshold; inclusive, as a name scoring exactly s may still win on the tie-breaks), and
 * every operator of the answer has all its names at or above s visited, whatever the order. An
 * operator whose best name was skipped ranks below s, hence outside the answer. The order decides
 * nothing else: compareScored ranks distinct operators totally (slugs are unique) and an operator's
 * tie between equal names goes to the earlier one in register order explicitly, not to the first
 * one scored. Names are visited first by their first character (same as the query's, then any
 * other) so the high scores, which raise s, come early; every shard's names lie in one scan
 * (index.nameScan, ADR 0060), a key held by several shards visiting its names in each of them.
 *
 * The names of the query's first character are first visited held to a guessed bar g (`guess`,
 * learnt from the checks before: name-bar-guess.ts, ADR 0067), or to s once s is above g: every
 * name visited is still a real name at its real score, at or above NAME_MATCH_LOW. If that round
 * ends with `limit` operators and s >= g, every name of that pass scoring s or more was visited (it
 * was held to at most s throughout), so the pass is done; else it is visited again at the query's
 * own bar (a name visited twice changes nothing: an operator's best only moves to a better name).
 * Either way each pass visits every name scoring the final s or more, so the answer is the same
 * whatever the guess; a guess only decides the cost.
 */
export function scoreNames(index: CheckIndex, key: string, limit: number, guess = guessedBar(index.nameScan, limit)): RankedName[] {
	// By the operator's number in the scan: a visit below an operator's best reads no name.
	const best = new Map<number, RankedName>()
	const leaders: RankedName[] = []
	const query = nameQuery(key)
	const { nameScan } = index
	const guessed = guess > query.threshold && key.length >= MIN_FUZZY_LENGTH ? heldTo(query, guess) : null
	// The scan's places are the shards' places in index.order.
	const visit = (order: number, position: number, score: number, operator: number) => {
		const previous = best.get(operator)
		// compareRanked below ranks a lower score after the operator's recorded best at once.
		if (previous && score < previous.score) return
		const name = (nameScan.sources[order] as NameSearch).names[position] as NameEntry
		const scored = { name, score, order, position, operator }
		if (previous && compareRanked(scored, previous) >= 0) return
		best.set(operator, scored)
		if (!enterLeaders(leaders, scored, limit)) return
		const bar = (leaders[limit - 1] as RankedName).score
		raiseThreshold(query, bar)
		if (guessed) raiseThreshold(guessed, bar)
	}
	const filled = () => (leaders.length === limit ? (leaders[limit - 1] as RankedName).score : 0)
	if (guessed) visitCandidates(nameScan, guessed, 'same-first-character', visit)
	if (!guessed || filled() < guess) visitCandidates(nameScan, query, 'same-first-character', visit)
	visitCandidates(nameScan, query, 'other-first-characters', visit)
	if (key.length >= MIN_FUZZY_LENGTH) learnBar(nameScan, limit, filled())
	return [...best.values()].sort(compareScored).slice(0, limit)
}

/**
 * A scored name with its place in register order (the shard's place in index.order, the name's in
 * the shard) and its operator's number in the index's name scan.
 */
export type RankedName = ScoredName & { order: number; position: number; operator: number }

function compareRanked(a: RankedName, b: RankedName): number {
	return compareScored(a, b) || a.order - b.order || a.position - b.position
}

/**
 * Keeps `leaders` the (at most `limit`) operators with the highest recorded scores, best first, as
 * an operator's best improves; true when there are `limit` of them (the last one's score is the bar).
 */
function enterLeaders(leaders: RankedName[], scored: RankedName, limit: number): boolean {
	const { operator } = scored
	let at = leaders.length - 1
	while (at >= 0 && (leaders[at] as RankedName).operator !== operator) at--
	if (at < 0 && leaders.length < limit) at = leaders.length
	else if (at < 0 && scored.score > (leaders[limit - 1] as RankedName).score) at = limit - 1
	else if (at < 0) return false
	// An operator's score only rises: it moves ahead of the lower scores only, as a stable sort would move it.
	for (; at > 0 && (leaders[at - 1] as RankedName).score < scored.score; at--) leaders[at] = leaders[at - 1] as RankedName
	leaders[at] = scored
	return leaders.length === limit
}

function compareScored(a: ScoredName, b: ScoredName): number {
	return (
		b.score - a.score ||
		(a.name.kind === b.name.kind ? 0 : a.name.kind === 'trading' ? -1 : 1) ||
		compareCodePoints(a.name.operator.slug, b.name.operator.slug)
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
