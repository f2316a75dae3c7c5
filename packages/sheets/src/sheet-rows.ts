import { columnOf } from './cell-reference.ts'
import type { SheetReading } from './read-options.ts'
import { walkXml } from './xml-events.ts'
import { unescapeOoxml } from './xml-text.ts'

export type SheetRecord = { line: number; fields: string[] }
export type SheetRows = { records: SheetRecord[]; cutAtRow: number | null }

type Cell = { column: number; type: string; value: string; formula: string | null; inline: string }

type CellReading = Pick<SheetReading, 'formulas' | 'booleans'>

/**
 * What a cell shows as text. By default a formula cell reads as `=` and its formula, never as its cached
 * result: the formula is not run, and the text is what a reader of the list should see was there.
 */
function cellText(cell: Cell, shared: readonly string[], reading: CellReading): string {
	if (cell.formula !== null && reading.formulas === 'formula-text') return cell.formula.startsWith('=') ? cell.formula : `=${cell.formula}`
	switch (cell.type) {
		case 's':
			return shared[Number.parseInt(cell.value, 10)] ?? ''
		case 'inlineStr':
			return unescapeOoxml(cell.inline)
		case 'str':
			return unescapeOoxml(cell.value)
		case 'b':
			if (reading.booleans === 'digits') return cell.value
			return cell.value === '1' ? 'TRUE' : 'FALSE'
		default:
			return cell.value
	}
}

/**
 * The rows of a worksheet part as records (line: the row's number in the sheet, rows left out as empty
 * ones), cells placed by their reference so a sheet whose first column is empty still has its columns
 * where they were. Stops after `maxRows` rows and says so.
 */
export function readSheetRows(
	part: Uint8Array,
	shared: readonly string[],
	limits: { maxRows: number; maxColumns: number },
	reading: CellReading
): SheetRows {
	const records: SheetRecord[] = []
	let fields: string[] | null = null
	let line = 0
	let cell: Cell | null = null
	let capture: 'value' | 'formula' | 'inline' | null = null
	let phonetic = 0
	let cutAtRow: number | null = null
	walkXml(
		part,
		{
			open(name, attributes) {
				if (cutAtRow !== null) return
				if (name === 'row') {
					const number = Number(attributes.r)
					const next = Number.isSafeInteger(number) && number > line ? number : line + 1
					// A spreadsheet program leaves empty rows out: they are read as the blank rows they are.
					for (let blank = line + 1; blank < next && cutAtRow === null; blank++) {
						if (records.length >= limits.maxRows) cutAtRow = blank
						else records.push({ line: blank, fields: [] })
					}
					line = next
					fields = []
				} else if (name === 'c' && fields) {
					cell = { column: columnOf(attributes.r ?? '') ?? fields.length, type: attributes.t ?? 'n', value: '', formula: null, inline: '' }
				} else if (cell && name === 'v') capture = 'value'
				else if (cell && name === 'f') {
					cell.formula = ''
					capture = 'formula'
				} else if (name === 'rPh') phonetic++
				else if (cell && name === 't' && phonetic === 0) capture = 'inline'
			},
			close(name) {
				if (cutAtRow !== null) return
				if (name === 'v' || name === 'f' || name === 't') capture = null
				else if (name === 'rPh') phonetic--
				else if (name === 'c' && cell && fields) {
					if (cell.column < limits.maxColumns) fields[cell.column] = cellText(cell, shared, reading)
					cell = null
				} else if (name === 'row' && fields) {
					if (records.length >= limits.maxRows) {
						cutAtRow = line
						return
					}
					records.push({ line, fields: Array.from(fields, (field) => field ?? '') })
					fields = null
				}
			},
			text(text) {
				if (!cell || capture === null) return
				if (capture === 'value') cell.value += text
				else if (capture === 'formula') cell.formula += text
				else cell.inline += text
			}
		},
		() => cutAtRow !== null
	)
	return { records, cutAtRow }
}
