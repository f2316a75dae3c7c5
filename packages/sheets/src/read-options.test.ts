import { describe, expect, test } from 'bun:test'
import { strToU8, zipSync } from 'fflate'
import { SHEET_LIMITS } from './limits.ts'
import { type SheetReading, UPLOAD_READING } from './read-options.ts'
import { readFirstSheet } from './read-workbook.ts'
import { WORKBOOK_RELS, WORKBOOK_XML, sheetXml, workbookFile } from './test-support/workbook-fixture.ts'

const reading = (changes: Partial<SheetReading>): SheetReading => ({ ...UPLOAD_READING, ...changes })
const firstRow = (file: Uint8Array, read: SheetReading) => {
	const result = readFirstSheet(file, SHEET_LIMITS, read)
	return result.ok ? result.records[0]?.fields : result
}

describe('readFirstSheet reading options', () => {
	const formulas = workbookFile({
		sheet: sheetXml(
			'<row r="1"><c r="A1" t="str"><f>CONCAT("a","b")</f><v>ab</v></c><c r="B1"><f>SUM(1,2)</f><v>3</v></c><c r="C1" t="b"><f>1=1</f><v>1</v></c></row>'
		)
	})

	test('formulas: cached-value reads the value the program stored, not the formula', () => {
		expect(firstRow(formulas, reading({ formulas: 'cached-value' }))).toEqual(['ab', '3', 'TRUE'])
		expect(firstRow(formulas, UPLOAD_READING)).toEqual(['=CONCAT("a","b")', '=SUM(1,2)', '=1=1'])
	})

	test('booleans: digits reads a boolean cell as the 1 or 0 stored', () => {
		const file = workbookFile({ sheet: sheetXml('<row r="1"><c r="A1" t="b"><v>1</v></c><c r="B1" t="b"><v>0</v></c></row>') })
		expect(firstRow(file, reading({ booleans: 'digits' }))).toEqual(['1', '0'])
		expect(firstRow(file, UPLOAD_READING)).toEqual(['TRUE', 'FALSE'])
	})

	test('controlCharacters: keep reads a cell with control characters instead of refusing the workbook', () => {
		const file = workbookFile({ sheet: sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>bell_x0007_</t></is></c></row>') })
		expect(firstRow(file, reading({ controlCharacters: 'keep' }))).toEqual(['bell\u0007'])
		expect(firstRow(file, UPLOAD_READING)).toMatchObject({ ok: false, reason: 'control_characters' })
	})

	test('cutOffZip: refuse refuses a file cut after its sheet as cut_off; by default the complete parts are read', () => {
		const file = workbookFile({ sheet: sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>example.com</t></is></c></row>') })
		const cut = file.slice(0, file.length - 10)
		expect(readFirstSheet(cut, SHEET_LIMITS, reading({ cutOffZip: 'refuse' }))).toMatchObject({
			ok: false,
			reason: 'unreadable_workbook',
			cause: 'cut_off'
		})
		expect(firstRow(cut, UPLOAD_READING)).toEqual(['example.com'])
		expect(firstRow(file, reading({ cutOffZip: 'refuse' }))).toEqual(['example.com'])
	})

	test('an unreadable workbook says why: a part not in UTF-8, a missing first sheet, damaged XML', () => {
		const latin1 = workbookFile({ sheet: '', extra: { 'xl/worksheets/sheet1.xml': new Uint8Array([0x3c, 0x61, 0xe9, 0x3e]) } })
		expect(readFirstSheet(latin1)).toMatchObject({ reason: 'unreadable_workbook', cause: 'not_utf8' })
		const noSheet = zipSync({ 'xl/workbook.xml': strToU8(WORKBOOK_XML), 'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS) })
		expect(readFirstSheet(noSheet)).toMatchObject({ reason: 'unreadable_workbook', cause: 'sheet_missing' })
		expect(readFirstSheet(workbookFile({ sheet: '<worksheet><sheetData><row>' }))).toMatchObject({
			reason: 'unreadable_workbook',
			cause: 'damaged'
		})
	})
})
