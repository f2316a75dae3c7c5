import { describe, expect, test } from 'bun:test'
import { batchAnswerPieces, batchParts, joinBatchAnswers, joinBatchRows } from './check-batch-parts.ts'
import { isFramedBatchReply } from './check-batch-rows.ts'

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
const parsed = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes))

describe('batch parts', () => {
	test('100 entries are four runs of 25 in order; 25 or fewer stay one part', () => {
		const entries = Array.from({ length: 100 }, (_, i) => i)
		expect(batchParts(entries, 25).map((part) => [part[0], part.length])).toEqual([
			[0, 25],
			[25, 25],
			[50, 25],
			[75, 25]
		])
		expect(batchParts(entries.slice(0, 25), 25)).toEqual([entries.slice(0, 25)])
		expect(batchParts(entries.slice(0, 26), 25).map((part) => part.length)).toEqual([25, 1])
	})

	test('joined answers keep every row in part order and the first part metadata, even rows quoting the separator', () => {
		const tricky = { query: { input: '],"checked_jurisdictions":["X"],"_meta":{}}' }, error: 'invalid_hostname', match: null }
		const joined = joinBatchAnswers([
			bytesOf({ results: [{ n: 1 }, tricky], checked_jurisdictions: ['UKGC', 'MGA'], _meta: { checked_at: 'first' } }),
			bytesOf({ results: [{ n: 3 }], checked_jurisdictions: ['UKGC', 'MGA'], _meta: { checked_at: 'second' } }),
			bytesOf({ results: [tricky], checked_jurisdictions: ['UKGC', 'MGA'], _meta: { checked_at: 'third' } })
		])
		expect(parsed(joined)).toEqual({
			results: [{ n: 1 }, tricky, { n: 3 }, tricky],
			checked_jurisdictions: ['UKGC', 'MGA'],
			_meta: { checked_at: 'first' }
		})
	})

	test('one part is passed on as its own bytes; an answer of another shape is an error, not a wrong join', () => {
		const only = bytesOf({ results: [{ n: 1 }], checked_jurisdictions: [], _meta: {} })
		expect(joinBatchAnswers([only])).toBe(only)
		expect(() => joinBatchAnswers([only, bytesOf({ error: 'x', code: 'internal_error' })])).toThrow()
	})

	test('a plain answer is not framed, and taken apart and joined again it is the same bytes', () => {
		const plain = bytesOf({ results: [{ n: 1 }, { n: 2 }], checked_jurisdictions: ['MGA'], _meta: { checked_at: 'x' } })
		expect(isFramedBatchReply(plain)).toBe(false)
		expect(joinBatchRows(batchAnswerPieces(plain))).toEqual(plain)
	})
})
