import { describe, expect, test } from 'bun:test'
import {
	batchAnswerPieces,
	batchParts,
	decodeBatchRows,
	encodeBatchRows,
	isFramedBatchReply,
	joinBatchAnswers,
	joinBatchRows
} from './check-batch-parts.ts'
import { UNCHANGED } from './check-many.ts'

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

	test('framed rows: a row whose tag was offered as known travels as UNCHANGED without bytes, the others with their bytes and tag', () => {
		const rows = [{ n: 1 }, { n: 2 }, { n: 3 }].map((row) => bytesOf(row))
		const rest = new TextEncoder().encode('],"checked_jurisdictions":["UKGC"],"_meta":{}}')
		const reply = encodeBatchRows(
			[{ bytes: rows[0] as Uint8Array, tag: 'tag-1' }, { bytes: rows[1] as Uint8Array }, { bytes: rows[2] as Uint8Array, tag: 'tag-3' }],
			['tag-1', 'tag-2', 'older'],
			rest
		)
		expect(isFramedBatchReply(reply)).toBe(true)
		const decoded = decodeBatchRows(reply)
		expect(decoded.rows.map((row) => [row.status, row.body.byteLength, row.tag])).toEqual([
			[UNCHANGED, 0, undefined],
			[200, rows[1]?.byteLength, undefined],
			[200, rows[2]?.byteLength, 'tag-3']
		])
		expect(
			parsed(
				joinBatchRows({
					rows: [rows[0] as Uint8Array, decoded.rows[1]?.body as Uint8Array, decoded.rows[2]?.body as Uint8Array],
					rest: decoded.rest
				})
			)
		).toEqual({
			results: [{ n: 1 }, { n: 2 }, { n: 3 }],
			checked_jurisdictions: ['UKGC'],
			_meta: {}
		})
	})

	test('a plain answer is not framed, and taken apart and joined again it is the same bytes', () => {
		const plain = bytesOf({ results: [{ n: 1 }, { n: 2 }], checked_jurisdictions: ['MGA'], _meta: { checked_at: 'x' } })
		expect(isFramedBatchReply(plain)).toBe(false)
		expect(joinBatchRows(batchAnswerPieces(plain))).toEqual(plain)
	})
})
