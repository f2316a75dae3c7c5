import type { NameEntry } from './index-model.ts'
import { MIN_FUZZY_LENGTH, WINKLER_PREFIX_LIMIT, commonNeeded } from './name-bounds.ts'

/*
 * Candidate search for name matching, exact with respect to jaroWinklerCeiling: every name whose
 * ceiling against the query reaches NAME_MATCH_LOW is found (the probes reach some that do not; mayReachLow drops them).
 *
 * A key is a multiset of characters, written as tokens (character, occurrence): "bebe" is
 * b#1 e#1 b#2 e#2, so two keys share exactly as many tokens as characters in common. For a query
 * of length n and a name of length L with common prefix p, the name can reach the threshold only
 * if it shares at least t = commonNeeded(n, L, p) tokens; then it holds at least one of ANY
 * n - t + 1 query tokens (prefix filtering), and the rarest ones are probed. t is known per
 * length and prefix, so names are grouped into blocks by their first 0..4 characters (the names
 * sharing the query's first d characters have p >= d; those with p = d exactly meet the threshold
 * for p = d) and each block's postings are ordered by key length, so one binary search picks
 * the lengths a token is probed for. Small blocks are scanned whole.
 */

// Keys hold only a-z and 0-9 (nameKey, labelKey); anything else shares one slot.
const SLOTS = 37
const slotOf = (code: number) => (code >= 97 && code <= 122 ? code - 97 : code >= 48 && code <= 57 ? code - 22 : 36)
/** Occurrences of one character up to this become tokens; longer query keys are answered by a scan. */
const MAX_QUERY_LENGTH = 64
/** Blocks with fewer names than this get no postings of their own: they are scanned whole. */
export const SCANNED_BLOCK = 64

type Postings = {
	/** name positions ordered by key length, then position */
	readonly members: Int32Array
	/** lengthStart[L]: the first member ordinal whose key is at least L long (L up to longest + 1) */
	readonly lengthStart: Int32Array
	/** distinct tokens, ascending; the ordinals of tokens[i] are ordinals[offsets[i] .. offsets[i + 1]) */
	readonly tokens: Int32Array
	readonly offsets: Int32Array
	/** member ordinals per token, ascending (so ordered by length too) */
	readonly ordinals: Int32Array
}

type Block =
	| { readonly kind: 'scanned'; readonly positions: Int32Array }
	| { readonly kind: 'indexed'; readonly postings: Postings; readonly children: ReadonlyMap<number, Block> }

/** A jurisdiction's trading and legal names prepared for similarity search; immutable. */
export type NameSearch = {
	readonly names: readonly NameEntry[]
	/** SLOTS character counts per name (capped at 255, far above any query's count) */
	readonly counts: Uint8Array
	readonly lengths: Int32Array
	/** positions of the names carrying each key */
	readonly exact: ReadonlyMap<string, readonly number[]>
	readonly root: Block
}

/** A query key broken down once for every shard it is searched in. */
export type NameQuery = {
	readonly key: string
	readonly counts: Uint8Array
	/** the sum of counts (the key's length unless a character occurs over 255 times) */
	readonly size: number
	/** slots whose count is non-zero */
	readonly slots: readonly number[]
	readonly tokens: readonly number[]
}

function forEachToken(key: string, visit: (token: number) => void): void {
	const seen = new Uint8Array(SLOTS)
	for (let i = 0; i < key.length; i++) {
		const slot = slotOf(key.charCodeAt(i))
		const occurrence = seen[slot] ?? 0
		// A name's occurrences beyond the longest query cannot be shared with any query.
		if (occurrence >= MAX_QUERY_LENGTH) continue
		seen[slot] = occurrence + 1
		visit(occurrence * SLOTS + slot)
	}
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
	if (key.length <= MAX_QUERY_LENGTH) forEachToken(key, (token) => tokens.push(token))
	const slots: number[] = []
	let size = 0
	counts.forEach((count, slot) => {
		if (count > 0) slots.push(slot)
		size += count
	})
	return { key, counts, size, slots, tokens }
}

/** Built once per jurisdiction shard, next to its names. `scannedBlock` is lowered only by tests. */
export function buildNameSearch(names: readonly NameEntry[], scannedBlock = SCANNED_BLOCK): NameSearch {
	const keys = names.map((name) => name.key)
	const counts = new Uint8Array(names.length * SLOTS)
	const lengths = new Int32Array(names.length)
	const exact = new Map<string, number[]>()
	const fuzzy: number[] = []
	keys.forEach((key, position) => {
		characterCounts(key, counts, position * SLOTS)
		lengths[position] = key.length
		const carriers = exact.get(key)
		if (carriers) carriers.push(position)
		else exact.set(key, [position])
		if (key.length >= MIN_FUZZY_LENGTH) fuzzy.push(position)
	})
	return { names, counts, lengths, exact, root: buildBlock(keys, fuzzy, 0, Math.max(1, scannedBlock)) }
}

function buildBlock(keys: readonly string[], positions: readonly number[], depth: number, scannedBlock: number, parent?: Postings): Block {
	if (positions.length < scannedBlock) return { kind: 'scanned', positions: Int32Array.from(positions) }
	// A block holding all of its parent's names (every name goes on with the same character) shares its postings.
	const postings = parent && parent.members.length === positions.length ? parent : buildPostings(keys, positions)
	const children = new Map<number, Block>()
	if (depth < WINKLER_PREFIX_LIMIT) {
		const groups = new Map<number, number[]>()
		for (const position of positions) {
			const code = (keys[position] as string).charCodeAt(depth)
			const group = groups.get(code)
			if (group) group.push(position)
			else groups.set(code, [position])
		}
		for (const [code, group] of groups) children.set(code, buildBlock(keys, group, depth + 1, scannedBlock, postings))
	}
	return { kind: 'indexed', postings, children }
}

function buildPostings(keys: readonly string[], positions: readonly number[]): Postings {
	const length = (position: number) => (keys[position] as string).length
	const members = Int32Array.from(positions).sort((a, b) => length(a) - length(b) || a - b)
	const longest = members.length === 0 ? 0 : length(members[members.length - 1] as number)
	const lengthStart = new Int32Array(longest + 2)
	for (let bound = 0, ordinal = 0; bound <= longest + 1; bound++) {
		while (ordinal < members.length && length(members[ordinal] as number) < bound) ordinal++
		lengthStart[bound] = ordinal
	}
	const sizes = new Map<number, number>()
	for (const position of members) forEachToken(keys[position] as string, (token) => sizes.set(token, (sizes.get(token) ?? 0) + 1))
	const tokens = Int32Array.from(sizes.keys()).sort()
	const offsets = new Int32Array(tokens.length + 1)
	const next = new Map<number, number>()
	tokens.forEach((token, row) => {
		offsets[row + 1] = (offsets[row] ?? 0) + (sizes.get(token) ?? 0)
		next.set(token, offsets[row] ?? 0)
	})
	const ordinals = new Int32Array(offsets[tokens.length] ?? 0)
	members.forEach((position, ordinal) =>
		forEachToken(keys[position] as string, (token) => {
			const at = next.get(token) ?? 0
			ordinals[at] = ordinal
			next.set(token, at + 1)
		})
	)
	return { members, lengthStart, tokens, offsets, ordinals }
}

/** Per search, which names this call already looked at (a stamp per name; calls never overlap). */
const visits = new WeakMap<NameSearch, { stamps: Uint32Array; current: number }>()

function visitorOf(search: NameSearch): (position: number) => boolean {
	let state = visits.get(search)
	if (!state || state.current === 0xffffffff) {
		state = { stamps: new Uint32Array(search.names.length), current: 0 }
		visits.set(search, state)
	}
	const { stamps } = state
	const stamp = ++state.current
	return (position) => {
		if (stamps[position] === stamp) return false
		stamps[position] = stamp
		return true
	}
}

/**
 * Positions (ascending, each once) of every name equal to the query or whose Jaro-Winkler
 * ceiling against it reaches NAME_MATCH_LOW (mayReachLow), and of no other name. A name the
 * probes reach through several tokens is looked at once.
 */
export function nameCandidates(search: NameSearch, query: NameQuery): number[] {
	const found: number[] = []
	const firstVisit = visitorOf(search)
	const add = (position: number) => {
		if (firstVisit(position) && mayReachLow(search, query, position)) found.push(position)
	}
	for (const position of search.exact.get(query.key) ?? []) add(position)
	if (query.key.length >= MIN_FUZZY_LENGTH) {
		if (query.key.length > MAX_QUERY_LENGTH) scanAll(search.root, add)
		else walk(search.root, query, 0, add)
	}
	return found.sort((a, b) => a - b)
}

function scanAll(block: Block, add: (position: number) => void): void {
	if (block.kind === 'scanned') block.positions.forEach(add)
	else block.postings.members.forEach(add)
}

/** `block` holds the names sharing the query's first `depth` characters. */
function walk(block: Block, query: NameQuery, depth: number, add: (position: number) => void): void {
	if (block.kind === 'scanned') {
		block.positions.forEach(add)
		return
	}
	// Names here whose next character differs have a common prefix of exactly `depth`.
	probe(block.postings, query, depth, add)
	if (depth >= WINKLER_PREFIX_LIMIT) return
	const child = block.children.get(query.key.charCodeAt(depth))
	if (child) walk(child, query, depth + 1, add)
}

function probe(postings: Postings, query: NameQuery, prefix: number, add: (position: number) => void): void {
	const { members, lengthStart, tokens, offsets, ordinals } = postings
	const n = query.tokens.length
	const shortest = MIN_FUZZY_LENGTH
	const longest = Math.min(lengthStart.length - 2, 2 * n)
	// probed[L - shortest]: how many of the rarest query tokens are probed for names of length L.
	const probed: number[] = []
	let most = 0
	for (let length = shortest; length <= longest; length++) {
		const count = Math.max(0, n - commonNeeded(n, length, prefix) + 1)
		probed.push(count)
		most = Math.max(most, count)
	}
	if (most === 0) return
	const rows = query.tokens.map((token) => rowOf(tokens, token))
	const size = (row: number) => (row < 0 ? 0 : (offsets[row + 1] ?? 0) - (offsets[row] ?? 0))
	rows.sort((a, b) => size(a) - size(b))
	for (let rank = 0; rank < most; rank++) {
		const row = rows[rank] as number
		if (row < 0) continue
		// The lengths probing this token form runs; each run is one range of member ordinals.
		let length = shortest
		while (length <= longest) {
			if ((probed[length - shortest] ?? 0) <= rank) {
				length++
				continue
			}
			let end = length
			while (end < longest && (probed[end + 1 - shortest] ?? 0) > rank) end++
			const from = lengthStart[length] ?? 0
			const to = lengthStart[end + 1] ?? 0
			const stop = offsets[row + 1] ?? 0
			for (let at = firstAtLeast(ordinals, offsets[row] ?? 0, stop, from); at < stop; at++) {
				const ordinal = ordinals[at] as number
				if (ordinal >= to) break
				add(members[ordinal] as number)
			}
			length = end + 1
		}
	}
}

function rowOf(tokens: Int32Array, token: number): number {
	let low = 0
	let high = tokens.length - 1
	while (low <= high) {
		const middle = (low + high) >>> 1
		const value = tokens[middle] as number
		if (value === token) return middle
		if (value < token) low = middle + 1
		else high = middle - 1
	}
	return -1
}

function firstAtLeast(values: Int32Array, from: number, to: number, target: number): number {
	let low = from
	let high = to
	while (low < high) {
		const middle = (low + high) >>> 1
		if ((values[middle] as number) < target) low = middle + 1
		else high = middle
	}
	return low
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
