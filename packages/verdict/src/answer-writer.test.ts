import { describe, expect, test } from 'bun:test'
import { AnswerWriter } from './answer-writer.ts'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

describe('AnswerWriter', () => {
	test('takes exactly what was written since the answer started, however large', () => {
		const writer = new AnswerWriter()
		writer.start()
		writer.bytes(encoder.encode('left by an answer that failed'))
		writer.start()
		const long = 'é'.repeat(20_000)
		writer.bytes(encoder.encode(long))
		writer.hostname('example.co.uk')
		writer.byte(0x2c)
		writer.copy(Buffer.from('--arena part--'), 2, 5)
		expect(decoder.decode(writer.take())).toBe(`${long}example.co.uk,arena`)
	})

	test('an answer taken is a copy the next answer does not overwrite', () => {
		const writer = new AnswerWriter()
		writer.start()
		writer.hostname('first.example')
		const first = writer.take()
		writer.start()
		writer.hostname('other.example')
		expect(decoder.decode(first)).toBe('first.example')
		expect(decoder.decode(writer.take())).toBe('other.example')
	})
})
