import { Zip, ZipDeflate, strToU8, zipSync } from 'fflate'

export const WORKBOOK_XML =
	'<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Affiliates" sheetId="1" r:id="rId1"/></sheets></workbook>'
export const WORKBOOK_RELS =
	'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>'

export const sheetXml = (rows: string) =>
	`<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`
export const sharedStringsXml = (strings: readonly string[]) =>
	`<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`

/** A workbook as a spreadsheet program writes it: the given parts deflated, sizes in the ZIP directory. */
export function workbookFile(parts: { sheet: string; sharedStrings?: string; extra?: Record<string, Uint8Array> }): Uint8Array {
	return zipSync({
		'xl/workbook.xml': strToU8(WORKBOOK_XML),
		'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
		'xl/worksheets/sheet1.xml': strToU8(parts.sheet),
		...(parts.sharedStrings ? { 'xl/sharedStrings.xml': strToU8(parts.sharedStrings) } : {}),
		...parts.extra
	})
}

/** A workbook written as a stream: its local headers declare no sizes, as a lying ZIP bomb's would not. */
export function streamedWorkbookFile(sheet: Uint8Array): Uint8Array {
	const chunks: Uint8Array[] = []
	const zip = new Zip((error, data) => {
		if (error) throw error
		chunks.push(data)
	})
	for (const [name, content] of [
		['xl/workbook.xml', strToU8(WORKBOOK_XML)],
		['xl/_rels/workbook.xml.rels', strToU8(WORKBOOK_RELS)],
		['xl/worksheets/sheet1.xml', sheet]
	] as const) {
		const part = new ZipDeflate(name, { level: 9 })
		zip.add(part)
		part.push(content, true)
	}
	zip.end()
	const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
	let offset = 0
	for (const chunk of chunks) {
		whole.set(chunk, offset)
		offset += chunk.length
	}
	return whole
}

export async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
	return new Uint8Array(await new Response(stream).arrayBuffer())
}
