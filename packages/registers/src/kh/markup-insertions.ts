import fc from 'fast-check'

const MARKUP = ['<', '>', '"', '</table>', '<tr>', '<td>', '</li>', '<li>', '{', '}', ',', '</script>', '&', '\u00a0', '</html>']

/**
 * Copies of a page with one markup fragment inserted at a random place: damage that random bytes
 * rarely produce (a closed table, an opened cell, broken JSON), for parsers of HTML registers.
 */
export function markupInsertions(seed: Uint8Array): fc.Arbitrary<Uint8Array> {
	return fc.tuple(fc.nat({ max: seed.length }), fc.constantFrom(...MARKUP)).map(([at, text]) => {
		const extra = new TextEncoder().encode(text)
		const copy = new Uint8Array(seed.length + extra.length)
		copy.set(seed.subarray(0, at))
		copy.set(extra, at)
		copy.set(seed.subarray(at), at + extra.length)
		return copy
	})
}
