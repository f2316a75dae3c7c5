import { describe, expect, test } from 'bun:test'
import { RegisterParseError } from '../types.ts'
import { parseCsv, readCsvTable } from './csv.ts'
import { textFile } from './test-support.ts'

const url = 'https://example.test/file.csv'

describe('parseCsv', () => {
	test('quoted values keep commas, doubled quotes and line breaks; CRLF and LF both end rows', () => {
		expect(parseCsv('"a,b","say ""hi""","two\r\nlines"\r\nx,y\nz')).toEqual([
			['a,b', 'say "hi"', 'two\r\nlines'],
			['x', 'y'],
			['z']
		])
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
		const table = readCsvTable(textFile('\ufeffAccount Number,STATUS\r\n"1","Active",\r\n"2"\r\n"3","x","extra"\r\n', url), ['Account Number', 'Status'])
		expect(table.rows.map((row) => row.values)).toEqual([
			{ 'Account Number': '1', Status: 'Active' },
			{ 'Account Number': '2', Status: '' },
			{ 'Account Number': '3', Status: 'x' }
		])
		expect(table.warnings).toHaveLength(1)
	})

	test('a wrong header is unexpected_format', () => {
		expect(() => readCsvTable(textFile('Name,Url\r\n', url), ['Account Number', 'Status'])).toThrow(expect.objectContaining({ reason: 'unexpected_format' }))
	})

	test('a file cut mid-row without a line end is truncated', () => {
		expect(() => readCsvTable(textFile('A,B,C\r\n"1","2","3"\r\n"4","5', url), ['A', 'B', 'C'])).toThrow(expect.objectContaining({ reason: 'truncated' }))
	})

	test('an empty file is empty and bytes that are not UTF-8 are encoding', () => {
		expect(() => readCsvTable({ url, bytes: new Uint8Array(), contentType: null }, ['A'])).toThrow(expect.objectContaining({ reason: 'empty' }))
		expect(() => readCsvTable({ url, bytes: new Uint8Array([0x41, 0xff, 0xfe, 0x0a]), contentType: null }, ['A'])).toThrow(expect.objectContaining({ reason: 'encoding' }))
	})
})
