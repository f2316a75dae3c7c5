import { PartTooLarge, extractParts } from './extract-parts.ts'
import { SHEET_LIMITS, type SheetLimits } from './limits.ts'
import { readSharedStrings } from './shared-strings.ts'
import { type SheetRecord, readSheetRows } from './sheet-rows.ts'
import { workbookParts } from './workbook-parts.ts'
import { CONTROL_CHARACTER } from './xml-text.ts'
import { columnLetters } from './cell-reference.ts'
import { type SheetReading, UPLOAD_READING } from './read-options.ts'
import { NotUtf8 } from './xml-events.ts'
import { hasEndOfDirectory } from './zip-end.ts'

export type SheetProblem = 'not_a_workbook' | 'workbook_too_large' | 'too_many_rows' | 'control_characters' | 'unreadable_workbook'

/** Why an unreadable workbook could not be read, for a caller that reports finer reasons than the upload does. */
export type UnreadableCause = 'cut_off' | 'not_utf8' | 'sheet_missing' | 'damaged'

export type ReadWorkbook =
	| { ok: true; records: SheetRecord[] }
	| { ok: false; reason: SheetProblem; message: string; cause?: UnreadableCause }

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
export const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte)

const WORKBOOK = 'xl/workbook.xml'
const WORKBOOK_RELATIONSHIPS = 'xl/_rels/workbook.xml.rels'
const SAVE_AGAIN = 'Save it again from Excel, LibreOffice or Google Sheets as .xlsx, or as "CSV UTF-8", and upload that.'

const refuse = (reason: SheetProblem, message: string): ReadWorkbook => ({ ok: false, reason, message })
const unreadable = (cause: UnreadableCause, message: string): ReadWorkbook => ({ ok: false, reason: 'unreadable_workbook', message, cause })
const UNREADABLE = `This workbook could not be read (it is damaged or not a real .xlsx file). ${SAVE_AGAIN}`
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

function firstControlCharacter(records: readonly SheetRecord[]): string | null {
	for (const record of records) {
		const column = record.fields.findIndex((field) => CONTROL_CHARACTER.test(field))
		if (column >= 0) return `${columnLetters(column)}${record.line}`
	}
	return null
}

function readParts(bytes: Uint8Array, limits: SheetLimits, reading: SheetReading): ReadWorkbook {
	const index = extractParts(
		bytes,
		new Map([
			[WORKBOOK, limits.maxIndexPartBytes],
			[WORKBOOK_RELATIONSHIPS, limits.maxIndexPartBytes]
		])
	)
	const workbook = index[WORKBOOK]
	if (!workbook) return refuse('not_a_workbook', `This ZIP file holds no Excel workbook. ${SAVE_AGAIN}`)
	const parts = workbookParts(workbook, index[WORKBOOK_RELATIONSHIPS])
	const caps = new Map([[parts.firstSheet, limits.maxSheetBytes]])
	if (parts.sharedStrings) caps.set(parts.sharedStrings, limits.maxSharedStringsBytes)
	const contents = extractParts(bytes, caps)
	const sheet = contents[parts.firstSheet]
	if (!sheet) return unreadable('sheet_missing', `The workbook's first sheet is missing from the file. ${SAVE_AGAIN}`)
	const shared = parts.sharedStrings && contents[parts.sharedStrings] ? readSharedStrings(contents[parts.sharedStrings] as Uint8Array) : []
	const rows = readSheetRows(sheet, shared, limits, reading)
	if (rows.cutAtRow !== null) {
		return refuse(
			'too_many_rows',
			`The first sheet has more than ${limits.maxRows.toLocaleString('en-GB')} rows, the most one upload reads. Split it into several lists; nothing was started.`
		)
	}
	const control = reading.controlCharacters === 'refuse' ? firstControlCharacter(rows.records) : null
	if (control) {
		return refuse(
			'control_characters',
			`Cell ${control} holds control characters (invisible codes no domain has). Remove them from the sheet and upload it again; nothing was started.`
		)
	}
	return { ok: true, records: rows.records }
}

/**
 * The rows of the first sheet of an .xlsx workbook, as text: formulas are never run (by default a formula
 * cell reads as its formula), and a ZIP bomb, a huge sheet, a damaged file or a file that is no workbook
 * is refused as a whole with a sentence saying why.
 */
export function readFirstSheet(
	bytes: Uint8Array,
	limits: SheetLimits = SHEET_LIMITS,
	reading: SheetReading = UPLOAD_READING
): ReadWorkbook {
	if (!isZip(bytes))
		return refuse('not_a_workbook', `This file is not an Excel workbook (.xlsx files are ZIP files, and this one is not). ${SAVE_AGAIN}`)
	if (reading.cutOffZip === 'refuse' && !hasEndOfDirectory(bytes)) return unreadable('cut_off', UNREADABLE)
	try {
		return readParts(bytes, limits, reading)
	} catch (error) {
		if (error instanceof PartTooLarge) {
			return refuse(
				'workbook_too_large',
				`The workbook is too large to read: its part ${error.part} unpacks to more than ${megabytes(error.cap)}. Split the list into smaller files; nothing was started.`
			)
		}
		return unreadable(error instanceof NotUtf8 ? 'not_utf8' : 'damaged', UNREADABLE)
	}
}
