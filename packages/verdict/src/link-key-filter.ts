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
 * that changes links, before the swap (linkKeyFilterInTurns).
 */
export class LinkKeyFilter {
	readonly #words: Uint32Array
	/** 32 minus the bits of a word's number */
	readonly #shift: number
	/** the lookups whose keys were added (linkKeyFilter, linkKeyFilterInTurns) */
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

const emptyFilterOver = (lookups: readonly LinkLookup[]) =>
	new LinkKeyFilter(
		lookups.reduce((keys, lookup) => keys + lookup.fingerprints.length, 0),
		lookups
	)

/** The filter over every key of the lookups given. */
export function linkKeyFilter(lookups: readonly LinkLookup[]): LinkKeyFilter {
	const filter = emptyFilterOver(lookups)
	for (const lookup of lookups) filter.addAll(lookup.fingerprints)
	return filter
}

/** Fingerprints filed per event-loop turn: a fraction of a millisecond (6.25 million take about 40 ms at once). */
export const FINGERPRINTS_PER_TURN = 1 << 14

/**
 * linkKeyFilter in slices of `perTurn` fingerprints, each after `turn()`, so checks are answered
 * between them. The filter is nobody's until it resolves; the lookups' fingerprints never change.
 */
export async function linkKeyFilterInTurns(
	lookups: readonly LinkLookup[],
	turn: () => Promise<void>,
	perTurn = FINGERPRINTS_PER_TURN
): Promise<LinkKeyFilter> {
	const filter = emptyFilterOver(lookups)
	for (const lookup of lookups)
		for (let at = 0; at < lookup.fingerprints.length; at += perTurn) {
			await turn()
			filter.addAll(lookup.fingerprints.subarray(at, at + perTurn))
		}
	return filter
}
