import { type Static, Type } from '@sinclair/typebox'
import { DomainCheckFields, LicenseCheckFields } from './check.ts'
import { InternalHeader } from './envelope.ts'

/** Most checks one `check.many` request carries (the gateway's coalescing batch size). */
export const MAX_CHECKS_PER_MESSAGE = 128

/**
 * `known`: the tag of the answer the sender already holds for this check (a check without as_of);
 * the checker then answers `unchanged` instead of sending the same bytes again.
 */
const KnownAnswer = { known: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }

export const OneCheck = Type.Union([
	Type.Object({ ...DomainCheckFields, ...KnownAnswer }, { additionalProperties: false }),
	Type.Object({ ...LicenseCheckFields, ...KnownAnswer }, { additionalProperties: false })
])
export type OneCheck = Static<typeof OneCheck>

/**
 * Several independent single checks in one message (one GET /v1/check each); answered in order. `parts`: the
 * sender's store of answer parts and its epoch (ADR 0074): the checker may send a part it sent before to that store
 * as its tag alone. A new epoch says the store may have dropped parts: the checker then assumes it holds none.
 */
export const CheckManyRequest = Type.Object({
	...InternalHeader,
	checks: Type.Array(OneCheck, { minItems: 1, maxItems: MAX_CHECKS_PER_MESSAGE }),
	parts: Type.Optional(Type.String({ minLength: 1, maxLength: 96 }))
})
export type CheckManyRequest = Static<typeof CheckManyRequest>

/**
 * One answer of a `check.many` reply: HTTP-like status and the JSON body (a Check result, or the
 * error envelope). `tag` names a body that may be held and offered back as `known` (answerTag);
 * status UNCHANGED, with an empty body, says the `known` answer offered is still the answer.
 */
export type FramedAnswer = { status: number; body: Uint8Array; tag?: string; parts?: readonly FramedPart[] }

/**
 * A part of an answer written from parts (ADR 0074): where it sits in the answer, its length and tag (answerTag of
 * its bytes), and whether the receiver holds it, in which case its bytes do not travel. Before encoding, a
 * FramedAnswer's body is the whole answer; after decoding, it is the answer without its held parts.
 */
export type FramedPart = { readonly at: number; readonly length: number; readonly tag: string; readonly held: boolean }

export const UNCHANGED = 304

/** The tag of an answer's bytes: equal tags mean equal bytes, whichever checker replica answered. */
export const answerTag = (body: Uint8Array) => new Bun.CryptoHasher('sha256').update(body).digest('base64url').slice(0, 22)

const encoder = new TextEncoder()
const NEWLINE = 0x0a
const TAG = /^[A-Za-z0-9_-]{1,64}$/

/** An answer's bytes on the wire (before encoding, its body is whole): the body without its held parts. */
function wireLength(answer: FramedAnswer): number {
	let length = answer.body.byteLength
	for (const part of answer.parts ?? []) if (part.held) length -= part.length
	return length
}

/** The parts of an index entry: `at, length, tag` for each, the length negative for a held part. */
const partsEntry = (parts: readonly FramedPart[]) => parts.flatMap((part) => [part.at, part.held ? -part.length : part.length, part.tag])

/**
 * A `check.many` reply is one line of JSON, `[[status, byteLength] or [status, byteLength, tag] or [status,
 * byteLength, tag or null, parts], …]`, then the bodies back to back. The gateway slices each body out and sends
 * it as the HTTP response without parsing it; a body with parts it first joins with the held parts' bytes.
 */
export function encodeFramedAnswers(answers: readonly FramedAnswer[]): Uint8Array {
	const entries = answers.map((answer) => {
		const length = wireLength(answer)
		if (answer.parts !== undefined) return [answer.status, length, answer.tag ?? null, partsEntry(answer.parts)]
		return answer.tag === undefined ? [answer.status, length] : [answer.status, length, answer.tag]
	})
	const index = encoder.encode(`${JSON.stringify(entries)}\n`)
	const out = new Uint8Array(index.byteLength + answers.reduce((total, answer) => total + wireLength(answer), 0))
	out.set(index, 0)
	let offset = index.byteLength
	for (const { body, parts } of answers) {
		let from = 0
		for (const part of parts ?? []) {
			if (!part.held) continue
			out.set(body.subarray(from, part.at), offset)
			offset += part.at - from
			from = part.at + part.length
		}
		out.set(from === 0 ? body : body.subarray(from), offset)
		offset += body.byteLength - from
	}
	return out
}

/** The inverse of encodeFramedAnswers; throws on anything it did not write. */
export function decodeFramedAnswers(data: Uint8Array): FramedAnswer[] {
	const end = data.indexOf(NEWLINE)
	if (end < 0) throw new Error('framed answers: no index line')
	const index: unknown = JSON.parse(new TextDecoder().decode(data.subarray(0, end)))
	if (!Array.isArray(index)) throw new Error('framed answers: the index is not an array')
	let offset = end + 1
	const answers = index.map((entry: unknown): FramedAnswer => {
		if (!isIndexEntry(entry)) throw new Error('framed answers: bad index entry')
		const [status, length, tag, parts] = entry
		if (offset + length > data.byteLength) throw new Error('framed answers: body runs past the end')
		const body = data.subarray(offset, offset + length)
		offset += length
		if (parts !== undefined) return tag === null ? { status, body, parts: framedParts(parts, length) } : { status, body, tag, parts: framedParts(parts, length) }
		return tag === undefined || tag === null ? { status, body } : { status, body, tag }
	})
	if (offset !== data.byteLength) throw new Error('framed answers: bytes left over after the last body')
	return answers
}

const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0
const isTag = (tag: unknown) => typeof tag === 'string' && TAG.test(tag)

function isIndexEntry(entry: unknown): entry is [number, number, (string | null)?, unknown[]?] {
	if (!Array.isArray(entry) || entry.length < 2 || entry.length > 4) return false
	const [status, length, tag, parts] = entry as unknown[]
	if (!count(status) || !count(length)) return false
	if (entry.length === 2) return true
	if (entry.length === 3) return isTag(tag)
	return (tag === null || isTag(tag)) && Array.isArray(parts)
}

/** An entry's parts, checked to lie in order inside the answer, their sent bytes inside its `wire` bytes. */
function framedParts(entry: unknown[], wire: number): FramedPart[] {
	if (entry.length % 3 !== 0) throw new Error('framed answers: bad parts')
	const parts: FramedPart[] = []
	let end = 0
	let held = 0
	for (let i = 0; i < entry.length; i += 3) {
		const [at, signed, tag] = [entry[i], entry[i + 1], entry[i + 2]]
		if (!count(at) || !Number.isSafeInteger(signed) || signed === 0 || !isTag(tag)) throw new Error('framed answers: bad part')
		const part = { at: at as number, length: Math.abs(signed as number), tag: tag as string, held: (signed as number) < 0 }
		if (part.at < end) throw new Error('framed answers: parts out of order')
		end = part.at + part.length
		if (part.held) held += part.length
		parts.push(part)
	}
	if (end - held > wire) throw new Error('framed answers: parts run past the body')
	return parts
}

/** The length of a decoded answer made whole: its body and its held parts. */
export function wholeLength(answer: FramedAnswer): number {
	let length = answer.body.byteLength
	for (const part of answer.parts ?? []) if (part.held) length += part.length
	return length
}

/**
 * Writes a decoded answer made whole (ADR 0074) into `into` (wholeLength bytes): its held parts' bytes from `held`,
 * each sent part handed to `keep` (a view into the reply: copy what is kept). False when a held part is not at hand,
 * or not of its length: the caller asks again without parts, and never answers other bytes.
 */
export function joinParts(
	answer: FramedAnswer,
	into: Uint8Array,
	held: (tag: string) => Uint8Array | undefined,
	keep: (tag: string, bytes: Uint8Array) => void
): boolean {
	const { body, parts = [] } = answer
	let from = 0
	let to = 0
	for (const part of parts) {
		const literal = part.at - to
		into.set(body.subarray(from, from + literal), to)
		from += literal
		to = part.at
		if (part.held) {
			const bytes = held(part.tag)
			if (bytes === undefined || bytes.byteLength !== part.length) return false
			into.set(bytes, to)
		} else {
			const bytes = body.subarray(from, from + part.length)
			keep(part.tag, bytes)
			into.set(bytes, to)
			from += part.length
		}
		to += part.length
	}
	into.set(body.subarray(from), to)
	return true
}
