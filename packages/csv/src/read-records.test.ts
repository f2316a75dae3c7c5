import { describe, expect, test } from 'bun:test'
import { readCsvRecords } from './read-records.ts'

const read = (text: string) => [...readCsvRecords(text)]

describe('readCsvRecords', () => {
	test('splits fields on commas and records on CRLF, LF and CR, numbering the lines', () => {
		expect(read('a,b\r\nc\nd,e\rf')).toEqual([
			{ line: 1, fields: ['a', 'b'] },
			{ line: 2, fields: ['c'] },
			{ line: 3, fields: ['d', 'e'] },
			{ line: 4, fields: ['f'] }
		])
	})

	test('a quoted field keeps commas, doubled quotes and line breaks, and the next record starts on its own line', () => {
		expect(read('"a,b","say ""hi""","two\nlines"\nnext')).toEqual([
			{ line: 1, fields: ['a,b', 'say "hi"', 'two\nlines'] },
			{ line: 3, fields: ['next'] }
		])
	})

	test('with a tab separator fields split on tabs, not commas, and quote as with commas', () => {
		expect([...readCsvRecords('example.com\tnote, with comma\n"a\tb"\t"say ""hi"""\n', '\t')]).toEqual([
			{ line: 1, fields: ['example.com', 'note, with comma'] },
			{ line: 2, fields: ['a\tb', 'say "hi"'] }
		])
	})

	test('blank lines are records with one empty field; a final line break adds no record', () => {
		expect(read('a\n\nb\n')).toEqual([
			{ line: 1, fields: ['a'] },
			{ line: 2, fields: [''] },
			{ line: 3, fields: ['b'] }
		])
	})
})
