import { Zip, ZipDeflate } from 'fflate'
import { columnLetters } from './cell-reference.ts'
import { escapeXml } from './xml-text.ts'

export type CellValue = string | number | null

/** The most characters a cell holds in Excel; longer text is cut there so the file opens. */
const MAX_CELL_TEXT = 32_767
/**
 * A literal `_xHHHH_` in text would be read back as an escaped character; `_x005F_` in place of its
 * underscore keeps it literal. A lookahead, so an escape whose closing underscore opens the next
 * (`_x005F_x0041_`) has both underscores escaped.
 */
const LITERAL_ESCAPE = /_(?=x[0-9A-Fa-f]{4}_)/g

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships'

const fixedParts = (sheetName: string): [string, string][] => [
	[
		'[Content_Types].xml',
		`${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
	],
	[
		'_rels/.rels',
		`${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`
	],
	[
		'xl/workbook.xml',
		`${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
	],
	[
		'xl/_rels/workbook.xml.rels',
		`${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
	]
]

/**
 * One cell. Text is always an inline string cell: a workbook written here holds no formula, whatever
 * the text starts with, so `=cmd|…` shows as the text it is and is never run.
 */
function cellXml(value: CellValue, reference: string): string {
	if (value === null) return ''
	if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${reference}"><v>${value}</v></c>` : ''
	const text = escapeXml(value.slice(0, MAX_CELL_TEXT).replace(LITERAL_ESCAPE, '_x005F_'))
	return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`
}

export const rowXml = (cells: readonly CellValue[], line: number): string =>
	`<row r="${line}">${cells.map((value, column) => cellXml(value, `${columnLetters(column)}${line}`)).join('')}</row>`

/**
 * An .xlsx workbook of one sheet: a header row, then the rows as they come (a batch at a time, so a
 * large result is written without holding it whole). The sheet's first row is frozen.
 */
export function workbookStream(
	sheetName: string,
	header: readonly string[],
	batches: AsyncIterable<readonly CellValue[][]>
): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	const iterator = batches[Symbol.asyncIterator]()
	let sheet: ZipDeflate
	let line = 1
	let chunksOut = 0
	let ended = false
	return new ReadableStream({
		start(controller) {
			const zip = new Zip((error, data, final) => {
				if (error) controller.error(error)
				else {
					chunksOut++
					controller.enqueue(data)
					if (final) controller.close()
				}
			})
			for (const [name, xml] of fixedParts(sheetName)) {
				const part = new ZipDeflate(name, { level: 6 })
				zip.add(part)
				part.push(encoder.encode(xml), true)
			}
			sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 })
			zip.add(sheet)
			zip.end()
			sheet.push(
				encoder.encode(
					`${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>${rowXml(header, line)}`
				)
			)
		},
		// The deflater holds small inputs back: read batches until it gives out a chunk, or a pull that
		// enqueued nothing would never be followed by another.
		async pull() {
			const before = chunksOut
			while (chunksOut === before && !ended) {
				const next = await iterator.next()
				if (next.done) {
					ended = true
					sheet.push(encoder.encode('</sheetData></worksheet>'), true)
				} else sheet.push(encoder.encode(next.value.map((cells) => rowXml(cells, ++line)).join('')))
			}
		}
	})
}
