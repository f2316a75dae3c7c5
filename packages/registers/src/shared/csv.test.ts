import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { RegisterParseError } from '../types.ts'
import { parseCsv, readCsvColumns, readCsvTable } from './csv.ts'
import { textFile } from './test-support/fixture-files.ts'

const url = 'https://example.test/file.csv'

describe('parseCsv', () => {
	test('quoted values keep commas, doubled quotes and line breaks; CRLF and LF both end rows', () => {
		expect(parseCsv('"a,b","say ""hi""","two\r\nlines"\r\nx,y\nz')).toEqual([['a,b', 'say "hi"', 'two\r\nlines'], ['x', 'y'], ['z']])
	})

	test('a quote left open at the end is truncated', () => {
		expect(() => parseCsv('"a","b\r\n')).toThrow(RegisterParseError)
		try {
			parseCsv('"a","b')
		} catch (error) {
			expect((error as RegisterParseError).reason).toBe('truncated')
		}
	})

	test('blank lines are skipped', () => {
		expect(parseCsv('a\r\n\r\nb\r\n')).toEqual([['a'], ['b']])
	})
})

describe('readCsvTable', () => {
	test('BOM and heading case are ignored; ragged rows are padded or cut', () => {
		const table = readCsvTable(textFile('\ufeffAccount Number,STATUS\r\n"1","Active",\r\n"2"\r\n"3","x","extra"\r\n', url), [
			'Account Number',
			'Status'
		])
		expect(table.rows.map((row) => row.values)).toEqual([
			{ 'Account Number': '1', Status: 'Active' },
			{ 'Account Number': '2', Status: '' },
			{ 'Account Number': '3', Status: 'x' }
		])
		expect(table.warnings).toHaveLength(1)
	})

	test('a wrong header is unexpected_format', () => {
		expect(() => readCsvTable(textFile('Name,Url\r\n', url), ['Account Number', 'Status'])).toThrow(
			expect.objectContaining({ reason: 'unexpected_format' })
		)
	})

	test('a file cut mid-row without a line end is truncated', () => {
		expect(() => readCsvTable(textFile('A,B,C\r\n"1","2","3"\r\n"4","5', url), ['A', 'B', 'C'])).toThrow(
			expect.objectContaining({ reason: 'truncated' })
		)
	})

	test('an empty file is empty and bytes that are not UTF-8 are encoding', () => {
		expect(() => readCsvTable({ url, bytes: new Uint8Array(), contentType: null }, ['A'])).toThrow(
			expect.objectContaining({ reason: 'empty' })
		)
		expect(() => readCsvTable({ url, bytes: new Uint8Array([0x41, 0xff, 0xfe, 0x0a]), contentType: null }, ['A'])).toThrow(
			expect.objectContaining({ reason: 'encoding' })
		)
	})
})

/** The character-at-a-time reading of RFC 4180 the slicing scanner must agree with. */
function referenceCsv(text: string): string[][] | 'truncated' {
	const rows: string[][] = []
	let row: string[] = []
	let field = ''
	let inQuotes = false
	let quoted = false
	const endRow = () => {
		row.push(field)
		if (!(row.length === 1 && row[0] === '' && !quoted)) rows.push(row)
		row = []
		field = ''
		quoted = false
	}
	for (let i = 0; i < text.length; i++) {
		const ch = text[i] as string
		if (inQuotes) {
			if (ch === '"' && text[i + 1] === '"') {
				field += '"'
				i++
			} else if (ch === '"') inQuotes = false
			else field += ch
		} else if (ch === '"' && field.trim() === '') {
			field = ''
			inQuotes = true
			quoted = true
		} else if (ch === ',') {
			row.push(field)
			field = ''
			quoted = false
		} else if (ch === '\r' || ch === '\n') {
			endRow()
			if (ch === '\r' && text[i + 1] === '\n') i++
		} else field += ch
	}
	if (inQuotes) return 'truncated'
	if (field !== '' || row.length > 0 || quoted) endRow()
	return rows
}

test('the slicing scanner reads any text exactly as the character-at-a-time reading does', () => {
	const piece = fc.constantFrom('"', '""', ',', '\r', '\n', '\r\n', ' ', '\u00a0', 'a', 'bc', 'x y')
	fc.assert(
		fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
			const text = pieces.join('')
			const expected = referenceCsv(text)
			if (expected === 'truncated') expect(() => parseCsv(text)).toThrow(expect.objectContaining({ reason: 'truncated' }))
			else expect(parseCsv(text)).toEqual(expected)
		}),
		{ numRuns: 5000 }
	)
})

test("columns hold each row's trimmed values in column order, interned columns included", () => {
	const read = readCsvColumns(textFile('A,B\r\n"1", x \r\n1,y\r\n', url), ['A', 'B'], { intern: ['A'] })
	expect(read.size).toBe(2)
	expect(read.columns).toEqual([
		['1', '1'],
		['x', 'y']
	])
})
