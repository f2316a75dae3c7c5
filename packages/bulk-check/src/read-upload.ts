import { type SheetProblem, isZip, readFirstSheet } from '@lv/sheets'
import { decodeUpload } from './decode-upload.ts'
import { type ListRecord, readListText } from './read-list.ts'

export type UploadProblem = 'binary_file' | 'not_utf8' | SheetProblem

export type UploadedList = { ok: true; records: Iterable<ListRecord> } | { ok: false; reason: UploadProblem; message: string }

const WORKBOOK_NAME = /\.xlsx$/i

/**
 * The rows of an uploaded list: the first sheet of an .xlsx workbook (a ZIP file, or a file named
 * .xlsx, goes to the workbook reader, which refuses what is not one), else CSV, tab-separated or plain
 * text in UTF-8 or UTF-16 (see decodeUpload and readListText).
 */
export function readUploadedList(bytes: Uint8Array, fileName: string): UploadedList {
	if (isZip(bytes) || WORKBOOK_NAME.test(fileName)) {
		const sheet = readFirstSheet(bytes)
		return sheet.ok ? { ok: true, records: sheet.records } : { ok: false, reason: sheet.reason, message: sheet.message }
	}
	const decoded = decodeUpload(bytes)
	return decoded.ok ? { ok: true, records: readListText(decoded.text) } : decoded
}
