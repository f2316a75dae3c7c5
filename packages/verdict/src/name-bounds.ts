/** Jaro-Winkler at or above this between root label and a name: trading_name_fuzzy (medium). */
export const NAME_MATCH_MEDIUM = 0.93
/** At or above this (below medium): name_similarity (low). */
export const NAME_MATCH_LOW = 0.86
/** Keys shorter than this only match a name exactly (short strings resemble everything). */
export const MIN_FUZZY_LENGTH = 4
/** Jaro-Winkler rewards a common prefix of at most this many characters. */
export const WINKLER_PREFIX_LIMIT = 4

/** Key lengths fuzzy matching compares at all: both long enough, the shorter at least half the longer. */
export function comparableLengths(a: number, b: number): boolean {
	const shorter = Math.min(a, b)
	return shorter >= MIN_FUZZY_LENGTH && shorter / Math.max(a, b) >= 0.5
}

/**
 * An upper bound of Jaro-Winkler for keys of these lengths that have `common` characters in
 * common (multiset intersection) and a common prefix of `prefix` characters. Jaro pairs equal
 * characters, so the number of matches m is at most `common` and jaro <= (m/|a| + m/|b| + 1) / 3;
 * Jaro-Winkler grows with jaro for a fixed prefix, so the same prefix over that bound bounds it.
 */
export function jaroWinklerCeiling(common: number, aLength: number, bLength: number, prefix: number): number {
	if (common === 0) return 0
	const jaro = Math.min(1, (common / aLength + common / bLength + 1) / 3)
	// A hair above the bound so floating-point rounding can never drop a name that would pass.
	return jaro + prefix * 0.1 * (1 - jaro) + 1e-9
}

const MAX_CACHED_LENGTH = 128
// commonNeeded answers at NAME_MATCH_LOW, filled on first use: 0 = not computed yet, -1 = cannot reach.
const needed = new Int16Array((WINKLER_PREFIX_LIMIT + 1) * (MAX_CACHED_LENGTH + 1) * (MAX_CACHED_LENGTH + 1))

/**
 * The fewest characters in common with which keys of these lengths and this common prefix can
 * still reach `threshold` (NAME_MATCH_LOW unless a caller has raised it) by jaroWinklerCeiling;
 * Infinity when no count can. The ceiling grows with `common`, so a name reaches it exactly when
 * it shares at least this many characters. Answers at NAME_MATCH_LOW are cached; a raised
 * threshold is answered from scratch in a few steps.
 */
export function commonNeeded(aLength: number, bLength: number, prefix: number, threshold = NAME_MATCH_LOW): number {
	if (threshold !== NAME_MATCH_LOW) return fewestCommon(aLength, bLength, prefix, threshold)
	const cacheable = aLength <= MAX_CACHED_LENGTH && bLength <= MAX_CACHED_LENGTH && prefix <= WINKLER_PREFIX_LIMIT
	const slot = cacheable ? (prefix * (MAX_CACHED_LENGTH + 1) + aLength) * (MAX_CACHED_LENGTH + 1) + bLength : -1
	const cached = cacheable ? (needed[slot] ?? 0) : 0
	if (cached !== 0) return cached < 0 ? Number.POSITIVE_INFINITY : cached
	const answer = fewestCommon(aLength, bLength, prefix, threshold)
	if (cacheable) needed[slot] = answer === Number.POSITIVE_INFINITY ? -1 : answer
	return answer
}

/**
 * The least `common` in 1..min(a, b) whose ceiling reaches `threshold`: solved from the ceiling's
 * formula, then moved to the exact least count by evaluating the ceiling itself (it is monotone in
 * `common`), so rounding in the estimate cannot change the answer.
 */
function fewestCommon(aLength: number, bLength: number, prefix: number, threshold: number): number {
	const most = Math.min(aLength, bLength)
	if (!comparableLengths(aLength, bLength) || jaroWinklerCeiling(most, aLength, bLength, prefix) < threshold)
		return Number.POSITIVE_INFINITY
	const bonus = prefix * 0.1
	const jaro = (threshold - bonus) / (1 - bonus)
	let common = Math.max(1, Math.min(most, Math.ceil((3 * jaro - 1) / (1 / aLength + 1 / bLength))))
	while (common > 1 && jaroWinklerCeiling(common - 1, aLength, bLength, prefix) >= threshold) common--
	while (jaroWinklerCeiling(common, aLength, bLength, prefix) < threshold) common++
	return common
}
