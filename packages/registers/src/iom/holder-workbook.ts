import { type ReadWorkbook, SHEET_LIMITS, type SheetLimits, type SheetReading, readFirstSheet } from '@lv/sheets'
import { parseError } from '../shared/index.ts'
import type { FetchedFile, RegisterParseError } from '../types.ts'

const PART_BYTES = 8 * 1024 * 1024

/**
 * The OGRA list is a few KB; anything far larger is not it. Columns past 200 are ignored; the row cap is
 * above the most `<row>` elements an 8 MB sheet can hold, so only a sheet numbering its rows past it is refused.
 */
const HOLDER_LIST_LIMITS: SheetLimits = {
	...SHEET_LIMITS,
	maxIndexPartBytes: PART_BYTES,
	maxSheetBytes: PART_BYTES,
	maxSharedStringsBytes: PART_BYTES,
	maxRows: 1_500_000,
	maxColumns: 201
}

/** A register publication is read as its publisher saved it: stored formula results, booleans as 1/0, every character kept. */
const REGISTER_READING: SheetReading = {
	formulas: 'cached-value',
	booleans: 'digits',
	controlCharacters: 'keep',
	cutOffZip: 'refuse'
}

type Refusal = Extract<ReadWorkbook, { ok: false }>

function refusalError(refusal: Refusal, file: FetchedFile): RegisterParseError {
	switch (refusal.reason) {
		case 'not_a_workbook':
			return parseError('unexpected_format', 'file is not an XLSX workbook', file)
		case 'workbook_too_large':
			return parseError('malformed', 'an XLSX part inflates past 8 MB', file)
		case 'too_many_rows':
			return parseError('unexpected_format', 'XLSX worksheet numbers its rows implausibly far', file)
		case 'control_characters':
			return parseError('unexpected_format', 'XLSX holds control characters', file)
		case 'unreadable_workbook':
			if (refusal.cause === 'cut_off') return parseError('truncated', 'XLSX has no ZIP end-of-directory record', file)
			if (refusal.cause === 'not_utf8') return parseError('encoding', 'an XLSX part is not UTF-8', file)
			if (refusal.cause === 'sheet_missing') return parseError('unexpected_format', 'XLSX holds no worksheet', file)
			return parseError('malformed', 'XLSX is damaged', file)
	}
}

/**
 * The first worksheet of the holder-list XLSX as rows of cell text (a date is its Excel serial), cells at
 * their columns; row n of the sheet is at index n - 1 (rows left out read as blank ones).
 */
export function readHolderWorkbook(file: FetchedFile): string[][] {
	if (file.bytes.length === 0) throw parseError('empty', 'XLSX file is empty', file)
	const read = readFirstSheet(file.bytes, HOLDER_LIST_LIMITS, REGISTER_READING)
	if (!read.ok) throw refusalError(read, file)
	return read.records.map((record) => record.fields)
}
