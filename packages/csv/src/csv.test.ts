import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readCsv } from '../../../services/exporter/src/test-support/csv-reader.ts'
import { csvField, csvRecord } from './csv.ts'

describe('csvField', () => {
	test('a plain value is written as is', () => {
		expect(csvField('Acme Gaming Limited')).toBe('Acme Gaming Limited')
		expect(csvField('')).toBe('')
	})

	test('a comma, a double quote, CR or LF makes the field quoted with quotes doubled', () => {
		expect(csvField('a,b')).toBe('"a,b"')
		expect(csvField('say "hi"')).toBe('"say ""hi"""')
		expect(csvField('line\nbreak')).toBe('"line\nbreak"')
		expect(csvField('cr\rhere')).toBe('"cr\rhere"')
	})
})

describe('csvRecord', () => {
	test('ends every record with CRLF', () => {
		expect(csvRecord(['a', 'b'])).toBe('a,b\r\n')
	})

	test('any strings round-trip through an RFC 4180 reader', () => {
		fc.assert(
			fc.property(
				fc.array(fc.array(fc.string({ unit: 'grapheme-composite' }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }),
				(rows) => {
					const width = rows[0]?.length ?? 1
					const table = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''))
					expect(readCsv(table.map(csvRecord).join(''))).toEqual(table)
				}
			)
		)
	})
})
