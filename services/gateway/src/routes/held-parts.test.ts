import { describe, expect, test } from 'bun:test'
import { type FramedAnswer, answerTag, decodeFramedAnswers, encodeFramedAnswers } from '@lv/contracts'
import { HeldParts } from './held-parts.ts'

const encoder = new TextEncoder()
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

/** An answer `{"q":"<query>","p":<part>}` with its part sent in full, or held by the receiver. */
function answer(query: string, part: string, held: boolean): FramedAnswer {
	const opening = `{"q":"${query}","p":`
	const bytes = encoder.encode(part)
	return { status: 200, body: encoder.encode(`${opening}${part}}`), parts: [{ at: opening.length, length: bytes.byteLength, tag: answerTag(bytes), held }] }
}

/** A reply as the gateway decodes it. */
const received = (...answers: FramedAnswer[]) => decodeFramedAnswers(encodeFramedAnswers(answers))

describe('parts held by the gateway', () => {
	test('a part received in full joins the later answers that hold it, in the same reply and after', () => {
		const parts = new HeldParts()
		const first = received(answer('a', '"part one"', false), answer('b', '"part one"', true))
		expect(parts.join(first, parts.name)).toEqual([])
		const second = received(answer('c', '"part one"', true))
		expect(parts.join(second, parts.name)).toEqual([])
		expect([...first, ...second].map((joined) => text(joined.body))).toEqual([
			'{"q":"a","p":"part one"}',
			'{"q":"b","p":"part one"}',
			'{"q":"c","p":"part one"}'
		])
	})

	test('an answer holding a part not at hand is left to be asked again, and a new epoch is named; one asked with an older epoch names none', () => {
		const parts = new HeldParts()
		const asked = parts.name
		const reply = received(answer('a', '"kept"', false), answer('b', '"never received"', true))
		expect(parts.join(reply, asked)).toEqual([1])
		expect(text(reply[0]?.body as Uint8Array)).toBe('{"q":"a","p":"kept"}')
		expect(parts.name).not.toBe(asked)
		const renamed = parts.name
		expect(parts.join(received(answer('c', '"never received"', true)), asked)).toEqual([0])
		expect(parts.name).toBe(renamed)
	})

	test('a full store forgets its parts and names a new epoch', () => {
		const parts = new HeldParts(20)
		const first = parts.name
		parts.join(received(answer('a', '"twelve bytes"', false)), first)
		expect(parts.name).toBe(first)
		parts.join(received(answer('b', '"other twelve"', false)), first)
		expect(parts.name).not.toBe(first)
		expect(parts.join(received(answer('c', '"other twelve"', true)), parts.name)).toEqual([])
		expect(parts.join(received(answer('d', '"twelve bytes"', true)), parts.name)).toEqual([0])
	})
})
