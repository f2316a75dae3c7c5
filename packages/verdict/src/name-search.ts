import type { NameEntry } from './index-model.ts'
import { MIN_FUZZY_LENGTH, NAME_MATCH_LOW, WINKLER_PREFIX_LIMIT, commonNeeded } from './name-bounds.ts'

/*
 * Candidate search for name matching, exact with respect to jaroWinklerCeiling: it returns every
 * name equal to the query or whose ceiling against it reaches the query's threshold (NAME_MATCH_LOW
 * unless raised; mayReach), and no other.
 *
 * A key is a multiset of characters, written as tokens (character, occurrence): "bebe" is
 * b#1 e#1 b#2 e#2, so a query and a name share exactly sum_c min(query_c, name_c) tokens, the
 * "common" count of the ceiling. A name of length L with common prefix p can reach the threshold
 * only if it shares at least commonNeeded(n, L, p, threshold) of the query's tokens, i.e. misses at most
 * allowed = size - commonNeeded of them.
 *
 * Equal keys pass alike, so the scan holds one name per distinct fuzzy-comparable key (the first
 * carrying it) and returns every name carrying a key that passes. Those names are laid out 32 to a
 * word: grouped by the slot of their first character (each group starting on a new word), then by
 * length, then by key. For every token
 * (character, occurrence up to LEVELS) a bit-set over that order says which names hold it. A query
 * counts, 32 names at a time, the query tokens each name misses, rarest token first, with a
 * bit-parallel thermometer counter (plane j: "misses more than j") that stops once all 32 miss more
 * than allowed. (No coarser level of words is counted first: the union of 32 words' names holds
 * nearly every token a query asks for, so it pruned little and cost more than it saved; ADR 0034.)
 * A word is allowed what its most favourable name could be: the
 * longest common prefix any of its names can have with the query is bounded from the lowest and
 * highest of their first four characters (packed big-endian, so lexicographic order is numeric order:
 * a query below the lowest shares no more with any of them than with the lowest). Occurrences above
 * LEVELS count as held, so no count exceeds a name's true misses: the scan keeps a superset of
 * mayReach's names, and mayReach decides each survivor.
 *
 * A caller may raise the threshold while a scan runs (raiseThreshold, between two visited names):
 * the allowances are read afresh for every unit, and what was counted under the lower threshold is a
 * superset of what the higher one keeps, so no name reaching the raised threshold is lost.
 */

// Keys hold only a-z and 0-9 (nameKey, labelKey); anything else shares one slot.
const SLOTS = 37
const slotOf = (code: number) => (code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? code - 22 : 36)
/** Occurrences of a character up to this have a bit-set; further occurrences in a query count as held. */
export const LEVELS = 6
const TOKENS = SLOTS * LEVELS
/** A word allowing more misses than this keeps all its names for mayReach (keys of 60+ characters). */
const MAX_ALLOWED = 62

/** A jurisdiction's trading and legal names prepared for similarity search; immutable. */
export type NameSearch = {
	readonly names: readonly NameEntry[]
	/** SLOTS character counts per name (capped at 255, far above any query's count) */
	readonly counts: Uint8Array
	readonly lengths: Int32Array
	/** positions of the names carrying each key */
	readonly exact: ReadonlyMap<string, readonly number[]>
	/** per name, the number of its key among the shard's distinct keys (equal keys score alike) */
	readonly keyNumbers: Int32Array
	/** per key number, the positions of the names carrying that key (exact's lists) */
	readonly carriers: readonly (readonly number[])[]
	readonly scan: BitScan
}

/** Shortest and longest key, lowest and highest first four characters (prefixOf) of the names in each unit. */
type Bounds = {
	readonly shortest: Int32Array
	readonly longest: Int32Array
	readonly lowPrefix: Uint32Array
	readonly highPrefix: Uint32Array
}

/** 32 names to a word. */
type Level = {
	readonly size: number
	/** bits[token * size + unit]: which of the unit's 32 members hold the token (token = (occurrence - 1) * SLOTS + slot) */
	readonly bits: Uint32Array
	/** the members present */
	readonly present: Uint32Array
	readonly bounds: Bounds
	/** the members' bounds, by unit * 32 + member */
	readonly members: Bounds
}

/** The fuzzy-comparable names in scan order with their token bit-sets per word. */
type BitScan = {
	/** per scan ordinal, the first name carrying a distinct key; -1 pads a first-character slot to a whole word */
	readonly order: Int32Array
	readonly words: Level
	/** how many distinct keys hold each token (rarest tokens are counted first) */
	readonly holders: Int32Array
	/** every key holds a-z and 0-9 only */
	readonly plainKeys: boolean
	/** per first-character slot, its first word (SLOTS + 1 entries: slot s holds words slotWords[s] to slotWords[s + 1]) */
	readonly slotWords: Int32Array
}

const RAISE_STEP = 0.005

/** A query key broken down once for every shard it is searched in, with the bar its candidates must reach. */
export type NameQuery = {
	readonly key: string
	readonly counts: Uint8Array
	/** the sum of counts (the key's length unless a character occurs over 255 times) */
	readonly size: number
	/** slots whose count is non-zero */
	readonly slots: readonly number[]
	/** tokens with a bit-set (occurrences up to LEVELS) */
	readonly tokens: readonly number[]
	/** the Jaro-Winkler ceiling a candidate must reach; only raiseThreshold changes it */
	threshold: number
	/** allowed[p][L]: how many query tokens a name of length L (up to twice the key's) with common prefix p may miss at the threshold; -1 none */
	readonly allowed: readonly Int32Array[]
	/** per shard searched, the tokens rarest first (filled on the first pass) */
	readonly rarestFirst: Map<NameSearch, Int32Array>
	/** the first four characters, prefixOf */
	readonly prefix: number
	/** a-z and 0-9 only, no character over LEVELS times, at most MAX_ALLOWED long: scan counts are exact */
	readonly plain: boolean
}

function characterCounts(key: string, into: Uint8Array, at: number): void {
	for (let i = 0; i < key.length; i++) {
		const slot = at + slotOf(key.charCodeAt(i))
		into[slot] = Math.min(255, (into[slot] ?? 0) + 1)
	}
}

export function nameQuery(key: string, threshold = NAME_MATCH_LOW): NameQuery {
	const counts = new Uint8Array(SLOTS)
	characterCounts(key, counts, 0)
	const tokens: number[] = []
	const slots: number[] = []
	let size = 0
	counts.forEach((count, slot) => {
		if (count > 0) slots.push(slot)
		for (let occurrence = 1; occurrence <= Math.min(count, LEVELS); occurrence++) tokens.push((occurrence - 1) * SLOTS + slot)
		size += count
	})
	// Names over twice the key's length are never compared (comparableLengths).
	const allowed = Array.from({ length: WINKLER_PREFIX_LIMIT + 1 }, () => new Int32Array(2 * key.length + 1))
	const plain = PLAIN_KEY.test(key) && key.length <= MAX_ALLOWED && counts.every((count) => count <= LEVELS)
	const query = {
		key,
		counts,
		size,
		slots,
		tokens,
		threshold,
		allowed,
		rarestFirst: new Map(),
		prefix: prefixOf(key),
		plain
	}
	fillAllowed(query)
	return query
}

/**
 * Holds the query's candidates to `threshold` from now on, once it lies RAISE_STEP or more above the
 * current threshold (the bar only rises). Keeping a lower bar than the caller could is always safe,
 * and refilling the tables for every small rise costs more than the few names it would skip.
 */
export function raiseThreshold(query: NameQuery, threshold: number): void {
	if (threshold < query.threshold + RAISE_STEP) return
	query.threshold = threshold
	fillAllowed(query)
}

function fillAllowed(query: NameQuery): void {
	query.allowed.forEach((byLength, prefix) => {
		for (let length = 0; length < byLength.length; length++) {
			const need = commonNeeded(query.key.length, length, prefix, query.threshold)
			byLength[length] = need === Number.POSITIVE_INFINITY ? -1 : Math.max(-1, query.size - need)
		}
	})
}

const PLAIN_KEY = /^[a-z0-9]*$/

/** Built once per jurisdiction shard, next to its names. */
export function buildNameSearch(names: readonly NameEntry[]): NameSearch {
	const counts = new Uint8Array(names.length * SLOTS)
	const lengths = new Int32Array(names.length)
	const exact = new Map<string, number[]>()
	const keyNumbers = new Int32Array(names.length)
	names.forEach(({ key }, position) => {
		characterCounts(key, counts, position * SLOTS)
		lengths[position] = key.length
		const carriers = exact.get(key)
		keyNumbers[position] = carriers ? (keyNumbers[carriers[0] as number] as number) : exact.size
		if (carriers) carriers.push(position)
		else exact.set(key, [position])
	})
	const carriers = [...exact.values()]
	const firsts = carriers.map((positions) => positions[0] as number)
	return { names, counts, lengths, exact, keyNumbers, carriers, scan: buildBitScan(names, firsts, counts, lengths) }
}

/** Over `firsts`, the first name carrying each distinct key: equal keys pass or fail the scan alike. */
function buildBitScan(names: readonly NameEntry[], firsts: readonly number[], counts: Uint8Array, lengths: Int32Array): BitScan {
	const firstSlot = (position: number) => slotOf((names[position] as NameEntry).key.charCodeAt(0))
	const fuzzy = firsts.filter((position) => (lengths[position] ?? 0) >= MIN_FUZZY_LENGTH)
	fuzzy.sort((a, b) => {
		const ka = (names[a] as NameEntry).key
		const kb = (names[b] as NameEntry).key
		return firstSlot(a) - firstSlot(b) || ka.length - kb.length || (ka < kb ? -1 : ka > kb ? 1 : a - b)
	})
	const ordered: number[] = []
	fuzzy.forEach((position, i) => {
		// A new first-character slot starts on a new word.
		if (i > 0 && firstSlot(fuzzy[i - 1] as number) !== firstSlot(position)) while (ordered.length % 32 !== 0) ordered.push(-1)
		ordered.push(position)
	})
	const order = new Int32Array(Math.ceil(ordered.length / 32) * 32).fill(-1)
	order.set(ordered)
	const nameBounds = emptyBounds(order.length)
	const words = emptyLevel(order.length / 32, nameBounds)
	const holders = new Int32Array(TOKENS)
	order.forEach((position, ordinal) => {
		if (position < 0) return
		const word = ordinal >>> 5
		const length = lengths[position] as number
		const prefix = prefixOf((names[position] as NameEntry).key)
		include(nameBounds, ordinal, length, prefix)
		include(words.bounds, word, length, prefix)
		setBit(words.present, word, ordinal & 31)
		for (let slot = 0; slot < SLOTS; slot++) {
			const held = Math.min(LEVELS, counts[position * SLOTS + slot] as number)
			for (let occurrence = 1; occurrence <= held; occurrence++) {
				const token = (occurrence - 1) * SLOTS + slot
				setBit(words.bits, token * words.size + word, ordinal & 31)
				holders[token] = (holders[token] as number) + 1
			}
		}
	})
	const plainKeys = names.every(({ key }) => PLAIN_KEY.test(key))
	const slotWords = new Int32Array(SLOTS + 1).fill(words.size)
	for (let word = words.size - 1; word >= 0; word--) {
		const position = order[word * 32] as number
		if (position >= 0) slotWords[firstSlot(position)] = word
	}
	for (let slot = SLOTS - 1; slot >= 0; slot--) slotWords[slot] = Math.min(slotWords[slot] as number, slotWords[slot + 1] as number)
	return { order, words, holders, plainKeys, slotWords }
}

function emptyBounds(size: number): Bounds {
	return {
		shortest: new Int32Array(size).fill(0x7fffffff),
		longest: new Int32Array(size),
		lowPrefix: new Uint32Array(size).fill(0xffffffff),
		highPrefix: new Uint32Array(size)
	}
}

function emptyLevel(size: number, members: Bounds): Level {
	return { size, bits: new Uint32Array(TOKENS * size), present: new Uint32Array(size), bounds: emptyBounds(size), members }
}

function setBit(bits: Uint32Array, at: number, bit: number): void {
	bits[at] = ((bits[at] as number) | (1 << bit)) >>> 0
}

/** The first four characters packed big-endian (low byte of each code: equal bytes can only overstate a common prefix). */
function prefixOf(key: string): number {
	let packed = 0
	for (let i = 0; i < WINKLER_PREFIX_LIMIT; i++) packed = (packed << 8) | (key.charCodeAt(i) & 0xff)
	return packed >>> 0
}

/** The longest common prefix (up to four) the query can have with any key whose prefixOf lies in [low, high]. */
function prefixBound(query: number, low: number, high: number): number {
	if (query < low) return Math.min(WINKLER_PREFIX_LIMIT, Math.clz32(query ^ low) >>> 3)
	if (query > high) return Math.min(WINKLER_PREFIX_LIMIT, Math.clz32(query ^ high) >>> 3)
	return WINKLER_PREFIX_LIMIT
}

function include(bounds: Bounds, unit: number, length: number, prefix: number): void {
	bounds.shortest[unit] = Math.min(bounds.shortest[unit] as number, length)
	bounds.longest[unit] = Math.max(bounds.longest[unit] as number, length)
	bounds.lowPrefix[unit] = Math.min(bounds.lowPrefix[unit] as number, prefix)
	bounds.highPrefix[unit] = Math.max(bounds.highPrefix[unit] as number, prefix)
}

/**
 * The candidates split in two passes: the names equal to the query and those whose first character
 * is the query's (the only ones a Winkler prefix bonus can lift, so usually the best scores), then
 * the names starting with any other character. Together the passes visit every name equal to the
 * query or whose ceiling reaches the query's threshold (mayReach), and no other, at least once
 * (names carrying the query's key may come twice). `visit` may raise the threshold: the rest of the
 * scan holds names to the raised one (a name already counted under the lower one may still come).
 */
export function visitCandidates(
	search: NameSearch,
	query: NameQuery,
	pass: 'same-first-character' | 'other-first-characters',
	visit: (position: number) => void
): void {
	const { slotWords, words } = search.scan
	const slot = slotOf(query.key.charCodeAt(0))
	const [from, to] = [slotWords[slot] as number, slotWords[slot + 1] as number]
	if (pass === 'same-first-character') for (const position of search.exact.get(query.key) ?? []) visit(position)
	if (query.key.length < MIN_FUZZY_LENGTH) return
	scan(
		search,
		query,
		pass === 'same-first-character'
			? [[from, to]]
			: [
					[0, from],
					[to, words.size]
				],
		visit
	)
}

/** One query against one shard's scan: its tokens rarest first and the misses each unit may have. */
type ScanQuery = {
	readonly tokens: Int32Array
	readonly allowed: readonly Int32Array[]
	readonly prefix: number
}

/** Scans the words numbered from each range's first up to (not including) its second. */
function scan(
	search: NameSearch,
	query: NameQuery,
	ranges: readonly (readonly [number, number])[],
	visit: (position: number) => void
): void {
	const { holders, plainKeys } = search.scan
	let tokens = query.rarestFirst.get(search)
	if (!tokens) {
		tokens = rarestFirst(query.tokens, holders)
		query.rarestFirst.set(search, tokens)
	}
	const scanQuery: ScanQuery = {
		tokens,
		allowed: query.allowed,
		prefix: query.prefix
	}
	// With plain keys on both sides the counts are exactly mayReach's; otherwise it decides.
	const verify = !(plainKeys && query.plain)
	for (const [fromWord, toWord] of ranges) scanRange(search, query, scanQuery, verify, fromWord, toWord, visit)
}

/** The tokens by how many of the shard's keys hold them, fewest first (then by token). */
function rarestFirst(tokens: readonly number[], holders: Int32Array): Int32Array {
	const sorted = Int32Array.from(tokens)
	const before = (a: number, b: number) => (holders[a] as number) < (holders[b] as number) || (holders[a] === holders[b] && a < b)
	for (let i = 1; i < sorted.length; i++) {
		const token = sorted[i] as number
		let j = i - 1
		for (; j >= 0 && before(token, sorted[j] as number); j--) sorted[j + 1] = sorted[j] as number
		sorted[j + 1] = token
	}
	return sorted
}

function scanRange(
	search: NameSearch,
	query: NameQuery,
	scanQuery: ScanQuery,
	verify: boolean,
	fromWord: number,
	toWord: number,
	visit: (position: number) => void
): void {
	const { order, words } = search.scan
	for (let word = fromWord; word < toWord; word++) {
		let namesLeft = survivors(words, word, scanQuery)
		while (namesLeft !== 0) {
			const position = order[word * 32 + 31 - Math.clz32(namesLeft & -namesLeft)] as number
			namesLeft &= namesLeft - 1
			if (verify && !mayReach(search, query, position)) continue
			for (const carrier of search.carriers[search.keyNumbers[position] as number] ?? []) visit(carrier)
		}
	}
}

/** Thermometer planes for survivors (plane j: "misses more than j"); calls never overlap. */
const planes = new Int32Array(MAX_ALLOWED + 1)

/** The most query tokens any name in the unit may miss; -1 when none can reach the threshold. */
function allowance(bounds: Bounds, unit: number, query: ScanQuery): number {
	const prefix = prefixBound(query.prefix, bounds.lowPrefix[unit] as number, bounds.highPrefix[unit] as number)
	const allowedByLength = query.allowed[prefix] as Int32Array
	let allowed = -1
	const longest = Math.min(bounds.longest[unit] as number, allowedByLength.length - 1)
	for (let length = bounds.shortest[unit] as number; length <= longest; length++)
		allowed = Math.max(allowed, allowedByLength[length] as number)
	return allowed
}

/** The members of `unit` whose missed query tokens stay within their own allowance. */
function survivors(level: Level, unit: number, query: ScanQuery): number {
	const allowed = allowance(level.bounds, unit, query)
	if (allowed < 0) return 0
	const present = (level.present[unit] as number) | 0
	if (allowed > MAX_ALLOWED) return present
	const { bits, size } = level
	const { tokens } = query
	// After k tokens with a miss, planes k and above are all zero: only planes up to `top` are kept.
	let top = -1
	let alive = present
	for (let t = 0; t < tokens.length && alive !== 0; t++) {
		const missing = ~(bits[(tokens[t] as number) * size + unit] as number) & present
		if (missing === 0) continue
		const below = top
		if (top < allowed) {
			top++
			planes[top] = top === 0 ? missing : (planes[top - 1] as number) & missing
		}
		for (let j = below; j > 0; j--) planes[j] = (planes[j] as number) | ((planes[j - 1] as number) & missing)
		if (below >= 0) planes[0] = (planes[0] as number) | missing
		if (top === allowed) alive = present & ~(planes[allowed] as number)
	}
	// Every token has been counted for the members still alive; each is held to its own allowance.
	let kept = 0
	while (alive !== 0) {
		const bit = 31 - Math.clz32(alive & -alive)
		alive &= alive - 1
		const own = allowance(level.members, unit * 32 + bit, query)
		if (own >= 0 && (own > top || ((planes[own] as number) & (1 << bit)) === 0)) kept |= 1 << bit
	}
	return kept
}

/**
 * False when the name cannot reach the query's threshold (true for an equal key): it shares fewer
 * characters than commonNeeded for its length and common prefix, which is exactly
 * jaroWinklerCeiling falling short. Counting stops as soon as the answer is known.
 */
export function mayReach(search: NameSearch, query: NameQuery, position: number): boolean {
	const key = (search.names[position] as NameEntry).key
	if (key === query.key) return true
	const length = search.lengths[position] ?? 0
	const limit = Math.min(WINKLER_PREFIX_LIMIT, query.key.length, length)
	let prefix = 0
	while (prefix < limit && query.key.charCodeAt(prefix) === key.charCodeAt(prefix)) prefix++
	const need = commonNeeded(query.key.length, length, prefix, query.threshold)
	if (need === Number.POSITIVE_INFINITY) return false
	const base = position * SLOTS
	let common = 0
	let unseen = query.size
	for (const slot of query.slots) {
		const inQuery = query.counts[slot] ?? 0
		const inName = search.counts[base + slot] ?? 0
		common += Math.min(inQuery, inName)
		if (common >= need) return true
		unseen -= inQuery
		if (common + unseen < need) return false
	}
	return false
}
