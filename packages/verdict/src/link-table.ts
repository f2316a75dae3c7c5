import type { DomainLinkEntry, LicenceEntry, LinkVerification, Listings, OperatorEntry } from './index-model.ts'

/*
 * A shard's domain links kept by column rather than as one object each: per link a hostname string,
 * operator and licence numbers into the shard's own lists, two small codes for link_status and
 * association, and a float for last_listed_at (about 20 bytes beside the hostname, where an entry
 * object took about 80). Verification pages, which few links have, sit in a map by link number.
 * Entries are made when a lookup asks for them, so a check pays for the few links it reads.
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
	#hostnames: string[] = []
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
		this.#hostnames.push(link.hostname)
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
	}

	entry(id: number): DomainLinkEntry {
		const licence = this.#licence[id] as number
		const lastListedAt = this.#lastListedAt[id] as number
		return {
			hostname: this.#hostnames[id] as string,
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
		this.#operator = resized(this.#operator, new Int32Array(keep), this.#count)
		this.#licence = resized(this.#licence, new Int32Array(keep), this.#count)
		this.#status = resized(this.#status, new Uint8Array(keep), this.#count)
		this.#association = resized(this.#association, new Uint8Array(keep), this.#count)
		this.#lastListedAt = resized(this.#lastListedAt, new Float64Array(keep), this.#count)
	}
}

function resized<T extends Int32Array | Uint8Array | Float64Array>(from: T, to: T, count: number): T {
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
 * Link numbers by key: a key listed once maps to its link's number, a key listed more often to
 * -(1 + k), the k-th list of numbers, so the common case costs one map entry and no array.
 */
export class LinkKeyIndex implements LinkLookup {
	readonly #columns: LinkColumns
	readonly #numbers = new Map<string, number>()
	readonly #lists: number[][] = []

	constructor(columns: LinkColumns) {
		this.#columns = columns
	}

	add(key: string, id: number): void {
		const present = this.#numbers.get(key)
		if (present === undefined) this.#numbers.set(key, id)
		else if (present >= 0) {
			this.#lists.push([present, id])
			this.#numbers.set(key, -this.#lists.length)
		} else (this.#lists[-present - 1] as number[]).push(id)
	}

	get size(): number {
		return this.#numbers.size
	}

	has(key: string): boolean {
		return this.#numbers.has(key)
	}

	get(key: string): Listings | undefined {
		const present = this.#numbers.get(key)
		return present === undefined ? undefined : this.#listings(present)
	}

	keys(): IterableIterator<string> {
		return this.#numbers.keys()
	}

	*values(): IterableIterator<Listings> {
		for (const present of this.#numbers.values()) yield this.#listings(present)
	}

	#listings(present: number): Listings {
		if (present >= 0) return this.#columns.entry(present)
		return (this.#lists[-present - 1] as number[]).map((id) => this.#columns.entry(id))
	}
}
