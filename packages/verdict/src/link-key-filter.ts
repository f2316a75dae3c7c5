import { keyHash, type LinkLookup } from './link-table.ts'

/** Bits of filter per key: with two bits set a key in one 32-bit word, about 1.5 % of absent keys pass. */
const BITS_PER_KEY = 16

/** Spreads FNV-1a's bits (its low bits are weak) before they pick a word and two bits in it. */
function mixed(hash: number): number {
	const x = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d)
	return x ^ (x >>> 12)
}

/**
 * Whether a key may be in any shard's link tables (by hostname or by registrable domain), from one
 * word of a bit array built over every shard's keys: a cold check's hostname, its www form and its
 * registrable domain are in no shard, and one read each answers that instead of probing two tables
 * in each of the shards (ADR 0055). A key it holds is always said to be held; an absent one seldom is.
 */
export class LinkKeyFilter {
	readonly #words: Uint32Array
	readonly #mask: number

	constructor(keys: number) {
		let words = 1
		while (words * 32 < keys * BITS_PER_KEY) words *= 2
		this.#words = new Uint32Array(words)
		this.#mask = words - 1
	}

	/** Adds the key whose keyHash is `hash`. */
	add(hash: number): void {
		const x = mixed(hash)
		this.#words[x & this.#mask] = (this.#words[x & this.#mask] as number) | (1 << (x >>> 27)) | (1 << ((x >>> 22) & 31))
	}

	/** False only when no key added has this key's hash. */
	mayHold(key: string): boolean {
		const x = mixed(keyHash(key))
		const bits = (1 << (x >>> 27)) | (1 << ((x >>> 22) & 31))
		return ((this.#words[x & this.#mask] as number) & bits) === bits
	}
}

/** The filter over every key of the lookups given. */
export function linkKeyFilter(lookups: readonly LinkLookup[]): LinkKeyFilter {
	const filter = new LinkKeyFilter(lookups.reduce((keys, lookup) => keys + lookup.size, 0))
	for (const lookup of lookups) lookup.forEachKeyHash((hash) => filter.add(hash))
	return filter
}
