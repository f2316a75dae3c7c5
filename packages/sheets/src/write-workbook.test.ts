import { describe, expect, test } from 'bun:test'
import { strFromU8, unzipSync } from 'fflate'
import { readFirstSheet } from './read-workbook.ts'
import { streamBytes } from './test-support/workbook-fixture.ts'
import { type CellValue, workbookStream } from './write-workbook.ts'

async function* batchesOf(...batches: CellValue[][][]) {
	yield* batches
}

describe('workbookStream', () => {
	test('writes a workbook the reader reads back: header, rows across batches, empty cells', async () => {
		const bytes = await streamBytes(
			workbookStream(
				'Results',
				['line', 'domain', 'operator'],
				batchesOf([[2, 'example.com', null]], [[3, 'casino.example', 'Casino Ltd & Co <UK>']])
			)
		)
		expect(readFirstSheet(bytes)).toEqual({
			ok: true,
			records: [
				{ line: 1, fields: ['line', 'domain', 'operator'] },
				{ line: 2, fields: ['2', 'example.com'] },
				{ line: 3, fields: ['3', 'casino.example', 'Casino Ltd & Co <UK>'] }
			]
		})
	})

	test('text that looks like a formula is written as a text cell, never a formula', async () => {
		const bytes = await streamBytes(workbookStream('Results', ['operator'], batchesOf([["=cmd|' /C calc'!A0"], ['@SUM(A1)']])))
		const sheet = strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml'] as Uint8Array)
		expect(sheet).not.toContain('<f>')
		expect(sheet).toContain(`<c r="A2" t="inlineStr"><is><t xml:space="preserve">=cmd|&apos;`.replace('&apos;', "'"))
		expect(readFirstSheet(bytes)).toMatchObject({
			ok: true,
			records: [{ fields: ['operator'] }, { fields: ["=cmd|' /C calc'!A0"] }, { fields: ['@SUM(A1)'] }]
		})
	})

	test('characters XML cannot hold are replaced and literal escapes kept, so the file stays readable', async () => {
		const bytes = await streamBytes(workbookStream('Results', ['text'], batchesOf([['a\u0001b'], ['x_x0041_y']])))
		expect(readFirstSheet(bytes)).toMatchObject({
			ok: true,
			records: [{ fields: ['text'] }, { fields: ['a\uFFFDb'] }, { fields: ['x_x0041_y'] }]
		})
	})

	test('a literal escape that runs into another (`_x005F_x0041_`) reads back as written', async () => {
		const texts = ['_x005F_x0041_', '_x0041__x0042_', 'a_x005F_x005F_b']
		const bytes = await streamBytes(workbookStream('Results', ['text'], batchesOf(texts.map((text) => [text]))))
		expect(readFirstSheet(bytes)).toMatchObject({ ok: true, records: [{ fields: ['text'] }, ...texts.map((text) => ({ fields: [text] }))] })
	})

	test('the sheet name is escaped', async () => {
		const bytes = await streamBytes(workbookStream('A "quoted" & <name>', ['x'], batchesOf()))
		expect(strFromU8(unzipSync(bytes)['xl/workbook.xml'] as Uint8Array)).toContain('name="A &quot;quoted&quot; &amp; &lt;name&gt;"')
	})
})
