import { inSlices, type Steps } from './steps.ts'
import { ALLOWED_AT, arena, FIRST_AT, freeWith, MOST_AT, QUERY_KEY_AT, QUERY_SLOTS_AT, reserve, TOKENS_AT } from './name-scan-arena.ts'

/*
 * The candidate scan of the name search (name-search.ts) as a WebAssembly kernel (name-scan.wat,
 * ADR 0042): names laid out 128 to a unit, four 32-bit lanes of a v128, so one vector step counts
 * a query token against 128 names, and the names within their allowance are scored there too.
 * Each scan (an index's, ADR 0060) owns a block of the shared memory (name-scan-arena.ts) holding
 * its token bit-sets, bounds and keys; a query writes its tokens, allowance tables and key into the
 * memory's header before the kernel reads them.
 */

/** Names per unit: one v128. */
export const UNIT = 128
/** Keys hold only a-z and 0-9 (nameKey, labelKey); anything else shares one slot. */
export const SLOTS = 37
/** Occurrences of a character up to this have a bit-set; further occurrences in a query count as held. */
export const LEVELS = 6
export const TOKENS = SLOTS * LEVELS
/** The longest allowance row: names of this length or longer are stored as one shorter. */
export const ALLOWED_LENGTHS = 256
/**
 * The allowance of every row of a key too long to count (over (ALLOWED_LENGTHS - 2) / 2 characters):
 * above what the kernel's counter holds, so every comparable name is scored, and a scoring never gives
 * up early (name-scan.wat `$similarity` reads fewest matches only from allowances below it).
 */
export const UNCOUNTED = 63
/** Query keys are at most this long (a DNS label is at most 63 characters). */
export const LONGEST_QUERY = 1024

/**
 * A query's allowance tables, rows of `rowLength` entries: allowed[p * rowLength + L] from 0, their
 * suffix maxima `most` from mostAt(rowLength), and per prefix the shortest length allowed anything
 * from firstAt(rowLength).
 */
export const PREFIXES = 5
export const mostAt = (rowLength: number) => PREFIXES * rowLength
export const firstAt = (rowLength: number) => 2 * PREFIXES * rowLength
export const tablesSize = (rowLength: number) => firstAt(rowLength) + PREFIXES

/** A scan's block starts with the offsets of its regions (name-scan.wat `scan`). */
const DESCRIPTOR = 80
/** bit Jaro scores names of at most this many characters, all of them a-z or 0-9 */
const BIT_JARO_LONGEST = 32
/** Bytes of such a name's slots record (name-scan.wat `$similarity`): one per character, at ordinal * SLOT_RECORD. */
const SLOT_RECORD = BIT_JARO_LONGEST
/** names of a-z and 0-9 only (the slots below 36) */
const PLAIN = /^[a-z0-9]*$/

export const slotOf = (code: number) => (code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? code - 22 : 36)

/** What a query writes into the memory's header. */
export type KernelQuery = {
	readonly key: string
	/** the allowance tables (tablesSize(rowLength) entries); change only with `revision` */
	readonly tables: Int32Array
	/** entries per allowance row */
	readonly rowLength: number
	readonly prefix: number
	readonly threshold: number
	readonly revision: number
}

/**
 * The names of a scan in scan order: per ordinal the id of its key, -1 padding a unit; per id its
 * key, packed first four characters and tokens (tokens[tokensFrom[id]] to tokens[tokensFrom[id + 1]]).
 */
export type ScanMembers = {
	readonly ids: readonly number[]
	readonly keys: readonly string[]
	readonly prefixes: Uint32Array
	readonly tokensFrom: Int32Array
	readonly tokens: Uint8Array
}

/** One scan's kernel: `next` finds the next unit holding names that reach the query's threshold. */
export type ScanKernel = {
	readonly units: number
	/**
	 * The first unit in [from, to) with a member whose score reaches the query's threshold, its
	 * members in the arena's `found` (four lanes of 32) and their scores in its `scores` (by
	 * lane * 32 + bit), valid until the next call; `to` when none.
	 */
	next(query: KernelQuery, tokens: Int32Array, from: number, to: number): number
}

/** Members filled in per slice of a build in slices (steps.ts): a few milliseconds. */
const MEMBERS_PER_SLICE = 1 << 12
const ZEROED_PER_SLICE = 1 << 21

/** A kernel over `members`, built in slices (steps.ts). */
// Long: lays out every region of the scan's block and fills it in one pass over the members.
export function* scanKernelInSlices(members: ScanMembers): Steps<ScanKernel> {
	const { ids, keys, prefixes, tokensFrom, tokens } = members
	const units = Math.ceil(ids.length / UNIT)
	const segments = yield* lengthSegments(members, units)
	// A slice at a time too: reading a key's length is a cache miss (the keys lie all over the heap).
	let [keyUnits, longestKey] = [0, 0]
	yield* inSlices(ids.length, MEMBERS_PER_SLICE, (from, to) => {
		for (let ordinal = from; ordinal < to; ordinal++) {
			const id = ids[ordinal] as number
			const length = id < 0 ? 0 : (keys[id] as string).length
			keyUnits += length
			longestKey = Math.max(longestKey, length)
		}
	})
	// In the order name-scan.wat's `scan` reads the descriptor.
	const regions = {
		bits: TOKENS * units * 16,
		present: units * 16,
		shortest: units * 4,
		longest: units * 4,
		lowPrefix: units * 4,
		highPrefix: units * 4,
		segmentFirst: (units + 1) * 4,
		segmentLength: segments.lengths.length * 4,
		segmentMembers: segments.lengths.length * 16,
		keyAt: units * UNIT * 4,
		keyLength: units * UNIT * 4,
		plainLength: units * UNIT,
		slotRecords: units * UNIT * SLOT_RECORD,
		nameMatched: longestKey,
		keys: keyUnits * 2,
		second: SLOTS * units * 16
	}
	const sizes = Object.values(regions).map((bytes) => Math.ceil(bytes / 16) * 16)
	const size = DESCRIPTOR + sizes.reduce((sum, bytes) => sum + bytes, 0)
	const block = reserve(size)
	// Owned by the kernel from the start, so a build given up between slices frees its block.
	const kernel: ScanKernel = { units, next: (query, tokens, from, to) => scanBlock(block, query, tokens, from, to) }
	freeWith(kernel, { offset: block, size })
	// Zeroed a slice at a time: tens of megabytes at 5,000,000 links.
	yield* inSlices(size, ZEROED_PER_SLICE, (from, to) => {
		arena().bytes.fill(0, block + from, block + to)
	})
	const offsets = {} as Record<keyof typeof regions, number>
	let end = block + DESCRIPTOR
	Object.keys(regions).forEach((region, i) => {
		offsets[region as keyof typeof regions] = end
		end += sizes[i] as number
	})
	const { words } = arena()
	words.set([...Object.values(offsets), units], block >>> 2)
	const word = (region: keyof typeof regions, index: number) => (offsets[region] >>> 2) + index
	words.set(segments.first, word('segmentFirst', 0))
	words.set(segments.lengths, word('segmentLength', 0))
	words.set(segments.members, word('segmentMembers', 0))
	for (let unit = 0; unit < units; unit++) {
		words[word('shortest', unit)] = 0x7fffffff
		words[word('lowPrefix', unit)] = -1
	}
	let keyCode = offsets.keys >>> 1
	// Word offsets in locals: the fill below runs once for every name of the index.
	const keyAt = word('keyAt', 0)
	const keyLength = word('keyLength', 0)
	const shortest = word('shortest', 0)
	const longest = word('longest', 0)
	const lowPrefix = word('lowPrefix', 0)
	const highPrefix = word('highPrefix', 0)
	const present = word('present', 0)
	const second = word('second', 0)
	const bits = word('bits', 0)
	// Views read again each slice: another scan may have grown the memory meanwhile, which gives it new ones.
	yield* inSlices(ids.length, MEMBERS_PER_SLICE, (from, to) => {
		const { words, bytes, codes } = arena()
		for (let ordinal = from; ordinal < to; ordinal++) {
			const id = ids[ordinal] as number
			if (id < 0) continue
			const unit = Math.floor(ordinal / UNIT)
			const lane = (ordinal >>> 5) & 3
			const bit = 1 << (ordinal & 31)
			const key = keys[id] as string
			const prefix = prefixes[id] as number
			const length = Math.min(key.length, ALLOWED_LENGTHS - 1)
			words[keyAt + ordinal] = keyCode * 2
			words[keyLength + ordinal] = key.length
			for (let i = 0; i < key.length; i++) codes[keyCode++] = key.charCodeAt(i)
			if (key.length <= BIT_JARO_LONGEST && PLAIN.test(key)) {
				bytes[offsets.plainLength + ordinal] = key.length
				for (let i = 0; i < key.length; i++) bytes[offsets.slotRecords + ordinal * SLOT_RECORD + i] = slotOf(key.charCodeAt(i))
			}
			words[shortest + unit] = Math.min(words[shortest + unit] as number, length)
			words[longest + unit] = Math.max(words[longest + unit] as number, length)
			words[lowPrefix + unit] = Math.min((words[lowPrefix + unit] as number) >>> 0, prefix)
			words[highPrefix + unit] = Math.max((words[highPrefix + unit] as number) >>> 0, prefix)
			words[present + unit * 4 + lane] = (words[present + unit * 4 + lane] as number) | bit
			const secondAt = second + (slotOf(key.charCodeAt(1)) * units + unit) * 4 + lane
			words[secondAt] = (words[secondAt] as number) | bit
			for (let at = tokensFrom[id] as number; at < (tokensFrom[id + 1] as number); at++) {
				const tokenAt = bits + ((tokens[at] as number) * units + unit) * 4 + lane
				words[tokenAt] = (words[tokenAt] as number) | bit
			}
		}
	})
	return kernel
}

/**
 * Per unit, its members grouped by (stored) length: segment s has length lengths[s] and the members
 * set in members[4s..4s+3]; unit u holds segments first[u] to first[u + 1].
 */
function* lengthSegments({ ids, keys }: ScanMembers, units: number) {
	const first = new Int32Array(units + 1)
	const lengths: number[] = []
	const masks: number[] = []
	yield* inSlices(units, MEMBERS_PER_SLICE / UNIT, (from, to) => {
		for (let unit = from; unit < to; unit++) {
			first[unit] = lengths.length
			const byLength = new Map<number, Int32Array>()
			for (let member = 0; member < UNIT; member++) {
				const id = ids[unit * UNIT + member] ?? -1
				if (id < 0) continue
				const length = Math.min((keys[id] as string).length, ALLOWED_LENGTHS - 1)
				const mask = byLength.get(length) ?? new Int32Array(4)
				mask[member >>> 5] = (mask[member >>> 5] as number) | (1 << (member & 31))
				byLength.set(length, mask)
			}
			for (const [length, mask] of byLength) {
				lengths.push(length)
				masks.push(...mask)
			}
		}
	})
	first[units] = lengths.length
	return { first, lengths: Int32Array.from(lengths), members: Int32Array.from(masks) }
}

/** What the header holds: the last query, its revision, and the scan's tokens written there. */
const loaded = { query: null as KernelQuery | null, revision: -1, tokens: null as Int32Array | null }

/** Writes only what changed since the last scan into the header, then scans the block at `block`. */
function scanBlock(block: number, query: KernelQuery, tokens: Int32Array, from: number, to: number): number {
	const { kernel, words, bytes, codes } = arena()
	if (tokens !== loaded.tokens) {
		words.set(tokens, TOKENS_AT >>> 2)
		loaded.tokens = tokens
	}
	if (query !== loaded.query) {
		for (let i = 0; i < query.key.length; i++) {
			const code = query.key.charCodeAt(i)
			codes[(QUERY_KEY_AT >>> 1) + i] = code
			bytes[QUERY_SLOTS_AT + i] = slotOf(code)
		}
		loaded.query = query
		loaded.revision = -1
	}
	if (query.revision !== loaded.revision) {
		const { tables, rowLength } = query
		const rows = PREFIXES * rowLength
		for (let i = 0; i < rows; i++) {
			words[(ALLOWED_AT >>> 2) + i] = tables[i] as number
			words[(MOST_AT >>> 2) + i] = tables[rows + i] as number
		}
		for (let i = 0; i < PREFIXES; i++) words[(FIRST_AT >>> 2) + i] = tables[2 * rows + i] as number
		loaded.revision = query.revision
	}
	return kernel.scan(block, from, to, tokens.length, query.prefix, query.key.length, query.rowLength, query.threshold)
}
