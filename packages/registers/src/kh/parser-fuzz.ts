import fc from 'fast-check'
import { RegisterParseError } from '../types.ts'

/** Mutations of a real publication: truncation, byte flips, random insertions, and their mixes. */
export function mutatedBytes(seed: Uint8Array): fc.Arbitrary<Uint8Array> {
	const truncated = fc.nat({ max: seed.length }).map((end) => seed.slice(0, end))
	const flipped = fc.array(fc.tuple(fc.nat({ max: Math.max(0, seed.length - 1) }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }).map((flips) => {
		const copy = seed.slice()
		for (const [at, value] of flips) copy[at] = value
		return copy
	})
	const inserted = fc.tuple(fc.nat({ max: seed.length }), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([at, extra]) => {
		const copy = new Uint8Array(seed.length + extra.length)
		copy.set(seed.subarray(0, at))
		copy.set(extra, at)
		copy.set(seed.subarray(at), at + extra.length)
		return copy
	})
	const textual = fc.tuple(fc.nat({ max: seed.length }), fc.constantFrom('<', '>', '"', '</table>', '<tr>', '<td>', '{', '}', ',', '</script>', '&', '\u00a0', '</html>')).map(([at, text]) => {
		const extra = new TextEncoder().encode(text)
		const copy = new Uint8Array(seed.length + extra.length)
		copy.set(seed.subarray(0, at))
		copy.set(extra, at)
		copy.set(seed.subarray(at), at + extra.length)
		return copy
	})
	return fc.oneof(truncated, flipped, inserted, textual)
}

/** Arbitrary bytes and arbitrary text, unrelated to any publication. */
export const randomInput: fc.Arbitrary<Uint8Array> = fc.oneof(fc.uint8Array({ maxLength: 512 }), fc.string({ maxLength: 512 }).map((text) => new TextEncoder().encode(text)))

/** Runs a parser and reports whether it ended in records or a RegisterParseError (anything else is rethrown). */
export function parsesOrRejects(run: () => unknown): boolean {
	try {
		run()
		return true
	} catch (error) {
		if (error instanceof RegisterParseError) return true
		throw error
	}
}
