import { expect } from 'bun:test'
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { RegisterParseError, type FetchedFile } from '../../types.ts'

const FIXTURES = new URL('../../../fixtures/', import.meta.url)

/** Reads a committed fixture as a FetchedFile served from `url`. */
export function fixtureFile(path: string, url: string, contentType: string | null = null): FetchedFile {
	return { url, bytes: new Uint8Array(readFileSync(new URL(path, FIXTURES))), contentType }
}

/** The fixture's text (for edited copies). */
export function fixtureText(path: string): string {
	return readFileSync(new URL(path, FIXTURES), 'utf8')
}

/** A FetchedFile holding the given text as UTF-8. */
export function textFile(text: string, url: string, contentType: string | null = null): FetchedFile {
	return { url, bytes: new TextEncoder().encode(text), contentType }
}

/** Bytes derived from a seed the way damaged downloads look: cut short, bytes flipped, junk inserted; or wholly random. */
export function damagedBytes(seed: Uint8Array): fc.Arbitrary<Uint8Array> {
	const last = Math.max(seed.length - 1, 0)
	return fc.oneof(
		fc.nat(seed.length).map((n) => seed.slice(0, n)),
		fc.array(fc.tuple(fc.nat(last), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 }).map((flips) => {
			const copy = seed.slice()
			for (const [at, value] of flips) copy[at] = value
			return copy
		}),
		fc.tuple(fc.nat(seed.length), fc.uint8Array({ minLength: 1, maxLength: 64 })).map(([at, junk]) => {
			const copy = new Uint8Array(seed.length + junk.length)
			copy.set(seed.subarray(0, at))
			copy.set(junk, at)
			copy.set(seed.subarray(at), at + junk.length)
			return copy
		}),
		fc.uint8Array({ maxLength: 4096 }),
		fc.string({ maxLength: 2048 }).map((text) => new TextEncoder().encode(text))
	)
}

/** Runs a parser on hostile input: it must return or throw RegisterParseError, within `boundMs`. */
export function expectRecordsOrParseError(run: () => unknown, boundMs = 1500): void {
	const started = performance.now()
	try {
		run()
	} catch (error) {
		if (!(error instanceof RegisterParseError)) throw error
		expect(['malformed', 'truncated', 'empty', 'unexpected_format', 'encoding']).toContain(error.reason)
	}
	expect(performance.now() - started).toBeLessThan(boundMs)
}
