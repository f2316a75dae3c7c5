import { describe, expect, test } from 'bun:test'
import { encodeBatchRows, joinBatchAnswers } from '@lv/contracts'
import { HeldBatchRows } from './held-batch-rows.ts'

const encoder = new TextEncoder()
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value))
const REST = encoder.encode('],"checked_jurisdictions":["UKGC"],"_meta":{}}')
const TAG_LISTED = 'listed-row-tag-22-char'
const TAG_OLD = 'older-row-tag-22-chars'
const TAG_NEW = 'newer-row-tag-22-chars'
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('held batch rows', () => {
	test('a tagged row is held and offered back as known for its entry; unchanged rows are answered with the held bytes', () => {
		const held = new HeldBatchRows()
		const entries = ['listed.example', 42, 'fresh.example']
		const listed = bytesOf({ verdict: 'licensed' })
		const first = held.offer(entries)
		expect(first.known).toEqual(['', '', ''])
		const reply = encodeBatchRows(
			[{ bytes: listed, tag: TAG_LISTED }, { bytes: bytesOf({ error: 'invalid_input' }) }, { bytes: bytesOf({ verdict: 'not_found' }) }],
			first.known,
			REST
		)
		const firstAnswer = text(joinBatchAnswers([held.rowsOf(entries, first, reply)]))
		expect(JSON.parse(firstAnswer).results).toEqual([{ verdict: 'licensed' }, { error: 'invalid_input' }, { verdict: 'not_found' }])

		const again = held.offer(entries)
		expect(again.known).toEqual([TAG_LISTED, '', ''])
		const unchanged = encodeBatchRows(
			[{ bytes: listed, tag: TAG_LISTED }, { bytes: bytesOf({ error: 'invalid_input' }) }, { bytes: bytesOf({ verdict: 'not_found' }) }],
			again.known,
			REST
		)
		expect(unchanged.byteLength).toBeLessThan(reply.byteLength - listed.byteLength + 10)
		expect(text(joinBatchAnswers([held.rowsOf(entries, again, unchanged)]))).toBe(firstAnswer)
	})

	test('a row whose bytes changed replaces the one held; a plain answer from a checker without known tags passes as it is', () => {
		const held = new HeldBatchRows()
		const entries = ['listed.example']
		held.rowsOf(entries, held.offer(entries), encodeBatchRows([{ bytes: bytesOf({ fresh: true }), tag: TAG_OLD }], [''], REST))
		const offered = held.offer(entries)
		expect(offered.known).toEqual([TAG_OLD])
		const changed = held.rowsOf(
			entries,
			offered,
			encodeBatchRows([{ bytes: bytesOf({ fresh: false }), tag: TAG_NEW }], offered.known, REST)
		)
		expect(JSON.parse(text(joinBatchAnswers([changed]))).results).toEqual([{ fresh: false }])
		expect(held.offer(entries).known).toEqual([TAG_NEW])

		const plain = bytesOf({ results: [{ fresh: false }], checked_jurisdictions: ['UKGC'], _meta: {} })
		expect(joinBatchAnswers([held.rowsOf(entries, held.offer(entries), plain)])).toEqual(plain)
	})

	test('an unchanged row for an entry nothing was offered for is an error, not a row of other bytes', () => {
		const held = new HeldBatchRows()
		const entries = ['listed.example']
		const reply = encodeBatchRows([{ bytes: bytesOf({ verdict: 'licensed' }), tag: TAG_LISTED }], [TAG_LISTED], REST)
		expect(() => held.rowsOf(entries, held.offer(entries), reply)).toThrow('not offered')
	})
})
