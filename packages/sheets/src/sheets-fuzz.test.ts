import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { strToU8, zipSync } from 'fflate'
import { damagedBytes } from '../../registers/src/shared/test-support/fixture-files.ts'
import { SHEET_LIMITS } from './limits.ts'
import type { SheetReading } from './read-options.ts'
import { readFirstSheet } from './read-workbook.ts'
import { WORKBOOK_RELS, WORKBOOK_XML, sharedStringsXml, sheetXml, streamBytes, workbookFile } from './test-support/workbook-fixture.ts'
import { workbookStream } from './write-workbook.ts'
import { CONTROL_CHARACTER } from './xml-text.ts'

const SHEET = sheetXml(
	'<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>https://casino.example/x</t></is></c><c r="B2"><f>SUM(1,2)</f><v>3</v></c></row>'
)
const SHARED = sharedStringsXml(['Domain'])
const deflated = workbookFile({ sheet: SHEET, sharedStrings: SHARED })
/** Stored without compression, so damage lands in the XML itself rather than in the deflate stream. */
const stored = zipSync(
	{
		'xl/workbook.xml': strToU8(WORKBOOK_XML),
		'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
		'xl/worksheets/sheet1.xml': strToU8(SHEET),
		'xl/sharedStrings.xml': strToU8(SHARED)
	},
	{ level: 0 }
)

const anyReading: fc.Arbitrary<SheetReading> = fc.record({
	formulas: fc.constantFrom('formula-text', 'cached-value'),
	booleans: fc.constantFrom('words', 'digits'),
	controlCharacters: fc.constantFrom('refuse', 'keep'),
	cutOffZip: fc.constantFrom('refuse', 'read-complete-parts')
})

const readsOrRefuses = (bytes: Uint8Array, reading?: SheetReading) => {
	const read = readFirstSheet(bytes, SHEET_LIMITS, reading)
	if (read.ok) expect(Array.isArray(read.records)).toBe(true)
	else expect(read.message.length).toBeGreaterThan(20)
}

describe('@lv/sheets fuzz', () => {
	test('damaged workbooks read or are refused with a message, never throw', () => {
		fc.assert(
			fc.property(fc.oneof(damagedBytes(deflated), damagedBytes(stored)), (bytes) => readsOrRefuses(bytes)),
			{ numRuns: 400 }
		)
	})

	test('damaged workbooks read with any reading options read or are refused with a message, never throw', () => {
		fc.assert(
			fc.property(fc.oneof(damagedBytes(deflated), damagedBytes(stored)), anyReading, (bytes, reading) => readsOrRefuses(bytes, reading)),
			{ numRuns: 300 }
		)
	})

	test('random bytes behind a ZIP signature are refused, never throw', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 4096 }), anyReading, (tail, reading) =>
				readsOrRefuses(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...tail]), reading)
			),
			{ numRuns: 300 }
		)
	})

	test('any text written to a workbook reads back as the same text', async () => {
		const cellText = fc
			.string({ unit: 'binary', maxLength: 40 })
			.filter((text) => !CONTROL_CHARACTER.test(text) && !/[\uFFFE\uFFFF]/.test(text))
		await fc.assert(
			fc.asyncProperty(fc.array(fc.array(cellText, { minLength: 1, maxLength: 4 }), { maxLength: 8 }), async (rows) => {
				async function* batches() {
					yield rows
				}
				const read = readFirstSheet(await streamBytes(workbookStream('Results', ['a'], batches())))
				expect(read.ok).toBe(true)
				if (!read.ok) return
				const trimmed = (cells: string[]) => cells.slice(0, cells.findLastIndex((cell) => cell !== '') + 1)
				expect(read.records.slice(1).map((record) => trimmed(record.fields))).toEqual(rows.map((cells) => trimmed(cells)))
			}),
			{ numRuns: 60 }
		)
	}, 30_000)
})
