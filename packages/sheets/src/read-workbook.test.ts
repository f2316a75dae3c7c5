import { describe, expect, test } from 'bun:test'
import { strToU8, zipSync } from 'fflate'
import { SHEET_LIMITS } from './limits.ts'
import { readFirstSheet } from './read-workbook.ts'
import { sharedStringsXml, sheetXml, streamedWorkbookFile, workbookFile } from './test-support/workbook-fixture.ts'

const inline = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`

describe('readFirstSheet', () => {
	test('reads shared, inline, number and boolean cells as text, each row with its number in the sheet', () => {
		const file = workbookFile({
			sheet: sheetXml(
				`<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="3">${inline('A3', 'https://www.example.com/x?y=1')}<c r="B3"><v>42</v></c><c r="C3" t="b"><v>1</v></c></row>`
			),
			sharedStrings: sharedStringsXml(['Domain'])
		})
		expect(readFirstSheet(file)).toEqual({
			ok: true,
			records: [
				{ line: 1, fields: ['Domain'] },
				{ line: 2, fields: [] },
				{ line: 3, fields: ['https://www.example.com/x?y=1', '42', 'TRUE'] }
			]
		})
	})

	test('places cells by their reference, so an empty first column stays empty', () => {
		const file = workbookFile({ sheet: sheetXml(`<row r="1">${inline('C1', 'example.com')}</row>`) })
		expect(readFirstSheet(file)).toEqual({ ok: true, records: [{ line: 1, fields: ['', '', 'example.com'] }] })
	})

	test('a formula cell reads as its formula, never as its cached result', () => {
		const file = workbookFile({
			sheet: sheetXml(`<row r="1"><c r="A1" t="str"><f>cmd|' /C calc'!A0</f><v>casino.example</v></c></row>`)
		})
		expect(readFirstSheet(file)).toEqual({ ok: true, records: [{ line: 1, fields: ["=cmd|' /C calc'!A0"] }] })
	})

	test('rich text runs are joined and phonetic guides left out', () => {
		const file = workbookFile({
			sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
			sharedStrings:
				'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><r><t>exam</t></r><r><t>ple.com</t></r><rPh><t>x</t></rPh></si></sst>'
		})
		expect(readFirstSheet(file)).toEqual({ ok: true, records: [{ line: 1, fields: ['example.com'] }] })
	})

	test('a shared string with control characters refuses the file and names the cell', () => {
		const file = workbookFile({
			sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="B2" t="s"><v>1</v></c></row>'),
			sharedStrings: sharedStringsXml(['example.com', 'evil_x0007_.com'])
		})
		const read = readFirstSheet(file)
		expect(read.ok).toBe(false)
		if (!read.ok) {
			expect(read.reason).toBe('control_characters')
			expect(read.message).toContain('Cell B2')
		}
	})

	test('a literal escape written as _x005F_ stays text', () => {
		const file = workbookFile({ sheet: sheetXml(`<row r="1">${inline('A1', 'a_x005F_x0041_b')}</row>`) })
		expect(readFirstSheet(file)).toEqual({ ok: true, records: [{ line: 1, fields: ['a_x0041_b'] }] })
	})

	test('a file that is not a ZIP, though named .xlsx, is refused as no workbook', () => {
		expect(readFirstSheet(strToU8('domain\nexample.com\n'))).toMatchObject({ ok: false, reason: 'not_a_workbook' })
		expect(readFirstSheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 1, 2]))).toMatchObject({ ok: false, reason: 'not_a_workbook' })
	})

	test('a ZIP without a workbook inside is refused', () => {
		expect(readFirstSheet(zipSync({ 'notes.txt': strToU8('example.com') }))).toMatchObject({ ok: false, reason: 'not_a_workbook' })
	})

	test('a damaged workbook is refused, not thrown', () => {
		const file = workbookFile({ sheet: sheetXml(`<row r="1">${inline('A1', 'example.com')}</row>`) })
		expect(readFirstSheet(file.slice(0, Math.floor(file.length / 2)))).toMatchObject({ ok: false })
		expect(readFirstSheet(workbookFile({ sheet: '<worksheet><sheetData><row>' }))).toMatchObject({
			ok: false,
			reason: 'unreadable_workbook'
		})
	})

	test('a DOCTYPE with entities is refused, not expanded', () => {
		const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><worksheet><sheetData><row><c t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>`
		expect(readFirstSheet(workbookFile({ sheet: bomb }))).toMatchObject({ ok: false, reason: 'unreadable_workbook' })
	})

	test('a part whose declared size is over its cap is refused before it is inflated', () => {
		const huge = new Uint8Array(1024 * 1024 + 1).fill(0x20)
		const read = readFirstSheet(workbookFile({ sheet: '', extra: { 'xl/worksheets/sheet1.xml': huge } }), {
			...SHEET_LIMITS,
			maxSheetBytes: 1024 * 1024
		})
		expect(read).toMatchObject({ ok: false, reason: 'workbook_too_large' })
	})

	test('a ZIP bomb that declares no size is cut off at the cap as it inflates', () => {
		const bomb = new Uint8Array(16 * 1024 * 1024).fill(0x20)
		const file = streamedWorkbookFile(bomb)
		expect(file.length).toBeLessThan(64 * 1024)
		expect(readFirstSheet(file, { ...SHEET_LIMITS, maxSheetBytes: 1024 * 1024 })).toMatchObject({ ok: false, reason: 'workbook_too_large' })
	})

	test('rows left out count towards the row limit, so one row numbered a million is refused without a million reads', () => {
		const file = workbookFile({ sheet: sheetXml(`<row r="1000000">${inline('A1000000', 'example.com')}</row>`) })
		expect(readFirstSheet(file, { ...SHEET_LIMITS, maxRows: 10 })).toMatchObject({ ok: false, reason: 'too_many_rows' })
	})

	test('more rows than the limit refuses the sheet', () => {
		const rows = Array.from(
			{ length: 11 },
			(_, index) => `<row r="${index + 1}">${inline(`A${index + 1}`, `site${index}.com`)}</row>`
		).join('')
		const file = workbookFile({ sheet: sheetXml(rows) })
		expect(readFirstSheet(file, { ...SHEET_LIMITS, maxRows: 10 })).toMatchObject({ ok: false, reason: 'too_many_rows' })
		expect(readFirstSheet(file, { ...SHEET_LIMITS, maxRows: 11 })).toMatchObject({ ok: true })
	})
})
