import { describe, expect, test } from 'bun:test'
import { sheetXml, workbookFile } from '../../../sheets/src/test-support/workbook-fixture.ts'
import { RegisterParseError } from '../types.ts'
import { readHolderWorkbook } from './holder-workbook.ts'

const URL = 'https://www.isleofmangsc.com/media/2304/26-10-02-current-ogra-licence-holders.xlsx'
const read = (bytes: Uint8Array) => readHolderWorkbook({ url: URL, bytes, contentType: null })
const reason = (bytes: Uint8Array) => {
	try {
		read(bytes)
	} catch (error) {
		if (error instanceof RegisterParseError) return error.reason
		throw error
	}
	return 'read'
}

describe('IOM holder workbook', () => {
	test('reads a formula cell as the value Excel stored, a boolean as 1 and keeps control characters', () => {
		const file = workbookFile({
			sheet: sheetXml(
				'<row r="1"><c r="A1" t="str"><f>TRIM(B9)</f><v>Ballaugh Games Limited</v></c><c r="B1" t="b"><v>1</v></c><c r="C1" t="inlineStr"><is><t>a_x0007_b</t></is></c></row>'
			)
		})
		expect(read(file)).toEqual([['Ballaugh Games Limited', '1', 'a\u0007b']])
	})

	test('an empty file is empty, a ZIP cut before its directory truncated, a part not in UTF-8 an encoding fault', () => {
		const file = workbookFile({ sheet: sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>') })
		expect(reason(new Uint8Array())).toBe('empty')
		expect(reason(file.slice(0, file.length - 10))).toBe('truncated')
		const latin1 = workbookFile({ sheet: '', extra: { 'xl/worksheets/sheet1.xml': new Uint8Array([0x3c, 0x61, 0xe9, 0x3e]) } })
		expect(reason(latin1)).toBe('encoding')
	})

	test('cells up to column 201 are read, further right ignored', () => {
		const file = workbookFile({
			sheet: sheetXml(
				'<row r="1"><c r="GS1" t="inlineStr"><is><t>kept</t></is></c><c r="GT1" t="inlineStr"><is><t>dropped</t></is></c></row>'
			)
		})
		expect(read(file)[0]?.slice(200)).toEqual(['kept'])
	})
})
