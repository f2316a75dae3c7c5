import { describe, expect, test } from 'bun:test'
import { joinBatchRows } from './check-batch-parts.ts'
import { decodeBatchRows, encodeBatchRows, isFramedBatchReply } from './check-batch-rows.ts'
import { answerTag } from './check-many.ts'

const encoder = new TextEncoder()
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value))
const REST = encoder.encode('],"checked_jurisdictions":["UKGC"],"_meta":{}}')

describe('framed batch rows', () => {
	test('a row whose tag was offered as known travels as unchanged without bytes, the others with their bytes and tag', () => {
		const rows = [{ n: 1 }, { n: 'é' }, { n: 3 }, { n: 4 }].map((row) => bytesOf(row))
		const [one, two, three, four] = rows as [Uint8Array, Uint8Array, Uint8Array, Uint8Array]
		const tags = rows.map((row) => answerTag(row))
		const reply = encodeBatchRows(
			[{ bytes: one, tag: tags[0] }, { bytes: two }, { bytes: three, tag: tags[2] }, { bytes: four, tag: tags[3] }],
			[tags[0] as string, 'not-a-row-tag', 'older', tags[3] as string],
			REST
		)
		expect(isFramedBatchReply(reply)).toBe(true)
		expect(reply.byteLength).toBeLessThan(two.byteLength + three.byteLength + REST.byteLength + 3 + 4 * 4 + 22 + 1)
		const decoded = decodeBatchRows(reply)
		expect(decoded.rows).toEqual([
			{ unchanged: true },
			{ unchanged: false, bytes: two, tag: undefined },
			{ unchanged: false, bytes: three, tag: tags[2] },
			{ unchanged: true }
		])
		const joined = joinBatchRows({ rows: [one, two, three, four], rest: decoded.rest })
		expect(JSON.parse(new TextDecoder().decode(joined))).toEqual({
			results: [{ n: 1 }, { n: 'é' }, { n: 3 }, { n: 4 }],
			checked_jurisdictions: ['UKGC'],
			_meta: {}
		})
	})

	test('a reply cut short or not framed is an error, not rows of other bytes', () => {
		const reply = encodeBatchRows([{ bytes: bytesOf({ n: 1 }), tag: answerTag(bytesOf({ n: 1 })) }], [''], REST)
		expect(() => decodeBatchRows(reply.subarray(0, 3 + 4 + 22 + 2))).toThrow('past the end')
		expect(() => decodeBatchRows(bytesOf({ results: [] }))).toThrow('not a framed reply')
		expect(() => encodeBatchRows([{ bytes: bytesOf({ n: 1 }), tag: 'short' }], [''], REST)).toThrow('another length')
	})
})
