import { describe, expect, test } from 'bun:test'
import { sharedStringsXml, sheetXml, workbookFile } from '../../sheets/src/test-support/workbook-fixture.ts'
import { readBulkList, readBulkRecords } from './read-list.ts'
import { readUploadedList } from './read-upload.ts'

const text = (reference: string, value: string) => `<c r="${reference}" t="inlineStr"><is><t>${value}</t></is></c>`

function listOf(bytes: Uint8Array, name: string, limit = 100) {
	const uploaded = readUploadedList(bytes, name)
	if (!uploaded.ok) throw new Error(uploaded.message)
	return readBulkRecords(uploaded.records, limit)
}

describe('readUploadedList', () => {
	test('an .xlsx list is read like a CSV: header column, URLs, duplicates, blank rows, and a formula cell as junk with its row', () => {
		const sheet = sheetXml(
			[
				`<row r="1">${text('A1', 'Notes')}<c r="B1" t="s"><v>0</v></c></row>`,
				`<row r="2">${text('A2', 'main brand')}${text('B2', 'https://www.AcmeBet.co.uk/promo?x=1')}</row>`,
				`<row r="3">${text('B3', 'acmebet.co.uk')}</row>`,
				`<row r="4">${text('B4', 'acmebet.co.uk')}</row>`,
				'<row r="5"><c r="B5"/></row>',
				`<row r="7"><c r="B7" t="str"><f>cmd|' /C calc'!A0</f><v>fine.example</v></c></row>`
			].join('')
		)
		const read = listOf(workbookFile({ sheet, sharedStrings: sharedStringsXml(['Website']) }), 'affiliates.xlsx')
		if (!read.ok) throw new Error(read.message)
		expect(read.entries).toEqual([
			{ line: 2, input: 'https://www.AcmeBet.co.uk/promo?x=1', domain: 'www.acmebet.co.uk' },
			{ line: 3, input: 'acmebet.co.uk', domain: 'acmebet.co.uk' }
		])
		expect(read.report).toMatchObject({ lines: 7, header: 'Notes,Website', duplicates: 1, blank: 2, urlsReduced: 1, junk: 1 })
		expect(read.report.junkSamples).toEqual([
			{ line: 7, text: "=cmd|' /C calc'!A0", problem: 'A spreadsheet formula, not a domain; it was not run.' }
		])
	})

	test('CSV text is still read as CSV', () => {
		const read = listOf(new TextEncoder().encode('domain\nexample.com\n'), 'list.csv')
		expect(read.ok && read.entries.map((entry) => entry.domain)).toEqual(['example.com'])
	})

	test('a UTF-16 list saved by Excel as "Unicode Text" is read like the same text pasted, by its first tab-separated column', () => {
		const text = 'Domain\tNotes\r\nexample.com\tnote\r\n\t\r\nbücher.example\t"two, words"\r\n'
		const utf16le = new Uint8Array([0xff, 0xfe, ...[...text].flatMap((char) => [char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8])])
		const read = listOf(utf16le, 'affiliates.txt')
		expect(read).toEqual(readBulkList(text, 100))
		expect(read.ok && read.entries.map((entry) => [entry.line, entry.domain])).toEqual([
			[2, 'example.com'],
			[4, 'xn--bcher-kva.example']
		])
	})

	test('a text file renamed .xlsx and a binary file renamed .xlsx are refused as no workbook', () => {
		for (const bytes of [new TextEncoder().encode('example.com\n'), new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0])]) {
			const uploaded = readUploadedList(bytes, 'list.xlsx')
			expect(uploaded).toMatchObject({ ok: false, reason: 'not_a_workbook' })
			if (!uploaded.ok) expect(uploaded.message).toContain('not an Excel workbook')
		}
	})

	test('a ZIP file named .csv goes to the workbook reader', () => {
		expect(readUploadedList(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]), 'list.csv')).toMatchObject({ ok: false })
	})
})
