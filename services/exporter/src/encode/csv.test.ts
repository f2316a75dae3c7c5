import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { csvField, csvRecord } from './csv.ts'

/** A reference RFC 4180 reader, written independently of the writer, to round-trip through. */
function parseCsv(text: string): string[][] {
	const records: string[][] = []
	let record: string[] = []
	let field = ''
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const c = text[i]
		if (quoted) {
			if (c === '"' && text[i + 1] === '"') {
				field += '"'
				i++
			} else if (c === '"') quoted = false
			else field += c
		} else if (c === '"') quoted = true
		else if (c === ',') {
			record.push(field)
			field = ''
		} else if (c === '\r' && text[i + 1] === '\n') {
			record.push(field)
			records.push(record)
			record = []
			field = ''
			i++
		} else field += c
	}
	return records
}

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
			fc.property(fc.array(fc.array(fc.string({ unit: 'grapheme-composite' }), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
				const width = rows[0]?.length ?? 1
				const table = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''))
				expect(parseCsv(table.map(csvRecord).join(''))).toEqual(table)
			})
		)
	})
})
