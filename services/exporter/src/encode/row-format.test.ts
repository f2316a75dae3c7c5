import { describe, expect, test } from 'bun:test'
import { col } from '../datasets/columns.ts'
import { csvHeader, csvLine, jsonValue, ndjsonLine } from './row-format.ts'

const columns = [
	col('id', 'text', ''),
	col('active', 'boolean', ''),
	col('count', 'integer', ''),
	col('seen_at', 'timestamp', ''),
	col('expiry_date', 'date', ''),
	col('types', 'text_list', ''),
	col('upstream_ids', 'object', '')
]

const row = {
	id: 'abc',
	active: true,
	count: 3n,
	seen_at: new Date('2026-11-01T10:00:00Z'),
	expiry_date: '2027-01-31',
	types: ['Remote', 'Ancillary Remote'],
	upstream_ids: { UKGC: '12345' },
	ignored: 'not a column'
}

describe('CSV lines', () => {
	test('the header names every column in order', () => {
		expect(csvHeader(columns)).toBe('id,active,count,seen_at,expiry_date,types,upstream_ids\r\n')
	})

	test('timestamps are ISO-8601 UTC with milliseconds, lists are joined with |, objects are JSON text', () => {
		expect(csvLine(columns, row)).toBe('abc,true,3,2026-11-01T10:00:00.000Z,2027-01-31,Remote|Ancillary Remote,"{""UKGC"":""12345""}"\r\n')
	})

	test('null is the empty field and an absent list is empty', () => {
		expect(csvLine(columns, { id: 'x', active: false, count: 0, seen_at: null, expiry_date: null, types: null, upstream_ids: null })).toBe(
			'x,false,0,,,,\r\n'
		)
	})
})

describe('NDJSON lines', () => {
	test('one JSON object per line with typed values in column order and nothing else', () => {
		const line = ndjsonLine(columns, row)
		expect(line.endsWith('\n')).toBe(true)
		expect(line.slice(0, -1)).not.toContain('\n')
		const parsed = JSON.parse(line)
		expect(Object.keys(parsed)).toEqual(columns.map((column) => column.name))
		expect(parsed).toEqual({
			id: 'abc',
			active: true,
			count: 3,
			seen_at: '2026-11-01T10:00:00.000Z',
			expiry_date: '2027-01-31',
			types: ['Remote', 'Ancillary Remote'],
			upstream_ids: { UKGC: '12345' }
		})
	})

	test('a value with a line break stays on one line', () => {
		const parsed = ndjsonLine([col('note', 'text', '')], { note: 'two\nlines\u2028' })
		expect(parsed.split('\n')).toHaveLength(2)
		expect(JSON.parse(parsed).note).toBe('two\nlines\u2028')
	})

	test('a line holds no character any common line splitter breaks at (U+0085, U+2028, U+2029 written escaped)', () => {
		const note = 'mis\u0085decoded\u2028sep\u2029para\r\v\f\u001c'
		const line = ndjsonLine([col('note', 'text', ''), col('types', 'text_list', '')], { note, types: [note] })
		// Python's str.splitlines() breaks at each of these; JSON keeps them as \\u escapes.
		const splitters = ['\n', '\r', '\v', '\f', '\u001c', '\u001d', '\u001e', '\u0085', '\u2028', '\u2029']
		expect(splitters.filter((splitter) => line.slice(0, -1).includes(splitter))).toEqual([])
		expect(JSON.parse(line)).toEqual({ note, types: [note] })
	})

	test('null stays null and a missing list is an empty array', () => {
		expect(jsonValue(col('t', 'timestamp', ''), null)).toBeNull()
		expect(jsonValue(col('l', 'text_list', ''), null)).toEqual([])
	})
})
