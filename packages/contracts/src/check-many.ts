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

/** Several independent single checks in one message (one GET /v1/check each); answered in order. */
export const CheckManyRequest = Type.Object({
	...InternalHeader,
	checks: Type.Array(OneCheck, { minItems: 1, maxItems: MAX_CHECKS_PER_MESSAGE })
})
export type CheckManyRequest = Static<typeof CheckManyRequest>

/**
 * One answer of a `check.many` reply: HTTP-like status and the JSON body (a Check result, or the
 * error envelope). `tag` names a body that may be held and offered back as `known` (answerTag);
 * status UNCHANGED, with an empty body, says the `known` answer offered is still the answer.
 */
export type FramedAnswer = { status: number; body: Uint8Array; tag?: string }

export const UNCHANGED = 304

/** The tag of an answer's bytes: equal tags mean equal bytes, whichever checker replica answered. */
export const answerTag = (body: Uint8Array) => new Bun.CryptoHasher('sha256').update(body).digest('base64url').slice(0, 22)

const encoder = new TextEncoder()
const NEWLINE = 0x0a
const TAG = /^[A-Za-z0-9_-]{1,64}$/

/**
 * A `check.many` reply is one line of JSON, `[[status, byteLength] or [status, byteLength, tag], …]`,
 * then the bodies back to back. The gateway slices each body out and sends it as the HTTP response
 * without parsing it.
 */
export function encodeFramedAnswers(answers: readonly FramedAnswer[]): Uint8Array {
	const entries = answers.map((answer) =>
		answer.tag === undefined ? [answer.status, answer.body.byteLength] : [answer.status, answer.body.byteLength, answer.tag]
	)
	const index = encoder.encode(`${JSON.stringify(entries)}\n`)
	const out = new Uint8Array(index.byteLength + answers.reduce((total, answer) => total + answer.body.byteLength, 0))
	out.set(index, 0)
	let offset = index.byteLength
	for (const { body } of answers) {
		out.set(body, offset)
		offset += body.byteLength
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
		const [status, length, tag] = entry
		if (offset + length > data.byteLength) throw new Error('framed answers: body runs past the end')
		const body = data.subarray(offset, offset + length)
		offset += length
		return tag === undefined ? { status, body } : { status, body, tag }
	})
	if (offset !== data.byteLength) throw new Error('framed answers: bytes left over after the last body')
	return answers
}

function isIndexEntry(entry: unknown): entry is [number, number] | [number, number, string] {
	if (!Array.isArray(entry) || (entry.length !== 2 && entry.length !== 3)) return false
	const [status, length, tag] = entry as unknown[]
	const count = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0
	return count(status) && count(length) && (entry.length === 2 || (typeof tag === 'string' && TAG.test(tag)))
}
