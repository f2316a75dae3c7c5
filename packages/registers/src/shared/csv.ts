import type { FetchedFile } from '../types.ts'
import { parseError } from './parse-error.ts'
import { decodeUtf8 } from './text.ts'

/**
 * Splits CSV text into rows of fields (RFC 4180: double-quoted fields, "" escapes, CRLF, LF or
 * CR line ends). A quote left open at the end of the input means the file was cut: `truncated`.
 * Blank lines are skipped.
 */
export function parseCsv(text: string, file?: Pick<FetchedFile, 'url'>): string[][] {
	const rows: string[][] = []
	let row: string[] = []
	let field = ''
	let inQuotes = false
	let fieldWasQuoted = false
	let i = 0
	const endRow = () => {
		row.push(field)
		if (!(row.length === 1 && row[0] === '' && !fieldWasQuoted)) rows.push(row)
		row = []
		field = ''
		fieldWasQuoted = false
	}
	while (i < text.length) {
		const ch = text[i] as string
		if (inQuotes) {
			if (ch === '"') {
				if (text[i + 1] === '"') {
					field += '"'
					i += 2
					continue
				}
				inQuotes = false
				i++
				continue
			}
			field += ch
			i++
			continue
		}
		if (ch === '"') {
			if (field.trim() === '') {
				field = ''
				inQuotes = true
				fieldWasQuoted = true
			} else {
				field += ch
			}
			i++
		} else if (ch === ',') {
			row.push(field)
			field = ''
			fieldWasQuoted = false
			i++
		} else if (ch === '\r' || ch === '\n') {
			endRow()
			i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1
		} else {
			field += ch
			i++
		}
	}
	if (inQuotes) throw parseError('truncated', 'CSV ends inside a quoted value', file)
	if (field !== '' || row.length > 0 || fieldWasQuoted) endRow()
	return rows
}

export type CsvTable = {
	header: string[]
	/** One object per data row keyed by the expected column names, values trimmed. */
	rows: { line: number; values: Record<string, string> }[]
	warnings: string[]
}

function normaliseHeading(value: string): string {
	return value.replace(/^\ufeff/, '').trim().toLowerCase().replace(/\s+/g, ' ')
}

/**
 * Reads a CSV file whose first row must name exactly the expected columns (case and spacing
 * ignored, extra trailing empty headings tolerated). Ragged rows are tolerated: missing trailing
 * cells read as '', extra trailing cells are dropped (with a warning unless they are empty).
 * A last row that is short and has no line end is a cut file: `truncated`.
 */
export function readCsvTable(file: FetchedFile, expected: readonly string[]): CsvTable {
	const text = decodeUtf8(file)
	const grid = parseCsv(text, file)
	const headerRow = grid[0]
	if (!headerRow) throw parseError('empty', 'CSV has no header row', file)
	const header = headerRow.map(normaliseHeading)
	while (header.length > expected.length && header[header.length - 1] === '') header.pop()
	const wanted = expected.map(normaliseHeading)
	if (header.length !== wanted.length || header.some((h, index) => h !== wanted[index])) {
		throw parseError('unexpected_format', `CSV header is "${headerRow.join(',')}", expected "${expected.join(',')}"`, file)
	}
	const lastRow = grid[grid.length - 1] as string[]
	const endsWithLineBreak = /[\r\n]\s*$/.test(text)
	if (grid.length > 1 && !endsWithLineBreak && lastRow.length < expected.length) {
		throw parseError('truncated', `CSV ends mid-row (last row has ${lastRow.length} of ${expected.length} cells and no line end)`, file)
	}
	const warnings: string[] = []
	const rows: CsvTable['rows'] = []
	for (let index = 1; index < grid.length; index++) {
		const cells = grid[index] as string[]
		if (cells.length > expected.length && cells.slice(expected.length).some((cell) => cell.trim() !== '')) {
			warnings.push(`${file.url}: row ${index + 1} has ${cells.length} cells, extra ones dropped`)
		}
		const values: Record<string, string> = {}
		expected.forEach((name, column) => {
			values[name] = (cells[column] ?? '').trim()
		})
		rows.push({ line: index + 1, values })
	}
	return { header: headerRow, rows, warnings }
}
