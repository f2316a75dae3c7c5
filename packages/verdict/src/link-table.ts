import { inSlices, runAtOnce, type Steps, sortNumbersInSlices } from './steps.ts'
import type { DomainLinkEntry, LicenceEntry, LinkVerification, Listings, OperatorEntry } from './index-model.ts'

/*
 * A shard's domain links kept in typed arrays rather than as objects, maps and strings on the
 * garbage-collected heap: per link an operator and a licence number into the shard's own lists, two
 * small codes for link_status and association, a float for last_listed_at, and its hostname's number
 * in a KeyTable, which keeps each distinct key's bytes once with an open-addressing hash table
 * over them. The arrays grow by fixed pages rather than by doubling and copying, so a rebuild leaves no
 * outgrown copies for the collector. Verification pages, which few links have, sit in a map by
 * link number. Entries are made when a lookup asks for them, so a check pays for the few links it
 * reads; a rebuild allocates a few large arrays instead of millions of small objects.
 */

/** The map-like view of a shard's links under one kind of key (hostname, registrable domain). */
export type LinkLookup = {
	readonly size: number
	get(key: string): Listings | undefined
	has(key: string): boolean
	keys(): IterableIterator<string>
	values(): IterableIterator<Listings>
	/** keyFingerprint of every key with a link filed under it, ascending (the index's link key filter is built from them) */
	readonly fingerprints: Uint32Array
}

/** What a link holds besides its hostname; the strings are shared by the caller. */
export type LinkFields = {
	readonly hostname: string
	readonly operator: OperatorEntry
	readonly licence: LicenceEntry | null
	readonly link_status: DomainLinkEntry['link_status']
	readonly association: DomainLinkEntry['association']
	readonly last_listed_at: number | null
	readonly verification: LinkVerification | null
}

const PAGE_BITS = 14
const PAGE = 1 << PAGE_BITS
const IN_PAGE = PAGE - 1

type NumberArray = Int32Array | Uint16Array | Uint8Array | Float64Array

/** A numeric array grown a page at a time (new pages hold `blank`). */
class Paged<A extends NumberArray> {
	readonly #pages: A[] = []
	readonly #page: (size: number) => A
	readonly #blank: number

	constructor(page: (size: number) => A, blank = 0) {
		this.#page = page
		this.#blank = blank
	}

	get(at: number): number {
		return this.#pages[at >>> PAGE_BITS]?.[at & IN_PAGE] ?? this.#blank
	}

	set(at: number, value: number): void {
		const index = at >>> PAGE_BITS
		while (this.#pages.length <= index) this.#pages.push(this.#page(PAGE).fill(this.#blank) as A)
		;(this.#pages[index] as A)[at & IN_PAGE] = value
	}
}

/** The links of one jurisdiction, numbered in the order they were added. */
export class LinkColumns {
	readonly #jurisdiction: string
	#count = 0
	/** the hostnames; a link's hostname number is also its key number in the by-hostname index */
	readonly hostnames: KeyTable
	readonly #hostname = new Paged((size) => new Int32Array(size))
	readonly #operator = new Paged((size) => new Int32Array(size))
	readonly #licence = new Paged((size) => new Int32Array(size))
	readonly #status = new Paged((size) => new Uint8Array(size))
	readonly #association = new Paged((size) => new Uint8Array(size))
	readonly #lastListedAt = new Paged((size) => new Float64Array(size))
	readonly #verification = new Map<number, LinkVerification>()
	readonly #operators = new Numbering<OperatorEntry>()
	readonly #licences = new Numbering<LicenceEntry>()
	readonly #words = new Numbering<string | null>()

	/** `expectedHostnames`: distinct hostnames the shard is expected to hold (KeyTable). */
	constructor(jurisdiction: string, expectedHostnames = 0) {
		this.#jurisdiction = jurisdiction
		this.hostnames = new KeyTable(expectedHostnames)
	}

	get count(): number {
		return this.#count
	}

	/** Stores a link; returns its number. */
	add(link: LinkFields): number {
		const id = this.#count++
		this.#hostname.set(id, this.hostnames.numberOf(link.hostname))
		this.#operator.set(id, this.#operators.of(link.operator))
		this.#licence.set(id, link.licence === null ? -1 : this.#licences.of(link.licence))
		this.#status.set(id, this.#words.of(link.link_status))
		this.#association.set(id, this.#words.of(link.association))
		this.#lastListedAt.set(id, link.last_listed_at ?? Number.NaN)
		if (link.verification !== null) this.#verification.set(id, link.verification)
		return id
	}

	entry(id: number): DomainLinkEntry {
		const licence = this.#licence.get(id)
		const lastListedAt = this.#lastListedAt.get(id)
		return {
			hostname: this.hostnames.keyAt(this.#hostname.get(id)),
			operator: this.#operators.at(this.#operator.get(id)),
			licence: licence < 0 ? null : this.#licences.at(licence),
			jurisdiction: this.#jurisdiction,
			link_status: this.#words.at(this.#status.get(id)) as DomainLinkEntry['link_status'],
			association: this.#words.at(this.#association.get(id)) as DomainLinkEntry['association'],
			last_listed_at: Number.isNaN(lastListedAt) ? null : lastListedAt,
			verification: this.#verification.get(id) ?? null
		}
	}
}

/** Numbers distinct values in the order first seen (a shard has few operators, licences and words). */
class Numbering<T> {
	readonly #values: T[] = []
	readonly #numbers = new Map<T, number>()

	of(value: T): number {
		let number = this.#numbers.get(value)
		if (number === undefined) {
			number = this.#values.length
			this.#values.push(value)
			this.#numbers.set(value, number)
		}
		return number
	}

	at(number: number): T {
		return this.#values[number] as T
	}
}

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/*
 * Keys are stored as bytes: each UTF-16 code unit in the bytes UTF-8 gives a code point of that
 * value (one below 0x80, two below 0x800, else three), so a hostname, which is ASCII, takes a byte a
 * character and any other string (lone surrogates included) still comes back unchanged.
 */

/** The number of bytes code unit `unit` is stored in. */
const bytesOf = (unit: number) => (unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3)

/** Byte `at` (0 .. bytesOf(unit) - 1) of code unit `unit`. */
function byteOf(unit: number, at: number): number {
	const size = bytesOf(unit)
	if (size === 1) return unit
	if (at === 0) return size === 2 ? 0xc0 | (unit >>> 6) : 0xe0 | (unit >>> 12)
	return 0x80 | ((unit >>> (6 * (size - 1 - at))) & 0x3f)
}

/**
 * The key last hashed and its hash: a check looks one hostname up in every shard's tables in turn
 * (by hostname, its www counterpart, its registrable domain), so each key is hashed once, not once a shard.
 */
let lastKey = ''
let lastHash = FNV_OFFSET >>> 0

/** FNV-1a over the key's stored bytes. */
function hashOf(key: string): number {
	if (key === lastKey) return lastHash
	let hash = FNV_OFFSET
	for (let i = 0; i < key.length; i++) {
		const unit = key.charCodeAt(i)
		if (unit < 0x80) hash = Math.imul(hash ^ unit, FNV_PRIME)
		else for (let at = 0; at < bytesOf(unit); at++) hash = Math.imul(hash ^ byteOf(unit, at), FNV_PRIME)
	}
	lastKey = key
	lastHash = hash >>> 0
	return lastHash
}

/** The key's hash with its bits spread (FNV-1a's low bits are weak): what the index's link key filter files a key by. */
export function keyFingerprint(key: string): number {
	const hash = hashOf(key)
	const spread = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d)
	return (spread ^ (spread >>> 12)) >>> 0
}

const KEY_BITS = 24
const KEY_NUMBER = (1 << KEY_BITS) - 1
/** The power of two of at least PAGE slots holding `keys` keys at most half full. */
function slotsFor(keys: number): number {
	let slots = PAGE
	while (slots < keys * 2) slots *= 2
	return slots
}

/** The slot tag of a hash: its seven top bits (the slot itself comes from the low bits). */
const tagOf = (hash: number) => hash >>> 25

/**
 * Distinct string keys numbered in the order first seen: their bytes one after the other, and an
 * open-addressing table (linear probing, at most half full) of key numbers by hash. A hash is
 * recomputed from the stored bytes when the table grows rather than kept per key. A slot holds the
 * key's number in its low KEY_BITS bits and seven high bits of its hash above them (its tag), so a
 * probe compares bytes only with the keys whose tag is the sought key's: a lookup of an absent key
 * (every cold check's) seldom reads a stored key at all.
 */
export class KeyTable {
	#count = 0
	readonly #bytes = new Paged((size) => new Uint8Array(size))
	#byteCount = 0
	/** key k's bytes are bytes[starts[k] .. starts[k + 1]) */
	readonly #starts = new Paged((size) => new Int32Array(size))
	#slots: Int32Array

	/**
	 * `expectedKeys`: how many keys the table is expected to hold (a rebuilt shard's: the shard it
	 * replaces). Sized for a quarter more from the start, a table never grows while a rebuild adds
	 * them: growing rehashes every key at once, about a second at 4.5 million keys, in whichever
	 * chunk of links crosses the threshold, on the thread answering checks.
	 */
	constructor(expectedKeys = 0) {
		this.#slots = new Int32Array(slotsFor(expectedKeys + (expectedKeys >>> 2))).fill(-1)
	}

	/** Slots of the table (it holds at most half as many keys before it grows). */
	get capacity(): number {
		return this.#slots.length
	}

	get size(): number {
		return this.#count
	}

	/** The key's number, or -1 when it is not in the table. */
	find(key: string): number {
		return this.#find(key, hashOf(key))
	}

	/** The key's number, adding the key when new. */
	numberOf(key: string): number {
		const hash = hashOf(key)
		const found = this.#find(key, hash)
		if (found >= 0) return found
		if (this.#count === KEY_NUMBER) throw new RangeError(`a key table holds at most ${KEY_NUMBER} keys`)
		if ((this.#count + 1) * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2)
		for (let i = 0; i < key.length; i++) {
			const unit = key.charCodeAt(i)
			if (unit < 0x80) this.#bytes.set(this.#byteCount++, unit)
			else for (let at = 0; at < bytesOf(unit); at++) this.#bytes.set(this.#byteCount++, byteOf(unit, at))
		}
		const number = this.#count++
		this.#starts.set(number + 1, this.#byteCount)
		this.#place(number, hash)
		return number
	}

	keyAt(number: number): string {
		const units: number[] = []
		const end = this.#starts.get(number + 1)
		for (let at = this.#starts.get(number); at < end; ) {
			const lead = this.#bytes.get(at++)
			if (lead < 0x80) units.push(lead)
			else if (lead < 0xe0) units.push(((lead & 0x1f) << 6) | (this.#bytes.get(at++) & 0x3f))
			else units.push(((lead & 0x0f) << 12) | ((this.#bytes.get(at++) & 0x3f) << 6) | (this.#bytes.get(at++) & 0x3f))
		}
		return String.fromCharCode(...units)
	}

	#equals(number: number, key: string): boolean {
		let at = this.#starts.get(number)
		const end = this.#starts.get(number + 1)
		if (end - at < key.length) return false
		for (let i = 0; i < key.length; i++) {
			const unit = key.charCodeAt(i)
			if (unit < 0x80) {
				if (at >= end || this.#bytes.get(at++) !== unit) return false
			} else for (let part = 0; part < bytesOf(unit); part++) if (at >= end || this.#bytes.get(at++) !== byteOf(unit, part)) return false
		}
		return at === end
	}

	#find(key: string, hash: number): number {
		const mask = this.#slots.length - 1
		const tag = tagOf(hash)
		for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
			const word = this.#slots[slot] as number
			if (word < 0) return -1
			if (word >>> KEY_BITS === tag && this.#equals(word & KEY_NUMBER, key)) return word & KEY_NUMBER
		}
	}

	#storedHash(number: number): number {
		let hash = FNV_OFFSET
		const end = this.#starts.get(number + 1)
		for (let at = this.#starts.get(number); at < end; at++) hash = Math.imul(hash ^ this.#bytes.get(at), FNV_PRIME)
		return hash >>> 0
	}

	#place(number: number, hash: number): void {
		const mask = this.#slots.length - 1
		let slot = hash & mask
		while ((this.#slots[slot] as number) >= 0) slot = (slot + 1) & mask
		this.#slots[slot] = (tagOf(hash) << KEY_BITS) | number
	}

	#rehash(capacity: number): void {
		this.#slots = new Int32Array(capacity).fill(-1)
		for (let number = 0; number < this.#count; number++) this.#place(number, this.#storedHash(number))
	}
}

/**
 * Link numbers by key (hostname, registrable domain) while a shard is built: each key's links form a
 * chain through `next`, newest first, so a link is filed with one write and no per-key "last link"
 * array; finish() turns every chain round into the order the links were added. The by-hostname index
 * shares the columns' hostname table, so a hostname's bytes are kept once.
 */
export class LinkKeyChains {
	readonly #columns: LinkColumns
	readonly #keys: KeyTable
	/** first[key]: the key's newest link + 1 while building, its first link + 1 once finished; 0 none */
	readonly #first = new Paged((size) => new Int32Array(size))
	/** next[link]: the key's following link, -1 at the end */
	readonly #next = new Paged((size) => new Int32Array(size), -1)
	/** keyFingerprint of each key as it gets its first link */
	readonly #fingerprints = new Paged((size) => new Int32Array(size))
	#size = 0
	#finished = false

	constructor(columns: LinkColumns, keys = new KeyTable()) {
		this.#columns = columns
		this.#keys = keys
	}

	add(key: string, id: number): void {
		if (this.#finished) throw new Error('LinkKeyChains: link added after finish')
		const number = this.#keys.numberOf(key)
		const newest = this.#first.get(number) - 1
		if (newest < 0) this.#fingerprints.set(this.#size++, keyFingerprint(key))
		else this.#next.set(id, newest)
		this.#first.set(number, id + 1)
	}

	/** The lookup over the links added; ends the build. */
	finish(): LinkKeyIndex {
		return runAtOnce(this.finishInSlices())
	}

	/** finish in slices (steps.ts): chains turned round, fingerprints copied and sorted, a few milliseconds a slice. */
	*finishInSlices(): Steps<LinkKeyIndex> {
		if (this.#finished) throw new Error('LinkKeyChains: finished twice')
		this.#finished = true
		const [first, next, filed] = [this.#first, this.#next, this.#fingerprints]
		yield* inSlices(this.#keys.size, PAGE, (from, to) => {
			for (let number = from; number < to; number++) turnRound(first, next, number)
		})
		const fingerprints = new Uint32Array(this.#size)
		yield* inSlices(this.#size, PAGE, (from, to) => {
			for (let at = from; at < to; at++) fingerprints[at] = filed.get(at)
		})
		const sorted = yield* sortNumbersInSlices(fingerprints)
		return new LinkKeyIndex(this.#columns, this.#keys, this.#first, this.#next, sorted)
	}
}

/** Turns key `number`'s chain round into the order its links were added (LinkKeyChains). */
function turnRound(first: Paged<Int32Array>, next: Paged<Int32Array>, number: number): void {
	let link = first.get(number) - 1
	if (link < 0 || next.get(link) < 0) return
	let previous = -1
	while (link >= 0) {
		const following = next.get(link)
		next.set(link, previous)
		previous = link
		link = following
	}
	first.set(number, previous + 1)
}

/** Link numbers by key, each key's links in the order they were added (built by LinkKeyChains). */
export class LinkKeyIndex implements LinkLookup {
	readonly #columns: LinkColumns
	readonly #keys: KeyTable
	readonly #first: Paged<Int32Array>
	readonly #next: Paged<Int32Array>
	readonly fingerprints: Uint32Array

	constructor(columns: LinkColumns, keys: KeyTable, first: Paged<Int32Array>, next: Paged<Int32Array>, fingerprints: Uint32Array) {
		this.#columns = columns
		this.#keys = keys
		this.#first = first
		this.#next = next
		this.fingerprints = fingerprints
	}

	/** keys with a link filed under them (a shared key table may hold more) */
	get size(): number {
		return this.fingerprints.length
	}

	has(key: string): boolean {
		return this.#firstLink(key) >= 0
	}

	get(key: string): Listings | undefined {
		const first = this.#firstLink(key)
		return first < 0 ? undefined : this.#listings(first)
	}

	*keys(): IterableIterator<string> {
		for (let number = 0; number < this.#keys.size; number++) if (this.#first.get(number) > 0) yield this.#keys.keyAt(number)
	}

	*values(): IterableIterator<Listings> {
		for (let number = 0; number < this.#keys.size; number++) {
			const first = this.#first.get(number) - 1
			if (first >= 0) yield this.#listings(first)
		}
	}

	/** The key's first link, -1 when no link is filed under it (a shared table may know the key). */
	#firstLink(key: string): number {
		const number = this.#keys.find(key)
		return number < 0 ? -1 : this.#first.get(number) - 1
	}

	#listings(first: number): Listings {
		if (this.#next.get(first) < 0) return this.#columns.entry(first)
		const links: DomainLinkEntry[] = []
		for (let id = first; id >= 0; id = this.#next.get(id)) links.push(this.#columns.entry(id))
		return links
	}
}
