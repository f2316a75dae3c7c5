import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { CheckManyRequest, MAX_CHECKS_PER_MESSAGE, UNCHANGED, answerTag, decodeFramedAnswers, encodeFramedAnswers } from './check-many.ts'

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)
const framedFrom = (answers: readonly { status: number; json: string }[]) =>
	encodeFramedAnswers(answers.map(({ status, json }) => ({ status, body: new TextEncoder().encode(json) })))

describe('framed check answers', () => {
	test('any list of answers decodes to the same statuses and byte-identical bodies, in order', () => {
		fc.assert(
			fc.property(
				fc.array(fc.record({ status: fc.integer({ min: 100, max: 599 }), json: fc.json() }), { minLength: 1, maxLength: 40 }),
				(answers) => {
					const decoded = decodeFramedAnswers(framedFrom(answers))
					expect(decoded.map((answer) => ({ status: answer.status, json: text(answer.body) }))).toEqual(answers)
				}
			)
		)
	})

	test('tagged answers and unchanged answers (empty body) keep their tags, next to untagged ones', () => {
		const body = new TextEncoder().encode('{"verdict":"licensed"}')
		const tag = answerTag(body)
		const decoded = decodeFramedAnswers(
			encodeFramedAnswers([
				{ status: 200, body, tag },
				{ status: UNCHANGED, body: new Uint8Array(0), tag },
				{ status: 400, body }
			])
		)
		expect(decoded.map((answer) => [answer.status, text(answer.body), answer.tag])).toEqual([
			[200, '{"verdict":"licensed"}', tag],
			[UNCHANGED, '', tag],
			[400, '{"verdict":"licensed"}', undefined]
		])
	})

	test('an answer tag names the bytes: the same bytes give the same tag, any other bytes another', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
				expect(answerTag(a)).toMatch(/^[A-Za-z0-9_-]{22}$/)
				expect(answerTag(a) === answerTag(b)).toBe(Buffer.from(a).equals(Buffer.from(b)))
			})
		)
	})

	test('bodies with newlines and multi-byte characters keep their exact bytes', () => {
		const answers = [
			{ status: 200, json: JSON.stringify({ verdict_detail: 'Listed by the Malta Gaming Authority\nread 2026-11-20 — ok' }) },
			{
				status: 400,
				json: JSON.stringify({ error: 'bücher.example is not a hostname', code: 'invalid_query', details: { reason: 'invalid_input' } })
			}
		]
		expect(decodeFramedAnswers(framedFrom(answers)).map((answer) => text(answer.body))).toEqual(answers.map((answer) => answer.json))
	})

	test('a reply that was not framed, or was cut short or padded, is rejected rather than misread', () => {
		const framed = framedFrom([
			{ status: 200, json: '{"a":1}' },
			{ status: 503, json: '{"b":2}' }
		])
		expect(() => decodeFramedAnswers(new TextEncoder().encode('{"verdict":"licensed"}'))).toThrow()
		expect(() => decodeFramedAnswers(framed.subarray(0, framed.byteLength - 1))).toThrow()
		expect(() => decodeFramedAnswers(new Uint8Array([...framed, 0x20]))).toThrow()
		expect(() => decodeFramedAnswers(new TextEncoder().encode('[[200,-1]]\n'))).toThrow()
		expect(() => decodeFramedAnswers(new TextEncoder().encode('{"x":1}\n'))).toThrow()
		expect(() => decodeFramedAnswers(new TextEncoder().encode('[[304,0,"not a tag!"]]\n'))).toThrow()
		expect(() => decodeFramedAnswers(new TextEncoder().encode('[[304,0,7]]\n'))).toThrow()
		expect(() => decodeFramedAnswers(new TextEncoder().encode('[[304,0,"abc","x"]]\n'))).toThrow()
	})

	test('arbitrary bytes either decode or throw an Error, nothing else', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
				try {
					decodeFramedAnswers(bytes)
				} catch (error) {
					expect(error).toBeInstanceOf(Error)
				}
			})
		)
	})
})

describe('check.many request', () => {
	const check = TypeCompiler.Compile(CheckManyRequest)
	const header = { id: 'r1', sent_at: '2026-11-23T01:00:00Z' }

	test('carries domain and licence checks, each with an optional as_of and an optional known answer tag', () => {
		expect(check.Check({ ...header, checks: [{ domain: 'a.example' }, { license_number: '000-1', as_of: '2026-01-01' }] })).toBe(true)
		expect(
			check.Check({
				...header,
				checks: [
					{ domain: 'a.example', known: 'tag1' },
					{ license_number: '000-1', known: 'tag2' }
				]
			})
		).toBe(true)
		expect(check.Check({ ...header, checks: [{ domain: 'a.example', known: '' }] })).toBe(false)
		expect(check.Check({ ...header, checks: [{ domain: 'a.example', known: 'x'.repeat(65) }] })).toBe(false)
	})

	test('refuses an empty list, an oversized list, and a check naming both or neither', () => {
		expect(check.Check({ ...header, checks: [] })).toBe(false)
		expect(check.Check({ ...header, checks: Array.from({ length: MAX_CHECKS_PER_MESSAGE + 1 }, () => ({ domain: 'a.example' })) })).toBe(
			false
		)
		expect(check.Check({ ...header, checks: [{ domain: 'a.example', license_number: '1' }] })).toBe(false)
		expect(check.Check({ ...header, checks: [{}] })).toBe(false)
	})
})
