import { runAtOnce, type Steps } from './steps.ts'
import { keyFingerprint, type LinkLookup } from './link-table.ts'

/** Bits of filter per key: with two bits set a key in one 32-bit word, about 1.5 % of absent keys pass. */
const BITS_PER_KEY = 16
const MIN_WORD_BITS = 6

/** The two bits a fingerprint sets in its word (the word is picked by its high bits). */
const bitsOf = (fingerprint: number) => (1 << (fingerprint & 31)) | (1 << ((fingerprint >>> 5) & 31))

/**
 * Whether a key may be in any shard's link tables (by hostname or by registrable domain), from one
 * word of a bit array built over every shard's keys: a cold check's hostname, its www form and its
 * registrable domain are in no shard, and one read each answers that instead of probing two tables
 * in each shard (ADR 0055). A key added is always said to be held; an absent one seldom is.
 * The word is picked by the fingerprint's high bits, so a shard's fingerprints, kept in ascending
 * order, are filed in one forward pass over the words: the filter is rebuilt at every shard swap
 * that changes links, before the swap (linkKeyFilterInSlices).
 */
export class LinkKeyFilter {
	readonly #words: Uint32Array
	/** 32 minus the bits of a word's number */
	readonly #shift: number
	/** the lookups whose keys were added (linkKeyFilterInSlices) */
	readonly #covered: ReadonlySet<LinkLookup>

	constructor(keys: number, covered: readonly LinkLookup[] = []) {
		let wordBits = MIN_WORD_BITS
		while (2 ** wordBits * 32 < keys * BITS_PER_KEY) wordBits++
		this.#words = new Uint32Array(2 ** wordBits)
		this.#shift = 32 - wordBits
		this.#covered = new Set(covered)
	}

	/** Whether this filter was built over exactly these lookups (in any order), so it serves an index made of them. */
	covers(lookups: readonly LinkLookup[]): boolean {
		return lookups.length === this.#covered.size && lookups.every((lookup) => this.#covered.has(lookup))
	}

	/** Adds the keys of these fingerprints (keyFingerprint); in ascending order the words are written in turn. */
	addAll(fingerprints: Uint32Array): void {
		const words = this.#words
		const shift = this.#shift
		for (let at = 0; at < fingerprints.length; at++) {
			const fingerprint = fingerprints[at] as number
			words[fingerprint >>> shift] = (words[fingerprint >>> shift] as number) | bitsOf(fingerprint)
		}
	}

	/** False only when no key added has this key's fingerprint. */
	mayHold(key: string): boolean {
		const fingerprint = keyFingerprint(key)
		const bits = bitsOf(fingerprint)
		return ((this.#words[fingerprint >>> this.#shift] as number) & bits) === bits
	}
}

/** Fingerprints filed per slice: a fraction of a millisecond (6.25 million take about 40 ms at once). */
export const FINGERPRINTS_PER_SLICE = 1 << 14

/** The filter over every key of the lookups given. */
export function linkKeyFilter(lookups: readonly LinkLookup[]): LinkKeyFilter {
	return runAtOnce(linkKeyFilterInSlices(lookups))
}

/**
 * linkKeyFilter in slices of `perSlice` fingerprints (ADR 0063), for a swap built a slice per event-loop
 * turn (ADR 0064): the filter is nobody's until it is returned, and the lookups' fingerprints never change.
 */
export function* linkKeyFilterInSlices(lookups: readonly LinkLookup[], perSlice = FINGERPRINTS_PER_SLICE): Steps<LinkKeyFilter> {
	const filter = new LinkKeyFilter(
		lookups.reduce((keys, lookup) => keys + lookup.fingerprints.length, 0),
		lookups
	)
	for (const lookup of lookups)
		for (let at = 0; at < lookup.fingerprints.length; at += perSlice) {
			yield
			filter.addAll(lookup.fingerprints.subarray(at, at + perSlice))
		}
	return filter
}
