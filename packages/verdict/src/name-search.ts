import type { NameEntry } from './index-model.ts'
import { MIN_FUZZY_LENGTH, WINKLER_PREFIX_LIMIT, commonNeeded } from './name-bounds.ts'

/*
 * Candidate search for name matching, exact with respect to jaroWinklerCeiling: it returns every
 * name equal to the query or whose ceiling against it reaches NAME_MATCH_LOW (mayReachLow), and no other.
 *
 * A key is a multiset of characters, written as tokens (character, occurrence): "bebe" is
 * b#1 e#1 b#2 e#2, so a query and a name share exactly sum_c min(query_c, name_c) tokens, the
 * "common" count of the ceiling. A name of length L with common prefix p can reach the threshold
 * only if it shares at least commonNeeded(n, L, p) of the query's tokens, i.e. misses at most
 * allowed = size - commonNeeded of them.
 *
 * The fuzzy-comparable names are laid out in scan order, 32 to a word: grouped by the slot of their
 * first character (each group starting on a new word), then by length, then by key. For every token
 * (character, occurrence up to LEVELS) a bit-set over that order says which names hold it. A query
 * walks the words, and for the 32 names of a word counts the query tokens each misses with a
 * bit-parallel thermometer counter (plane j: "misses more than j"), rarest token first, until every
 * name of the word misses more than the word's allowance. Names outside the query's first-character
 * group have p = 0; names inside it are allowed as for p = WINKLER_PREFIX_LIMIT (the most any prefix
 * allows), and occurrences above LEVELS count as held, so the count never exceeds the names' true
 * misses: the scan keeps a superset of mayReachLow's names, and mayReachLow decides each survivor.
 */

// Keys hold only a-z and 0-9 (nameKey, labelKey); anything else shares one slot.
const SLOTS = 37
const slotOf = (code: number) => (code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? code - 22 : 36)
/** Occurrences of a character up to this have a bit-set; further occurrences in a query count as held. */
export const LEVELS = 6
const TOKENS = SLOTS * LEVELS
/** A word allowing more misses than this keeps all its names for mayReachLow (keys of 60+ characters). */
const MAX_ALLOWED = 62

/** A jurisdiction's trading and legal names prepared for similarity search; immutable. */
export type NameSearch = {
	readonly names: readonly NameEntry[]
	/** SLOTS character counts per name (capped at 255, far above any query's count) */
	readonly counts: Uint8Array
	readonly lengths: Int32Array
	/** positions of the names carrying each key */
	readonly exact: ReadonlyMap<string, readonly number[]>
	readonly scan: BitScan
}

/** The fuzzy-comparable names in scan order with one bit-set per token over that order. */
type BitScan = {
	/** name position per scan ordinal; -1 pads a first-character group to a whole word */
	readonly order: Int32Array
	readonly words: number
	/** bits[token * words + word]: the names of that word holding the token (token = (occurrence - 1) * SLOTS + slot) */
	readonly bits: Uint32Array
	/** how many names hold each token (rarest tokens are counted first) */
	readonly holders: Int32Array
	/** the first-character slot of each word's names */
	readonly wordSlot: Uint8Array
	/** shortest and longest key in each word */
	readonly wordShortest: Int32Array
	readonly wordLongest: Int32Array
	/** the names present in each word */
	readonly wordNames: Uint32Array
	/** the longest fuzzy-comparable key */
	readonly longest: number
}

/** A query key broken down once for every shard it is searched in. */
export type NameQuery = {
	readonly key: string
	readonly counts: Uint8Array
	/** the sum of counts (the key's length unless a character occurs over 255 times) */
	readonly size: number
	/** slots whose count is non-zero */
	readonly slots: readonly number[]
	/** tokens with a bit-set (occurrences up to LEVELS) */
	readonly tokens: readonly number[]
}

function characterCounts(key: string, into: Uint8Array, at: number): void {
	for (let i = 0; i < key.length; i++) {
		const slot = at + slotOf(key.charCodeAt(i))
		into[slot] = Math.min(255, (into[slot] ?? 0) + 1)
	}
}

export function nameQuery(key: string): NameQuery {
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
	return { key, counts, size, slots, tokens }
}

/** Built once per jurisdiction shard, next to its names. */
export function buildNameSearch(names: readonly NameEntry[]): NameSearch {
	const counts = new Uint8Array(names.length * SLOTS)
	const lengths = new Int32Array(names.length)
	const exact = new Map<string, number[]>()
	names.forEach(({ key }, position) => {
		characterCounts(key, counts, position * SLOTS)
		lengths[position] = key.length
		const carriers = exact.get(key)
		if (carriers) carriers.push(position)
		else exact.set(key, [position])
	})
	return { names, counts, lengths, exact, scan: buildBitScan(names, counts, lengths) }
}

function buildBitScan(names: readonly NameEntry[], counts: Uint8Array, lengths: Int32Array): BitScan {
	const firstSlot = (position: number) => slotOf((names[position] as NameEntry).key.charCodeAt(0))
	const fuzzy: number[] = []
	for (let position = 0; position < names.length; position++) if ((lengths[position] ?? 0) >= MIN_FUZZY_LENGTH) fuzzy.push(position)
	fuzzy.sort((a, b) => {
		const ka = (names[a] as NameEntry).key
		const kb = (names[b] as NameEntry).key
		return firstSlot(a) - firstSlot(b) || ka.length - kb.length || (ka < kb ? -1 : ka > kb ? 1 : a - b)
	})
	const ordered: number[] = []
	fuzzy.forEach((position, i) => {
		// A new first-character group starts on a new word.
		if (i > 0 && firstSlot(fuzzy[i - 1] as number) !== firstSlot(position)) while (ordered.length % 32 !== 0) ordered.push(-1)
		ordered.push(position)
	})
	const words = Math.ceil(ordered.length / 32)
	const order = new Int32Array(words * 32).fill(-1)
	order.set(ordered)
	const bits = new Uint32Array(TOKENS * words)
	const holders = new Int32Array(TOKENS)
	const wordSlot = new Uint8Array(words)
	const wordShortest = new Int32Array(words)
	const wordLongest = new Int32Array(words)
	const wordNames = new Uint32Array(words)
	for (let word = 0; word < words; word++) {
		wordShortest[word] = 0x7fffffff
		for (let bit = 0; bit < 32; bit++) {
			const position = order[word * 32 + bit] as number
			if (position < 0) continue
			const length = lengths[position] as number
			wordSlot[word] = firstSlot(position)
			wordShortest[word] = Math.min(wordShortest[word] as number, length)
			wordLongest[word] = Math.max(wordLongest[word] as number, length)
			wordNames[word] = ((wordNames[word] as number) | (1 << bit)) >>> 0
			for (let slot = 0; slot < SLOTS; slot++) {
				const held = Math.min(LEVELS, counts[position * SLOTS + slot] as number)
				for (let occurrence = 1; occurrence <= held; occurrence++) {
					const token = (occurrence - 1) * SLOTS + slot
					bits[token * words + word] = ((bits[token * words + word] as number) | (1 << bit)) >>> 0
					holders[token] = (holders[token] as number) + 1
				}
			}
		}
	}
	const longest = fuzzy.reduce((most, position) => Math.max(most, lengths[position] as number), 0)
	return { order, words, bits, holders, wordSlot, wordShortest, wordLongest, wordNames, longest }
}

/** Thermometer planes for the scan (plane j: "misses more than j"); calls never overlap. */
const planes = new Int32Array(MAX_ALLOWED + 1)

/**
 * Positions (ascending, each once) of every name equal to the query or whose Jaro-Winkler
 * ceiling against it reaches NAME_MATCH_LOW (mayReachLow), and of no other name.
 */
export function nameCandidates(search: NameSearch, query: NameQuery): number[] {
	const found: number[] = [...(search.exact.get(query.key) ?? [])]
	if (query.key.length >= MIN_FUZZY_LENGTH) scanWords(search, query, found)
	found.sort((a, b) => a - b)
	return found.filter((position, i) => i === 0 || found[i - 1] !== position)
}

function scanWords(search: NameSearch, query: NameQuery, found: number[]): void {
	const { order, words, bits, holders, wordSlot, wordShortest, wordLongest, wordNames, longest } = search.scan
	const tokens = [...query.tokens].sort((a, b) => (holders[a] as number) - (holders[b] as number) || a - b)
	const tokenCount = tokens.length
	const tokenRows = Int32Array.from(tokens, (token) => token * words)
	// allowed[p][L]: how many query tokens a name of length L with prefix p (0 or the limit) may miss; -1 none.
	const allowedFor = (prefix: number) =>
		Int32Array.from({ length: longest + 1 }, (_, length) => {
			const need = commonNeeded(query.key.length, length, prefix)
			return need === Number.POSITIVE_INFINITY ? -1 : Math.max(-1, query.size - need)
		})
	const allowedOther = allowedFor(0)
	const allowedSame = allowedFor(WINKLER_PREFIX_LIMIT)
	const querySlot = slotOf(query.key.charCodeAt(0))
	for (let word = 0; word < words; word++) {
		const allowedByLength = wordSlot[word] === querySlot ? allowedSame : allowedOther
		let allowed = -1
		for (let length = wordShortest[word] as number; length <= (wordLongest[word] as number); length++)
			allowed = Math.max(allowed, allowedByLength[length] as number)
		if (allowed < 0) continue
		const present = wordNames[word] as number
		let alive = present
		if (allowed <= MAX_ALLOWED) {
			planes.fill(0, 0, allowed + 1)
			for (let t = 0; t < tokenCount && alive !== 0; t++) {
				const missing = ~(bits[(tokenRows[t] as number) + word] as number) & present
				if (missing === 0) continue
				for (let j = allowed; j > 0; j--) planes[j] = (planes[j] as number) | ((planes[j - 1] as number) & missing)
				planes[0] = (planes[0] as number) | missing
				alive = present & ~(planes[allowed] as number)
			}
		}
		while (alive !== 0) {
			const bit = 31 - Math.clz32(alive & -alive)
			alive &= alive - 1
			const position = order[word * 32 + bit] as number
			if (mayReachLow(search, query, position)) found.push(position)
		}
	}
}

/**
 * False when the name cannot reach NAME_MATCH_LOW against the query (true for an equal key): it
 * shares fewer characters than commonNeeded for its length and common prefix, which is exactly
 * jaroWinklerCeiling falling short. Counting stops as soon as the answer is known.
 */
export function mayReachLow(search: NameSearch, query: NameQuery, position: number): boolean {
	const key = (search.names[position] as NameEntry).key
	if (key === query.key) return true
	const length = search.lengths[position] ?? 0
	const limit = Math.min(WINKLER_PREFIX_LIMIT, query.key.length, length)
	let prefix = 0
	while (prefix < limit && query.key.charCodeAt(prefix) === key.charCodeAt(prefix)) prefix++
	const need = commonNeeded(query.key.length, length, prefix)
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
