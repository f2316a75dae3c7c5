/**
 * Writes the IOM OGRA licence-holder XLSX fixtures (packages/registers/fixtures/iom/*.xlsx):
 * a minimal but valid workbook (one sheet, shared strings, a date style) zipped with deflate.
 * Run: bun packages/registers/scripts/make-iom-xlsx.ts
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateRawSync } from 'node:zlib'

type Row = [name: string, firmStatus: string, initialLicenceDate: string, licenceType: string]

const HEADER = ['Name', 'Firm Status', 'Initial Licence Date', 'Licence Type']

function excelSerial(isoDate: string): number {
	return Math.round((Date.parse(`${isoDate}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000)
}

function escapeXml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function workbookParts(rows: Row[]): Record<string, string> {
	const strings: string[] = []
	const stringIndex = (text: string) => {
		const known = strings.indexOf(text)
		if (known !== -1) return known
		strings.push(text)
		return strings.length - 1
	}
	const textCell = (ref: string, text: string) => `<c r="${ref}" t="s"><v>${stringIndex(text)}</v></c>`
	const sheetRows = [
		`<row r="1">${HEADER.map((text, index) => textCell(`${'ABCD'[index]}1`, text)).join('')}</row>`,
		...rows.map(([name, status, date, type], index) => {
			const r = index + 2
			return `<row r="${r}">${textCell(`A${r}`, name)}${textCell(`B${r}`, status)}<c r="C${r}" s="1"><v>${excelSerial(date)}</v></c>${textCell(`D${r}`, type)}</row>`
		})
	]
	const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
	const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
	const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
	return {
		'[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
		'_rels/.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
		'xl/workbook.xml': `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="OGRA Licence Holders" sheetId="1" r:id="rId1"/></sheets></workbook>`,
		'xl/_rels/workbook.xml.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
		'xl/styles.xml': `${xml}<styleSheet xmlns="${main}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="2"><xf/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
		'xl/worksheets/sheet1.xml': `${xml}<worksheet xmlns="${main}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
		'xl/sharedStrings.xml': `${xml}<sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('')}</sst>`
	}
}

/** A ZIP archive (deflate, no data descriptors) of the given parts, with a fixed timestamp so output is reproducible. */
function zip(parts: Record<string, string>): Uint8Array {
	const locals: Uint8Array[] = []
	const centrals: Uint8Array[] = []
	let offset = 0
	const DOS_TIME = 0
	const DOS_DATE = ((2026 - 1980) << 9) | (10 << 5) | 2
	for (const [name, text] of Object.entries(parts)) {
		const nameBytes = new TextEncoder().encode(name)
		const raw = new TextEncoder().encode(text)
		const data = deflateRawSync(raw)
		const crc = Bun.hash.crc32(raw)
		const local = new Uint8Array(30 + nameBytes.length + data.length)
		const lv = new DataView(local.buffer)
		lv.setUint32(0, 0x04034b50, true)
		lv.setUint16(4, 20, true)
		lv.setUint16(8, 8, true)
		lv.setUint16(10, DOS_TIME, true)
		lv.setUint16(12, DOS_DATE, true)
		lv.setUint32(14, crc, true)
		lv.setUint32(18, data.length, true)
		lv.setUint32(22, raw.length, true)
		lv.setUint16(26, nameBytes.length, true)
		local.set(nameBytes, 30)
		local.set(data, 30 + nameBytes.length)
		const central = new Uint8Array(46 + nameBytes.length)
		const cv = new DataView(central.buffer)
		cv.setUint32(0, 0x02014b50, true)
		cv.setUint16(4, 20, true)
		cv.setUint16(6, 20, true)
		cv.setUint16(10, 8, true)
		cv.setUint16(12, DOS_TIME, true)
		cv.setUint16(14, DOS_DATE, true)
		cv.setUint32(16, crc, true)
		cv.setUint32(20, data.length, true)
		cv.setUint32(24, raw.length, true)
		cv.setUint16(28, nameBytes.length, true)
		cv.setUint32(42, offset, true)
		central.set(nameBytes, 46)
		locals.push(local)
		centrals.push(central)
		offset += local.length
	}
	const centralSize = centrals.reduce((sum, part) => sum + part.length, 0)
	const end = new Uint8Array(22)
	const ev = new DataView(end.buffer)
	ev.setUint32(0, 0x06054b50, true)
	ev.setUint16(8, centrals.length, true)
	ev.setUint16(10, centrals.length, true)
	ev.setUint32(12, centralSize, true)
	ev.setUint32(16, offset, true)
	const out = new Uint8Array(offset + centralSize + 22)
	let at = 0
	for (const part of [...locals, ...centrals, end]) {
		out.set(part, at)
		at += part.length
	}
	return out
}

const CURRENT: Row[] = [
	['Ravenscliff Gaming Limited', 'Active', '2019-07-24', 'Full'],
	['Tern Network Services Limited', 'Suspended', '2025-05-08', 'Network Services'],
	['Manx Loop Software Limited', 'Active', '2021-03-15', 'Software Supply'],
	['Brighttide Limited', 'Active', '2023-01-12', 'Full'],
	['Cobalt Nine', 'Active', '2020-11-02', 'Full'],
	['Cobalt Nine', 'Suspended', '2022-04-19', 'Network Services'],
	['Glenfaba Interactive Limited', 'Active', '2025-05-08', 'Full Licence'],
	['Sulby Tech Ltd', 'Active', '2024-02-29', 'Software Supply'],
	['Ballaugh Games Limited', 'Active', '2026-09-30', 'Full']
]
const OLDER: Row[] = CURRENT.filter(([name]) => name !== 'Ballaugh Games Limited' && name !== 'Sulby Tech Ltd').map(
	([name, status, date, type]) => [name, name.startsWith('Tern') ? 'Active' : status, date, type]
)

const dir = join(import.meta.dir, '../fixtures/iom')
writeFileSync(join(dir, '26-10-02-current-ogra-licence-holders.xlsx'), zip(workbookParts(CURRENT)))
writeFileSync(join(dir, '26-06-01-current-ogra-licence-holders.xlsx'), zip(workbookParts(OLDER)))
