import type { DomainLinkEntry, LicenceEntry, LinkVerification, Listings, OperatorEntry } from './index-model.ts'

/*
 * A shard's domain links kept in typed arrays rather than as objects, maps and strings on the
 * garbage-collected heap: per link an operator and a licence number into the shard's own lists, two
 * small codes for link_status and association, a float for last_listed_at, and its hostname's number
 * in a KeyTable, which keeps each distinct key's characters once in one buffer with an
 * open-addressing hash table over them. Verification pages, which few links have, sit in a map by
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

const FIRST_CAPACITY = 1024

/** The links of one jurisdiction, numbered in the order they were added. */
export class LinkColumns {
	readonly #jurisdiction: string
	#count = 0
	readonly #hostnames = new KeyTable()
	#hostname = new Int32Array(FIRST_CAPACITY)
	#operator = new Int32Array(FIRST_CAPACITY)
	#licence = new Int32Array(FIRST_CAPACITY)
	#status = new Uint8Array(FIRST_CAPACITY)
	#association = new Uint8Array(FIRST_CAPACITY)
	#lastListedAt = new Float64Array(FIRST_CAPACITY)
	readonly #verification = new Map<number, LinkVerification>()
	readonly #operators = new Numbering<OperatorEntry>()
	readonly #licences = new Numbering<LicenceEntry>()
	readonly #words = new Numbering<string | null>()

	constructor(jurisdiction: string) {
		this.#jurisdiction = jurisdiction
	}

	get count(): number {
		return this.#count
	}

	/** Stores a link; returns its number. */
	add(link: LinkFields): number {
		if (this.#count === this.#operator.length) this.#resize(Math.max(FIRST_CAPACITY, this.#count * 2))
		const id = this.#count++
		this.#hostname[id] = this.#hostnames.numberOf(link.hostname)
		this.#operator[id] = this.#operators.of(link.operator)
		this.#licence[id] = link.licence === null ? -1 : this.#licences.of(link.licence)
		this.#status[id] = this.#words.of(link.link_status)
		this.#association[id] = this.#words.of(link.association)
		this.#lastListedAt[id] = link.last_listed_at ?? Number.NaN
		if (link.verification !== null) this.#verification.set(id, link.verification)
		return id
	}

	/** Drops the spare capacity once every link is in. */
	seal(): void {
		this.#resize(this.#count)
		this.#hostnames.seal()
	}

	entry(id: number): DomainLinkEntry {
		const licence = this.#licence[id] as number
		const lastListedAt = this.#lastListedAt[id] as number
		return {
			hostname: this.#hostnames.keyAt(this.#hostname[id] as number),
			operator: this.#operators.at(this.#operator[id] as number),
			licence: licence < 0 ? null : this.#licences.at(licence),
			jurisdiction: this.#jurisdiction,
			link_status: this.#words.at(this.#status[id] as number) as DomainLinkEntry['link_status'],
			association: this.#words.at(this.#association[id] as number) as DomainLinkEntry['association'],
			last_listed_at: Number.isNaN(lastListedAt) ? null : lastListedAt,
			verification: this.#verification.get(id) ?? null
		}
	}

	#resize(capacity: number): void {
		const keep = Math.max(capacity, this.#count)
		this.#hostname = resized(this.#hostname, new Int32Array(keep), this.#count)
		this.#operator = resized(this.#operator, new Int32Array(keep), this.#count)
		this.#licence = resized(this.#licence, new Int32Array(keep), this.#count)
		this.#status = resized(this.#status, new Uint8Array(keep), this.#count)
		this.#association = resized(this.#association, new Uint8Array(keep), this.#count)
		this.#lastListedAt = resized(this.#lastListedAt, new Float64Array(keep), this.#count)
	}
}

function resized<T extends Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array>(from: T, to: T, count: number): T {
	to.set(from.subarray(0, count))
	return to
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

/**
 * Distinct string keys numbered in the order first seen: their UTF-16 code units in one buffer and
 * an open-addressing table (linear probing, at most half full) of key numbers by hash.
 */
class KeyTable {
	#count = 0
	#chars = new Uint16Array(FIRST_CAPACITY * 16)
	#charCount = 0
	/** key k's characters are chars[starts[k] .. starts[k + 1]) */
	#starts = new Uint32Array(FIRST_CAPACITY + 1)
	#slots = new Int32Array(FIRST_CAPACITY * 2).fill(-1)

	get size(): number {
		return this.#count
	}

	/** The key's number, or -1 when it is not in the table. */
	find(key: string): number {
		const mask = this.#slots.length - 1
		for (let slot = hashOf(key) & mask; ; slot = (slot + 1) & mask) {
			const number = this.#slots[slot] as number
			if (number < 0 || this.#equals(number, key)) return number
		}
	}

	/** The key's number, adding the key when new. */
	numberOf(key: string): number {
		const found = this.find(key)
		if (found >= 0) return found
		if ((this.#count + 1) * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2)
		if (this.#count + 2 > this.#starts.length)
			this.#starts = resized(this.#starts, new Uint32Array(this.#starts.length * 2), this.#count + 1)
		if (this.#charCount + key.length > this.#chars.length)
			this.#chars = resized(this.#chars, new Uint16Array(Math.max(this.#chars.length * 2, this.#charCount + key.length)), this.#charCount)
		for (let i = 0; i < key.length; i++) this.#chars[this.#charCount + i] = key.charCodeAt(i)
		this.#charCount += key.length
		const number = this.#count++
		this.#starts[number + 1] = this.#charCount
		this.#place(number, hashOf(key))
		return number
	}

	keyAt(number: number): string {
		return String.fromCharCode(...this.#chars.subarray(this.#starts[number] as number, this.#starts[number + 1] as number))
	}

	/** Drops the spare capacity of the character buffer once every key is in. */
	seal(): void {
		this.#chars = resized(this.#chars, new Uint16Array(this.#charCount), this.#charCount)
		this.#starts = resized(this.#starts, new Uint32Array(this.#count + 1), this.#count + 1)
	}

	#equals(number: number, key: string): boolean {
		const start = this.#starts[number] as number
		if ((this.#starts[number + 1] as number) - start !== key.length) return false
		for (let i = 0; i < key.length; i++) if (this.#chars[start + i] !== key.charCodeAt(i)) return false
		return true
	}

	#place(number: number, hash: number): void {
		const mask = this.#slots.length - 1
		let slot = hash & mask
		while ((this.#slots[slot] as number) >= 0) slot = (slot + 1) & mask
		this.#slots[slot] = number
	}

	#rehash(capacity: number): void {
		this.#slots = new Int32Array(capacity).fill(-1)
		for (let number = 0; number < this.#count; number++) {
			let hash = FNV_OFFSET
			for (let at = this.#starts[number] as number; at < (this.#starts[number + 1] as number); at++)
				hash = Math.imul(hash ^ (this.#chars[at] as number), FNV_PRIME)
			this.#place(number, hash >>> 0)
		}
	}
}

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/** FNV-1a over UTF-16 code units. */
function hashOf(key: string): number {
	let hash = FNV_OFFSET
	for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), FNV_PRIME)
	return hash >>> 0
}

/**
 * Link numbers by key (hostname, registrable domain): each key's links form a chain from its first
 * to its last link through `next`, in the order they were added.
 */
export class LinkKeyIndex implements LinkLookup {
	readonly #columns: LinkColumns
	readonly #keys = new KeyTable()
	#first = new Int32Array(FIRST_CAPACITY)
	#last = new Int32Array(FIRST_CAPACITY)
	/** next[link]: the key's following link, -1 at the end; grown by link number */
	#next = new Int32Array(FIRST_CAPACITY).fill(-1)

	constructor(columns: LinkColumns) {
		this.#columns = columns
	}

	add(key: string, id: number): void {
		const known = this.#keys.size
		const number = this.#keys.numberOf(key)
		if (id >= this.#next.length) {
			const next = new Int32Array(Math.max(this.#next.length * 2, id + 1)).fill(-1)
			next.set(this.#next)
			this.#next = next
		}
		if (number === known) {
			if (number >= this.#first.length) {
				this.#first = resized(this.#first, new Int32Array(this.#first.length * 2), number)
				this.#last = resized(this.#last, new Int32Array(this.#last.length * 2), number)
			}
			this.#first[number] = id
		} else this.#next[this.#last[number] as number] = id
		this.#last[number] = id
	}

	/** Drops the spare capacity once every link is in; `links`: how many the columns hold. */
	seal(links: number): void {
		this.#keys.seal()
		this.#first = resized(this.#first, new Int32Array(this.#keys.size), this.#keys.size)
		this.#last = resized(this.#last, new Int32Array(this.#keys.size), this.#keys.size)
		this.#next = resized(this.#next, new Int32Array(links).fill(-1), Math.min(links, this.#next.length))
	}

	get size(): number {
		return this.#keys.size
	}

	has(key: string): boolean {
		return this.#keys.find(key) >= 0
	}

	get(key: string): Listings | undefined {
		const number = this.#keys.find(key)
		return number < 0 ? undefined : this.#listings(number)
	}

	*keys(): IterableIterator<string> {
		for (let number = 0; number < this.#keys.size; number++) yield this.#keys.keyAt(number)
	}

	*values(): IterableIterator<Listings> {
		for (let number = 0; number < this.#keys.size; number++) yield this.#listings(number)
	}

	#listings(number: number): Listings {
		const first = this.#first[number] as number
		const second = this.#next[first] as number
		if (second < 0) return this.#columns.entry(first)
		const links: DomainLinkEntry[] = []
		for (let id = first; id >= 0; id = this.#next[id] as number) links.push(this.#columns.entry(id))
		return links
	}
}
