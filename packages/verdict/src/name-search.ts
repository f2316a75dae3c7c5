import type { NameEntry } from './index-model.ts'
import { MIN_FUZZY_LENGTH, NAME_MATCH_LOW, WINKLER_PREFIX_LIMIT, commonNeeded } from './name-bounds.ts'
import {
	ALLOWED_LENGTHS,
	firstAt,
	LEVELS,
	LONGEST_QUERY,
	mostAt,
	type ScanKernel,
	type ScanMembers,
	scanKernelInSlices,
	SLOTS,
	slotOf,
	tablesSize,
	TOKENS,
	UNCOUNTED,
	UNIT
} from './name-scan.ts'
import { arena } from './name-scan-arena.ts'
import { inSlices, mergeRunsInSlices, runAtOnce, type Steps, sortInSlices } from './steps.ts'

/*
 * Candidate search for name matching: it visits every name equal to the query or whose Jaro-Winkler
 * score against it reaches the query's threshold (NAME_MATCH_LOW unless raised), with that score,
 * and no other.
 *
 * A key is a multiset of characters, written as tokens (character, occurrence): "bebe" is
 * b#1 e#1 b#2 e#2, so a query and a name share exactly sum_c min(query_c, name_c) tokens, the
 * "common" count of jaroWinklerCeiling. A name of length L with common prefix p can reach the
 * threshold only if it shares at least commonNeeded(n, L, p, threshold) of the query's tokens, i.e.
 * misses at most allowed = size - commonNeeded of them.
 *
 * Equal keys score alike, so the scan holds each distinct fuzzy-comparable key once, over every
 * shard of the index (ADR 0060), and visits every name of every shard carrying a key that reaches.
 * The keys are laid out 128 to a unit: grouped by the slot of their first character (each group
 * starting on a new unit), then by length, then by key (scanOrder). For every token (character,
 * occurrence up to LEVELS) a bit-set over that order says which names hold it. The kernel
 * (name-scan.ts) counts, 128 names at a time, the query tokens each name misses, rarest token
 * first, with a bit-parallel thermometer counter (plane j: "misses more than j") that stops once
 * all 128 miss more than allowed, and scores the names left within their own allowance. A unit is
 * allowed what its most favourable name could be: the longest common prefix any of its names can
 * have with the query is bounded from the lowest and highest of
 * their first four characters (packed big-endian, so lexicographic order is numeric order: a query
 * below the lowest shares no more with any of them than with the lowest). Occurrences above LEVELS
 * count as held and characters beyond a-z0-9 share a slot, so no count exceeds a name's true misses:
 * the count filter keeps every name that can reach, and the score decides.
 *
 * A caller may raise the threshold while a scan runs (raiseThreshold, between two visited names):
 * the allowances are read afresh for every unit, and what was counted under the lower threshold is a
 * superset of what the higher one keeps, so no name reaching the raised threshold is lost.
 */

/** A jurisdiction's trading and legal names prepared for similarity search; immutable. */
export type NameSearch = {
	readonly names: readonly NameEntry[]
	/** positions of the names carrying each key */
	readonly exact: ReadonlyMap<string, readonly number[]>
	/** per name, the number of its key among the shard's distinct keys (equal keys score alike) */
	readonly keyNumbers: Int32Array
	/** per key number, the positions of the names carrying that key (exact's lists) */
	readonly carriers: readonly (readonly number[])[]
	/** the shard's fuzzy-comparable keys laid out for buildNameScan */
	readonly scanKeys: ScanKeys
}

/**
 * A shard's distinct fuzzy-comparable keys in scan order (scanOrder), each with its key number,
 * packed prefix and tokens (tokens[tokensFrom[i]] to tokens[tokensFrom[i + 1]]): prepared with the
 * shard, so an index's scan merges them instead of counting every key again.
 */
type ScanKeys = {
	readonly keys: readonly string[]
	readonly keyNumbers: Int32Array
	/** per key its group in scanOrder (groupOf) and characters 5 to 8 packed as `prefixes` */
	readonly groups: Int32Array
	readonly prefixes: Uint32Array
	readonly tails: Uint32Array
	readonly tokensFrom: Int32Array
	readonly tokens: Uint8Array
}

/**
 * The fuzzy-comparable names of several shards' searches in one scan order (an index's, ADR 0060):
 * each distinct key once, however many shards hold it, and the kernel counting their tokens.
 */
export type NameScan = {
	/** the searches scanned, by place (an index's: its shards in `order`) */
	readonly sources: readonly NameSearch[]
	/**
	 * per scan ordinal, the names carrying its key in every source, as (place, position, operator)
	 * triples from carriers[3 * carriersFrom[ordinal]] to carriers[3 * carriersFrom[ordinal + 1]]
	 * (none for the ordinals padding a first-character slot to a whole unit), places ascending, then
	 * positions: a visit reads them from one array rather than through the sources' lists
	 */
	readonly carriersFrom: Int32Array
	readonly carriers: Int32Array
	/** per source (by place), the operator number of each name by position (operatorNumbers) */
	readonly operators: readonly Int32Array[]
	readonly kernel: ScanKernel
	/** per token, its place by how many distinct keys hold it, fewest first (rarest tokens are counted first) */
	readonly rarity: Int32Array
	/** per first-character slot, its first unit (SLOTS + 1 entries: slot s holds units slotUnits[s] to slotUnits[s + 1]) */
	readonly slotUnits: Int32Array
	/** whether the first pass scans every unit (a small scan: SCANNED_WHOLE) and the second none */
	readonly scannedWhole: boolean
}

const RAISE_STEP = 0.005
/**
 * A scan of at most this many units is scanned whole in the first pass: one kernel call instead of
 * three, while the few names in it that the second pass would have held to a raised bar cost less
 * than the calls saved (ADR 0047).
 */
const SCANNED_WHOLE = 128
/** Keys longer than this have every name scored: the allowance rows stop at ALLOWED_LENGTHS. */
const LONGEST_COUNTED_KEY = (ALLOWED_LENGTHS - 2) / 2

/** A query key broken down once for every scan it is searched in, with the bar its candidates must reach. */
export type NameQuery = {
	readonly key: string
	/** the key's length unless a character occurs over 255 times (counts are capped there) */
	readonly size: number
	/** tokens with a bit-set (occurrences up to LEVELS) */
	readonly tokens: readonly number[]
	/** the Jaro-Winkler score a candidate must reach (the kernel scores against it); only raiseThreshold changes it */
	threshold: number
	/**
	 * The kernel's allowance tables (name-scan.ts): allowed[p * rowLength + L], how many query tokens
	 * a name of length L with common prefix p may miss at `tablesThreshold` (-1 none), their suffix
	 * maxima from mostAt(rowLength), and per prefix the shortest length allowed anything from
	 * firstAt(rowLength); shared with every query of its length held to the same bar (tablesFor)
	 */
	tables: Int32Array
	/** the bar `tables` were filled for: `threshold` or below it (a lower bar's tables only count more names) */
	tablesThreshold: number
	/** entries per allowance row: names over twice the key's length are never compared */
	readonly rowLength: number
	/** counts the refills of `tables` */
	revision: number
	/** the scans searched so far and, at the same place, the query's tokens rarest first in each */
	readonly rarestIn: NameScan[]
	readonly rarestFirst: Int32Array[]
	/** the first four characters, prefixOf */
	readonly prefix: number
}

/** Counts the key's characters by slot (capped at 255); returns the sum of the counts. */
function characterCounts(key: string, into: Uint8Array): number {
	let size = 0
	for (let i = 0; i < key.length; i++) {
		const slot = slotOf(key.charCodeAt(i))
		if ((into[slot] as number) < 255) {
			into[slot] = (into[slot] as number) + 1
			size++
		}
	}
	return size
}

/** The tokens of a key's character counts: (occurrence - 1) * SLOTS + slot for occurrences up to LEVELS. */
function tokensOf(counts: Uint8Array): number[] {
	const tokens: number[] = []
	for (let slot = 0; slot < SLOTS; slot++) {
		const levels = Math.min(counts[slot] as number, LEVELS)
		for (let occurrence = 1; occurrence <= levels; occurrence++) tokens.push((occurrence - 1) * SLOTS + slot)
	}
	return tokens
}

export function nameQuery(key: string, threshold = NAME_MATCH_LOW): NameQuery {
	if (key.length > LONGEST_QUERY) throw new RangeError(`name queries are at most ${LONGEST_QUERY} characters`)
	const counts = new Uint8Array(SLOTS)
	const size = characterCounts(key, counts)
	const rowLength = key.length > LONGEST_COUNTED_KEY ? ALLOWED_LENGTHS : 2 * key.length + 1
	const tables =
		threshold === NAME_MATCH_LOW ? tablesFor(key.length, size, rowLength, 0) : fillAllowed(key.length, size, rowLength, threshold)
	return {
		key,
		size,
		tokens: tokensOf(counts),
		threshold,
		tables,
		tablesThreshold: threshold,
		rowLength,
		revision: 0,
		rarestIn: [],
		rarestFirst: [],
		prefix: prefixOf(key)
	}
}

/** The bar of step `step` above NAME_MATCH_LOW: the bars whose tables are filled once and shared. */
const stepBar = (step: number) => NAME_MATCH_LOW + step * RAISE_STEP

/** The highest step whose bar is at most `threshold`; -1 below NAME_MATCH_LOW. */
function stepBelow(threshold: number): number {
	if (threshold < NAME_MATCH_LOW) return -1
	let step = Math.floor((threshold - NAME_MATCH_LOW) / RAISE_STEP)
	while (step > 0 && stepBar(step) > threshold) step--
	return step
}

/**
 * Per key length and step, the allowance tables at stepBar(step) of a key whose size is its length
 * (every key under 256 characters) up to a DNS label's length (the root labels checkDomain asks
 * about): filled once and shared by every query of that length that reaches the step, so neither a
 * query nor a raised bar fills tables again. At most about 30 steps lie between NAME_MATCH_LOW and 1.
 */
const sharedTables: Int32Array[][] = []
const LONGEST_SHARED_KEY = 63

function tablesFor(length: number, size: number, rowLength: number, step: number): Int32Array {
	if (size !== length || length > LONGEST_SHARED_KEY) return fillAllowed(length, size, rowLength, stepBar(step))
	const byStep = (sharedTables[length] ??= [])
	let tables = byStep[step]
	if (!tables) {
		tables = fillAllowed(length, size, rowLength, stepBar(step))
		byStep[step] = tables
	}
	return tables
}

/**
 * Holds the query's candidates to `threshold` from now on (the bar only rises): the kernel scores
 * against it at once, and the allowance tables move to the highest step bar (a multiple of
 * RAISE_STEP above NAME_MATCH_LOW) at or below it once that lies above theirs. Tables for a lower bar than the threshold only let
 * the count filter keep more names for scoring, so the names visited are the same; and shared
 * tables per step are cheaper than filling tables for every rise. The tables of a key too short
 * to scan or too long to count do not depend on the threshold: only the bar the kernel scores
 * against rises.
 */
export function raiseThreshold(query: NameQuery, threshold: number): void {
	if (threshold <= query.threshold) return
	query.threshold = threshold
	if (query.key.length < MIN_FUZZY_LENGTH || query.key.length > LONGEST_COUNTED_KEY) return
	const step = stepBelow(threshold)
	const bar = step < 0 ? threshold : stepBar(step)
	if (bar <= query.tablesThreshold) return
	const { key, size, rowLength } = query
	query.tables = step < 0 ? fillAllowed(key.length, size, rowLength, threshold) : tablesFor(key.length, size, rowLength, step)
	query.tablesThreshold = bar
	query.revision++
}

/**
 * A copy of `query` held to `bar` (a higher one than its own): the same key, tokens and rarest-first
 * orders (shared, so either copy sorts them once per scan), its own bar and tables, so raising one
 * leaves the other's bar where it was.
 */
export function heldTo(query: NameQuery, bar: number): NameQuery {
	const held = { ...query }
	raiseThreshold(held, bar)
	return held
}

/**
 * Fills `tables` for a query of `length` characters and `size` tokens held to `threshold`. Only the
 * lengths comparableLengths admits can be allowed anything (commonNeeded is Infinity for the others,
 * -1 in the rows at every threshold), so only their entries are computed.
 */
function fillAllowed(length: number, size: number, rowLength: number, threshold: number): Int32Array {
	const tables = new Int32Array(tablesSize(rowLength))
	const counted = length <= LONGEST_COUNTED_KEY
	const shortest = counted ? Math.max(MIN_FUZZY_LENGTH, Math.ceil(length / 2)) : 0
	const longest = counted ? Math.min(rowLength - 1, 2 * length) : rowLength - 1
	for (let prefix = 0; prefix <= WINKLER_PREFIX_LIMIT; prefix++) {
		const row = prefix * rowLength
		let first = rowLength
		let most = -1
		for (let at = rowLength - 1; at >= 0; at--) {
			let allowed = -1
			if (!counted) allowed = UNCOUNTED
			else if (at >= shortest && at <= longest) allowed = allowedMisses(size, length, at, prefix, threshold)
			tables[row + at] = allowed
			if (allowed >= 0) first = at
			most = Math.max(most, allowed)
			tables[mostAt(rowLength) + row + at] = most
		}
		tables[firstAt(rowLength) + prefix] = first
	}
	return tables
}

/** How many of a query's `size` tokens a name may miss and still reach `threshold`; -1 none. */
function allowedMisses(size: number, queryLength: number, length: number, prefix: number, threshold: number): number {
	const need = commonNeeded(queryLength, length, prefix, threshold)
	return need === Number.POSITIVE_INFINITY ? -1 : Math.max(-1, size - need)
}

/** Built once per jurisdiction shard, next to its names. */
export function buildNameSearch(names: readonly NameEntry[]): NameSearch {
	return runAtOnce(nameSearchInSlices(names))
}

/** Names or keys handled per slice of a build in slices (a few milliseconds at most). */
const PER_SLICE = 1 << 12

/** buildNameSearch in slices (steps.ts). */
export function* nameSearchInSlices(names: readonly NameEntry[]): Steps<NameSearch> {
	const exact = new Map<string, number[]>()
	const keyNumbers = new Int32Array(names.length)
	// The map's keys and values by key number, kept as they are set rather than spread from it at once.
	const distinct: string[] = []
	const carriers: number[][] = []
	yield* inSlices(names.length, PER_SLICE, (from, to) => {
		for (let position = from; position < to; position++) {
			const { key } = names[position] as NameEntry
			const held = exact.get(key)
			keyNumbers[position] = held ? (keyNumbers[held[0] as number] as number) : exact.size
			if (held) held.push(position)
			else {
				const own = [position]
				exact.set(key, own)
				distinct.push(key)
				carriers.push(own)
			}
		}
	})
	return { names, exact, keyNumbers, carriers, scanKeys: yield* scanKeysInSlices(distinct) }
}

/**
 * The scan order of ids into `keys` and the numbers beside them: by group (first-character slot,
 * then length), packed first four characters, packed next four, then key. A total order in which
 * equal keys are adjacent, as a plain key order would be, but comparing strings (a few hundred
 * nanoseconds a comparison in the engine, the keys lying all over the heap) only when the numbers tie.
 */
function scanOrder(
	keys: readonly string[],
	groups: Int32Array,
	prefixes: Uint32Array,
	tails: Uint32Array
): (a: number, b: number) => number {
	return (a, b) => {
		const keyA = keys[a] as string
		const keyB = keys[b] as string
		return (
			(groups[a] as number) - (groups[b] as number) ||
			(prefixes[a] as number) - (prefixes[b] as number) ||
			(tails[a] as number) - (tails[b] as number) ||
			(keyA === keyB ? 0 : keyA < keyB ? -1 : 1)
		)
	}
}

/** The first-character slot and the length (up to 2^20 - 1: longer keys are told apart by scanOrder's last step). */
const groupOf = (key: string) => slotOf(key.charCodeAt(0)) * 0x100000 + Math.min(key.length, 0xfffff)
const slotOfGroup = (group: number) => Math.floor(group / 0x100000)

/** `distinct`, keys by key number, prepared in scan order. */
// Long: the keys' numbers, their order and their tokens, a slice at a time.
function* scanKeysInSlices(distinct: readonly string[]): Steps<ScanKeys> {
	const numbers: number[] = []
	const groups = new Int32Array(distinct.length)
	const prefixes = new Uint32Array(distinct.length)
	const tails = new Uint32Array(distinct.length)
	yield* inSlices(distinct.length, PER_SLICE, (from, to) => {
		for (let keyNumber = from; keyNumber < to; keyNumber++) {
			const key = distinct[keyNumber] as string
			if (key.length >= MIN_FUZZY_LENGTH) numbers.push(keyNumber)
			groups[keyNumber] = groupOf(key)
			prefixes[keyNumber] = prefixOf(key)
			tails[keyNumber] = prefixOf(key, WINKLER_PREFIX_LIMIT)
		}
	})
	const sorted = yield* sortInSlices(Int32Array.from(numbers), scanOrder(distinct, groups, prefixes, tails))
	const keys: string[] = []
	const [sortedGroups, sortedPrefixes, sortedTails] = [
		new Int32Array(sorted.length),
		new Uint32Array(sorted.length),
		new Uint32Array(sorted.length)
	]
	yield* inSlices(sorted.length, PER_SLICE, (from, to) => {
		for (let i = from; i < to; i++) {
			const keyNumber = sorted[i] as number
			keys.push(distinct[keyNumber] as string)
			sortedGroups[i] = groups[keyNumber] as number
			sortedPrefixes[i] = prefixes[keyNumber] as number
			sortedTails[i] = tails[keyNumber] as number
		}
	})
	const tokensFrom = new Int32Array(keys.length + 1)
	// Bytes, not an array of numbers: a rebuild's peak memory holds them beside the live index.
	let tokens = new Uint8Array(keys.length * 16)
	const counts = new Uint8Array(SLOTS)
	yield* inSlices(keys.length, PER_SLICE, (from, to) => {
		for (let i = from; i < to; i++) {
			counts.fill(0)
			characterCounts(keys[i] as string, counts)
			const own = tokensOf(counts)
			const at = tokensFrom[i] as number
			if (at + own.length > tokens.length) {
				const grown = new Uint8Array(2 * (at + own.length))
				grown.set(tokens)
				tokens = grown
			}
			tokens.set(own, at)
			tokensFrom[i + 1] = at + own.length
		}
	})
	return {
		keys,
		keyNumbers: sorted,
		groups: sortedGroups,
		prefixes: sortedPrefixes,
		tails: sortedTails,
		tokensFrom,
		tokens: tokens.slice(0, tokensFrom[keys.length])
	}
}

/**
 * One scan over the fuzzy-comparable keys of every search in `sources` (an index's shards in register
 * order); `scannedWhole`: the most units a scan scanned whole in the first pass has. Equal keys pass
 * or fail the scan alike, so a key held by several shards is scanned once and visits the names
 * carrying it in each of them. The sources' keys, each list in scan order already, are merged.
 */
export function buildNameScan(sources: readonly NameSearch[], scannedWhole = SCANNED_WHOLE): NameScan {
	return runAtOnce(nameScanInSlices(sources, scannedWhole))
}

/** buildNameScan in slices (steps.ts). */
// Long: lays out the merged keys, their holders and their tokens beside the kernel, a slice at a time.
export function* nameScanInSlices(sources: readonly NameSearch[], scannedWhole = SCANNED_WHOLE): Steps<NameScan> {
	const merged = yield* mergedScanOrder(sources)
	const { order } = merged
	const ids: number[] = []
	yield* inSlices(order.length, PER_SLICE, (from, to) => {
		for (let i = from; i < to; i++) {
			const id = order[i] as number
			const previous = order[i - 1] ?? -1
			// An equal key in a later source joins its member; a new first-character slot starts on a new unit.
			if (previous >= 0 && merged.compare(previous, id) === 0) continue
			if (previous >= 0 && slotOfGroup(merged.groups[previous] as number) !== slotOfGroup(merged.groups[id] as number))
				while (ids.length % UNIT !== 0) ids.push(-1)
			ids.push(id)
		}
	})
	while (ids.length % UNIT !== 0) ids.push(-1)
	const holdersFrom = new Int32Array(ids.length + 1)
	const holderPlaces = new Int32Array(order.length)
	const holderKeys = new Int32Array(order.length)
	const tokenHolders = new Int32Array(TOKENS)
	let holder = 0
	yield* inSlices(ids.length, PER_SLICE, (from, to) => {
		for (let ordinal = from; ordinal < to; ordinal++) {
			const id = ids[ordinal] as number
			holdersFrom[ordinal] = holder
			if (id < 0) continue
			// Every id of `order` is one holder: the member's own, then those of its key in later places.
			do {
				const held = order[holder] as number
				holderPlaces[holder] = merged.places[held] as number
				holderKeys[holder] = merged.keyNumbers[held] as number
				holder++
			} while (holder < order.length && merged.compare(id, order[holder] as number) === 0)
			for (let at = merged.tokensFrom[id] as number; at < (merged.tokensFrom[id + 1] as number); at++) {
				const token = merged.tokens[at] as number
				tokenHolders[token] = (tokenHolders[token] as number) + 1
			}
		}
	})
	holdersFrom[ids.length] = holder
	const operators = yield* operatorNumbers(sources)
	const carried = yield* carriersInSlices(sources, operators, { holdersFrom, holderPlaces, holderKeys })
	const kernel = yield* scanKernelInSlices({ ...merged, ids } satisfies ScanMembers)
	const slotUnits = new Int32Array(SLOTS + 1).fill(kernel.units)
	for (let unit = kernel.units - 1; unit >= 0; unit--) {
		const id = ids[unit * UNIT] as number
		if (id >= 0) slotUnits[slotOfGroup(merged.groups[id] as number)] = unit
	}
	for (let slot = SLOTS - 1; slot >= 0; slot--) slotUnits[slot] = Math.min(slotUnits[slot] as number, slotUnits[slot + 1] as number)
	return {
		sources,
		...carried,
		operators,
		kernel,
		rarity: rarityRank(tokenHolders),
		slotUnits,
		scannedWhole: kernel.units <= scannedWhole
	}
}

/**
 * Per source, each name's operator numbered over every source (the first name of an operator, in
 * place then position order, numbers it): a name's operator told by a number, without reading the name.
 */
function* operatorNumbers(sources: readonly NameSearch[]): Steps<Int32Array[]> {
	const numbers = new Map<string, number>()
	const operators: Int32Array[] = []
	for (const { names } of sources) {
		const own = new Int32Array(names.length)
		yield* inSlices(names.length, PER_SLICE, (from, to) => {
			for (let position = from; position < to; position++) {
				const id = (names[position] as NameEntry).operator.id
				let number = numbers.get(id)
				if (number === undefined) {
					number = numbers.size
					numbers.set(id, number)
				}
				own[position] = number
			}
		})
		operators.push(own)
	}
	return operators
}

/** Per ordinal, the (place, position, operator) of every name carrying its key (NameScan's carriers). */
function* carriersInSlices(
	sources: readonly NameSearch[],
	operators: readonly Int32Array[],
	holders: { holdersFrom: Int32Array; holderPlaces: Int32Array; holderKeys: Int32Array }
) {
	const { holdersFrom, holderPlaces, holderKeys } = holders
	const ordinals = holdersFrom.length - 1
	const carriersFrom = new Int32Array(ordinals + 1)
	const carriers = new Int32Array(3 * sources.reduce((sum, { names }) => sum + names.length, 0))
	let carrier = 0
	yield* inSlices(ordinals, PER_SLICE, (from, to) => {
		for (let ordinal = from; ordinal < to; ordinal++) {
			carriersFrom[ordinal] = carrier
			for (let holder = holdersFrom[ordinal] as number; holder < (holdersFrom[ordinal + 1] as number); holder++) {
				const place = holderPlaces[holder] as number
				const own = operators[place] as Int32Array
				for (const position of (sources[place] as NameSearch).carriers[holderKeys[holder] as number] as readonly number[]) {
					carriers[3 * carrier] = place
					carriers[3 * carrier + 1] = position
					carriers[3 * carrier + 2] = own[position] as number
					carrier++
				}
			}
		}
	})
	carriersFrom[ordinals] = carrier
	// A view, not a copy: the room of the few names too short to scan stays unused, and a rebuild holds one array, not two.
	return { carriersFrom, carriers: carriers.subarray(0, 3 * carrier) }
}

/**
 * The sources' scan keys side by side (id: the source's first id plus the key's index in it) and
 * every id in scan order, equal keys in ascending places: each source's list is in scan order, so
 * the lists are merged two at a time, the earlier places' first on a tie.
 */
function* mergedScanOrder(sources: readonly NameSearch[]) {
	const lists = sources.map(({ scanKeys }) => scanKeys)
	const keys = lists.flatMap(({ keys }) => keys)
	const places = new Int32Array(keys.length)
	const keyNumbers = new Int32Array(keys.length)
	const groups = new Int32Array(keys.length)
	const prefixes = new Uint32Array(keys.length)
	const tails = new Uint32Array(keys.length)
	const tokensFrom = new Int32Array(keys.length + 1)
	const tokens = new Uint8Array(lists.reduce((sum, list) => sum + list.tokens.length, 0))
	let runs: Int32Array[] = []
	let first = 0
	for (const [place, list] of lists.entries()) {
		const count = list.keys.length
		places.fill(place, first, first + count)
		keyNumbers.set(list.keyNumbers, first)
		groups.set(list.groups, first)
		prefixes.set(list.prefixes, first)
		tails.set(list.tails, first)
		const tokenBase = tokensFrom[first] as number
		for (let i = 1; i <= count; i++) tokensFrom[first + i] = tokenBase + (list.tokensFrom[i] as number)
		tokens.set(list.tokens, tokenBase)
		const run = new Int32Array(count)
		for (let i = 0; i < count; i++) run[i] = first + i
		runs.push(run)
		first += count
		yield
	}
	const compare = scanOrder(keys, groups, prefixes, tails)
	while (runs.length > 1) {
		const merged: Int32Array[] = []
		for (let i = 0; i < runs.length; i += 2) {
			const [a, b] = [runs[i] as Int32Array, runs[i + 1]]
			merged.push(b ? yield* mergeRunsInSlices(a, b, compare, new Int32Array(a.length + b.length)) : a)
		}
		runs = merged
	}
	return { keys, places, keyNumbers, groups, prefixes, tokensFrom, tokens, compare, order: runs[0] ?? new Int32Array(0) }
}

/**
 * The first four characters (from `from`) packed big-endian (low byte of each code: equal bytes can
 * only overstate a common prefix).
 */
function prefixOf(key: string, from = 0): number {
	let packed = 0
	for (let i = from; i < from + WINKLER_PREFIX_LIMIT; i++) packed = (packed << 8) | (key.charCodeAt(i) & 0xff)
	return packed >>> 0
}

/**
 * The candidates split in two passes: the names equal to the query and those whose first character
 * is the query's (the only ones a Winkler prefix bonus can lift, so usually the best scores), then
 * the names starting with any other character; a small scan (scannedWhole) has all its names
 * visited in the first pass and none in the second. Together the passes visit every name of every
 * source equal to the query (score 1) or whose score reaches the query's threshold, with that score
 * (nameSimilarity), and no other, at least once (names carrying the query's key may come twice), as
 * `visit(place, position, score, operator)`: the name at `position` in the search at `place`, its
 * operator's number in the scan (NameScan's operators). `visit` may raise
 * the threshold: the rest of the scan holds names to the raised one.
 */
export function visitCandidates(
	scan: NameScan,
	query: NameQuery,
	pass: 'same-first-character' | 'other-first-characters',
	visit: (place: number, position: number, score: number, operator: number) => void
): void {
	const { slotUnits, kernel, scannedWhole, sources } = scan
	const slot = slotOf(query.key.charCodeAt(0))
	const from = slotUnits[slot] as number
	const to = slotUnits[slot + 1] as number
	if (pass === 'same-first-character') {
		for (let place = 0; place < sources.length; place++) {
			const equal = (sources[place] as NameSearch).exact.get(query.key)
			if (equal) for (const position of equal) visit(place, position, 1, (scan.operators[place] as Int32Array)[position] as number)
		}
	}
	if (query.key.length < MIN_FUZZY_LENGTH) return
	const tokens = rarestIn(query, scan)
	if (scannedWhole) {
		if (pass === 'same-first-character') scanRange(scan, query, tokens, 0, kernel.units, visit)
	} else if (pass === 'same-first-character') scanRange(scan, query, tokens, from, to, visit)
	else {
		scanRange(scan, query, tokens, 0, from, visit)
		scanRange(scan, query, tokens, to, kernel.units, visit)
	}
}

/** The query's tokens rarest first in `scan`, sorted on the first pass over it. */
function rarestIn(query: NameQuery, scan: NameScan): Int32Array {
	const at = query.rarestIn.indexOf(scan)
	if (at >= 0) return query.rarestFirst[at] as Int32Array
	const tokens = rarestFirst(query.tokens, scan.rarity)
	query.rarestIn.push(scan)
	query.rarestFirst.push(tokens)
	return tokens
}

/** The tokens by how many of the scan's keys hold them, fewest first (rank, rarityRank, is a permutation). */
function rarestFirst(tokens: readonly number[], rank: Int32Array): Int32Array {
	const ranked = new Int32Array(tokens.length)
	for (let i = 0; i < tokens.length; i++) {
		const token = tokens[i] as number
		const place = rank[token] as number
		let at = i
		for (; at > 0 && (rank[ranked[at - 1] as number] as number) > place; at--) ranked[at] = ranked[at - 1] as number
		ranked[at] = token
	}
	return ranked
}

/** Per token, its place among all tokens by how many keys hold it (fewest first, then by token). */
function rarityRank(holders: Int32Array): Int32Array {
	const rank = new Int32Array(TOKENS)
	Array.from({ length: TOKENS }, (_, token) => token)
		.sort((a, b) => (holders[a] as number) - (holders[b] as number) || a - b)
		.forEach((token, place) => {
			rank[token] = place
		})
	return rank
}

/** Scans units fromUnit up to (not including) toUnit, visiting the carriers of every key that reaches in every source holding it. */
function scanRange(
	scan: NameScan,
	query: NameQuery,
	tokens: Int32Array,
	fromUnit: number,
	toUnit: number,
	visit: (place: number, position: number, score: number, operator: number) => void
): void {
	const { kernel, carriersFrom, carriers } = scan
	if (fromUnit >= toUnit) return
	// `visit` may raise the threshold; only the next call to `next` writes the kernel's memory again.
	for (let unit = kernel.next(query, tokens, fromUnit, toUnit); unit < toUnit; unit = kernel.next(query, tokens, unit + 1, toUnit)) {
		const { found: members, scores } = arena()
		for (let lane = 0; lane < 4; lane++) {
			let namesLeft = members[lane] as number
			while (namesLeft !== 0) {
				const member = lane * 32 + 31 - Math.clz32(namesLeft & -namesLeft)
				namesLeft &= namesLeft - 1
				const ordinal = unit * UNIT + member
				const score = scores[member] as number
				for (let at = 3 * (carriersFrom[ordinal] as number); at < 3 * (carriersFrom[ordinal + 1] as number); at += 3)
					visit(carriers[at] as number, carriers[at + 1] as number, score, carriers[at + 2] as number)
			}
		}
	}
}
