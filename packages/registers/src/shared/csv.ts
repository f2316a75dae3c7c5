import type { FetchedFile } from '../types.ts'
import { parseError } from './parse-error.ts'
import { decodeUtf8 } from './text.ts'

const QUOTE = 34
const COMMA = 44
const CR = 13
const LF = 10

/** The characters String.prototype.trim removes: "blank" below means what `.trim() === ''` meant. */
const TRIMMED = new Set([
	9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028,
	0x2029, 0x202f, 0x205f, 0x3000, 0xfeff
])

function isBlank(text: string, from: number, to: number): boolean {
	for (let i = from; i < to; i++) if (!TRIMMED.has(text.charCodeAt(i))) return false
	return true
}

/**
 * Calls `onRow` with the fields of each CSV row in order (RFC 4180: double-quoted fields, ""
 * escapes, CRLF, LF or CR line ends). Fields are slices of `text`, not built character by
 * character, and the array passed to `onRow` is reused for the next row (copy it to keep it),
 * so a large file costs little more than the values kept. A quote left open at the end of the
 * input means the file was cut: `truncated`. Blank lines are skipped. Returns whether the text
 * ends with a line break (possibly followed by whitespace).
 */
export function scanCsv(text: string, onRow: (cells: string[]) => void, file?: Pick<FetchedFile, 'url'>): { endsWithLineBreak: boolean } {
	const n = text.length
	const row: string[] = []
	// A field is usually one slice; `field` collects earlier pieces only when a quoted part is followed by more text.
	let field = ''
	let segmentStart = 0
	let fieldWasQuoted = false
	const take = (end: number): string => {
		const segment = text.slice(segmentStart, end)
		return field === '' ? segment : field + segment
	}
	const endRow = (value: string) => {
		row.push(value)
		if (!(row.length === 1 && value === '' && !fieldWasQuoted)) onRow(row)
		row.length = 0
		field = ''
		fieldWasQuoted = false
	}
	let i = 0
	while (i < n) {
		const c = text.charCodeAt(i)
		if (c === COMMA) {
			row.push(take(i))
			field = ''
			fieldWasQuoted = false
			segmentStart = ++i
		} else if (c === CR || c === LF) {
			endRow(take(i))
			i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1
			segmentStart = i
		} else if (c === QUOTE && isBlank(field, 0, field.length) && isBlank(text, segmentStart, i)) {
			// Leading blanks before an opening quote are dropped; the quoted value runs to the next lone quote.
			let value = ''
			let from = i + 1
			for (;;) {
				const close = text.indexOf('"', from)
				if (close === -1) throw parseError('truncated', 'CSV ends inside a quoted value', file)
				if (text.charCodeAt(close + 1) === QUOTE) {
					value += text.slice(from, close + 1)
					from = close + 2
					continue
				}
				value = value === '' ? text.slice(from, close) : value + text.slice(from, close)
				i = close + 1
				break
			}
			field = value
			fieldWasQuoted = true
			segmentStart = i
		} else {
			i++
		}
	}
	const last = take(n)
	if (last !== '' || row.length > 0 || fieldWasQuoted) endRow(last)
	let endsWithLineBreak = false
	for (let k = n - 1; k >= 0; k--) {
		const t = text.charCodeAt(k)
		if (t === CR || t === LF) endsWithLineBreak = true
		else if (!isBlank(text, k, k + 1)) break
	}
	return { endsWithLineBreak }
}

/** Splits CSV text into rows of fields (see scanCsv). */
export function parseCsv(text: string, file?: Pick<FetchedFile, 'url'>): string[][] {
	const rows: string[][] = []
	scanCsv(text, (cells) => rows.push(cells.slice()), file)
	return rows
}

/**
 * A CSV file read column by column: `columns[c][r]` is data row r's value in expected column c,
 * trimmed. Data row r is the file's row r + 2 (the header is row 1; blank lines are not counted).
 */
export type CsvColumns = {
	header: string[]
	size: number
	columns: string[][]
	warnings: string[]
}

export type CsvTable = {
	header: string[]
	/** One object per data row keyed by the expected column names, values trimmed. */
	rows: { line: number; values: Record<string, string> }[]
	warnings: string[]
}

function normaliseHeading(value: string): string {
	return value
		.replace(/^\ufeff/, '')
		.trim()
		.toLowerCase()
		.replace(/\s+/g, ' ')
}

export type CsvColumnOptions = {
	/** Columns whose values repeat (statuses, types, account numbers): equal values share one string. */
	intern?: readonly string[]
}

/**
 * Reads CSV text whose first row must name exactly the expected columns (case and spacing
 * ignored, extra trailing empty headings tolerated) into one array per column. Ragged rows are
 * tolerated: missing trailing cells read as '', extra trailing cells are dropped (with a warning
 * unless they are empty). A last row that is short and has no line end is a cut file: `truncated`.
 */
export function csvColumnsFromText(
	text: string,
	file: FetchedFile,
	expected: readonly string[],
	options: CsvColumnOptions = {}
): CsvColumns {
	const wanted = expected.map(normaliseHeading)
	const columns: string[][] = expected.map(() => [])
	const interners: (Map<string, string> | null)[] = expected.map((name) => (options.intern?.includes(name) ? new Map() : null))
	const warnings: string[] = []
	let header: string[] | null = null
	let size = 0
	let lastRowLength = 0
	const { endsWithLineBreak } = scanCsv(
		text,
		(cells) => {
			if (header === null) {
				const headings = cells.map(normaliseHeading)
				while (headings.length > expected.length && headings[headings.length - 1] === '') headings.pop()
				if (headings.length !== wanted.length || headings.some((h, index) => h !== wanted[index])) {
					throw parseError('unexpected_format', `CSV header is "${cells.join(',')}", expected "${expected.join(',')}"`, file)
				}
				header = cells.slice()
				lastRowLength = cells.length
				return
			}
			lastRowLength = cells.length
			if (cells.length > expected.length && cells.slice(expected.length).some((cell) => cell.trim() !== '')) {
				warnings.push(`${file.url}: row ${size + 2} has ${cells.length} cells, extra ones dropped`)
			}
			for (let column = 0; column < expected.length; column++) {
				let value = (cells[column] ?? '').trim()
				const interner = interners[column]
				if (interner) {
					const known = interner.get(value)
					if (known === undefined) interner.set(value, value)
					else value = known
				}
				;(columns[column] as string[]).push(value)
			}
			size++
		},
		file
	)
	if (header === null) throw parseError('empty', 'CSV has no header row', file)
	if (size > 0 && !endsWithLineBreak && lastRowLength < expected.length) {
		throw parseError('truncated', `CSV ends mid-row (last row has ${lastRowLength} of ${expected.length} cells and no line end)`, file)
	}
	return { header, size, columns, warnings }
}

/** Decodes the file as UTF-8 (see decodeUtf8), then csvColumnsFromText. */
export function readCsvColumns(file: FetchedFile, expected: readonly string[], options: CsvColumnOptions = {}): CsvColumns {
	return csvColumnsFromText(decodeUtf8(file), file, expected, options)
}

/** readCsvColumns as one object per row (for small files). */
export function readCsvTable(file: FetchedFile, expected: readonly string[]): CsvTable {
	const read = readCsvColumns(file, expected)
	const rows: CsvTable['rows'] = []
	for (let r = 0; r < read.size; r++) {
		const values: Record<string, string> = {}
		expected.forEach((name, column) => {
			values[name] = read.columns[column]?.[r] ?? ''
		})
		rows.push({ line: r + 2, values })
	}
	return { header: read.header, rows, warnings: read.warnings }
}
