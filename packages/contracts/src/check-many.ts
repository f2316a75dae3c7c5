import { type Static, Type } from '@sinclair/typebox'
import { DomainCheckFields, LicenseCheckFields } from './check.ts'
import { InternalHeader } from './envelope.ts'

/** Most checks one `check.many` request carries (the gateway's coalescing batch size). */
export const MAX_CHECKS_PER_MESSAGE = 128

export const OneCheck = Type.Union([
	Type.Object(DomainCheckFields, { additionalProperties: false }),
	Type.Object(LicenseCheckFields, { additionalProperties: false })
])
export type OneCheck = Static<typeof OneCheck>

/** Several independent single checks in one message (one GET /v1/check each); answered in order. */
export const CheckManyRequest = Type.Object({
	...InternalHeader,
	checks: Type.Array(OneCheck, { minItems: 1, maxItems: MAX_CHECKS_PER_MESSAGE })
})
export type CheckManyRequest = Static<typeof CheckManyRequest>

/** One answer of a `check.many` reply: HTTP-like status and the JSON body (a Check result, or the error envelope). */
export type FramedAnswer = { status: number; body: Uint8Array }

const encoder = new TextEncoder()
const NEWLINE = 0x0a

/**
 * A `check.many` reply is one line of JSON, `[[status, byteLength], …]`, then the bodies back to
 * back. The gateway slices each body out and sends it as the HTTP response without parsing it.
 */
export function encodeFramedAnswers(answers: readonly FramedAnswer[]): Uint8Array {
	const index = encoder.encode(`${JSON.stringify(answers.map((answer) => [answer.status, answer.body.byteLength]))}\n`)
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
	const answers = index.map((entry: unknown) => {
		if (!Array.isArray(entry) || entry.length !== 2 || !entry.every((n) => Number.isSafeInteger(n) && n >= 0)) throw new Error('framed answers: bad index entry')
		const [status, length] = entry as [number, number]
		if (offset + length > data.byteLength) throw new Error('framed answers: body runs past the end')
		const body = data.subarray(offset, offset + length)
		offset += length
		return { status, body }
	})
	if (offset !== data.byteLength) throw new Error('framed answers: bytes left over after the last body')
	return answers
}
