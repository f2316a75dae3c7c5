import { inflateRawSync } from 'node:zlib'
import { parseError } from '../shared/index.ts'
import type { FetchedFile } from '../types.ts'

/** Ceiling on any one inflated part: the OGRA list is a few KB; anything far larger is not it. */
const MAX_PART_BYTES = 8 * 1024 * 1024
const MAX_ENTRIES = 2000

type ZipEntry = { name: string; method: number; compressedSize: number; localOffset: number }

/** Whether the bytes start like a ZIP container (an XLSX is one). */
export function isZip(bytes: Uint8Array): boolean {
	return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

function zipEntries(bytes: Uint8Array, file: FetchedFile): Map<string, ZipEntry> {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	let end = -1
	for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
		if (view.getUint32(at, true) === 0x06054b50) {
			end = at
			break
		}
	}
	if (end === -1) throw parseError('truncated', 'XLSX has no ZIP end-of-directory record', file)
	const count = view.getUint16(end + 10, true)
	let at = view.getUint32(end + 16, true)
	if (count > MAX_ENTRIES) throw parseError('malformed', 'XLSX directory is implausibly large', file)
	const entries = new Map<string, ZipEntry>()
	for (let index = 0; index < count; index += 1) {
		if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50)
			throw parseError('malformed', 'XLSX central directory is damaged', file)
		const nameLength = view.getUint16(at + 28, true)
		const extraLength = view.getUint16(at + 30, true)
		const commentLength = view.getUint16(at + 32, true)
		if (at + 46 + nameLength > bytes.length) throw parseError('truncated', 'XLSX central directory is cut off', file)
		const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength))
		entries.set(name, {
			name,
			method: view.getUint16(at + 10, true),
			compressedSize: view.getUint32(at + 20, true),
			localOffset: view.getUint32(at + 42, true)
		})
		at += 46 + nameLength + extraLength + commentLength
	}
	return entries
}

function entryText(bytes: Uint8Array, entry: ZipEntry, file: FetchedFile): string {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const at = entry.localOffset
	if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50)
		throw parseError('malformed', `XLSX part ${entry.name} is damaged`, file)
	const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true)
	const end = start + entry.compressedSize
	if (end > bytes.length) throw parseError('truncated', `XLSX part ${entry.name} is cut off`, file)
	const data = bytes.subarray(start, end)
	let raw: Uint8Array
	if (entry.method === 0) raw = data
	else if (entry.method === 8) {
		try {
			raw = inflateRawSync(data, { maxOutputLength: MAX_PART_BYTES })
		} catch {
			throw parseError('malformed', `XLSX part ${entry.name} does not inflate`, file)
		}
	} else throw parseError('unexpected_format', `XLSX part ${entry.name} uses compression method ${entry.method}`, file)
	try {
		return new TextDecoder('utf-8', { fatal: true }).decode(raw)
	} catch {
		throw parseError('encoding', `XLSX part ${entry.name} is not UTF-8`, file)
	}
}

function unescapeXml(text: string): string {
	return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (whole, name: string) => {
		const lower = name.toLowerCase()
		if (lower === 'lt') return '<'
		if (lower === 'gt') return '>'
		if (lower === 'amp') return '&'
		if (lower === 'quot') return '"'
		if (lower === 'apos') return "'"
		const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10)
		return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
	})
}

/**
 * Every `<tag …>body</tag>` (or `<tag …/>`) in an XML text, found by splitting on the opening
 * tag so the scan stays linear on hostile input (no lazy match across the whole part).
 */
function elements(xml: string, tag: string): { attributes: string; body: string }[] {
	const found: { attributes: string; body: string }[] = []
	const close = `</${tag}>`
	for (const piece of xml.split(new RegExp(`<${tag}(?=[\\s>/])`)).slice(1)) {
		const end = piece.indexOf('>')
		if (end === -1) continue
		const attributes = piece.slice(0, end)
		if (attributes.endsWith('/')) {
			found.push({ attributes: attributes.slice(0, -1), body: '' })
			continue
		}
		const bodyEnd = piece.indexOf(close, end + 1)
		found.push({ attributes, body: piece.slice(end + 1, bodyEnd === -1 ? piece.length : bodyEnd) })
	}
	return found
}

/** The text of every `<t>` run inside an XML fragment (a shared string or an inline string). */
function runsText(fragment: string): string {
	return [...fragment.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((match) => unescapeXml(match[1] ?? '')).join('')
}

function columnIndex(reference: string): number {
	const letters = /^([A-Z]{1,3})/.exec(reference)?.[1] ?? ''
	let index = 0
	for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64)
	return index - 1
}

/**
 * The first worksheet of an XLSX as rows of cell text (shared, inline and plain strings; numbers
 * as printed in the XML, so a date is its Excel serial). Rows keep their column positions.
 */
export function readXlsxRows(file: FetchedFile): string[][] {
	if (file.bytes.length === 0) throw parseError('empty', 'XLSX file is empty', file)
	if (!isZip(file.bytes)) throw parseError('unexpected_format', 'file is not an XLSX (no ZIP signature)', file)
	const entries = zipEntries(file.bytes, file)
	const sheetName = [...entries.keys()]
		.filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
		.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))[0]
	if (!sheetName) throw parseError('unexpected_format', 'XLSX holds no worksheet', file)
	const sharedEntry = entries.get('xl/sharedStrings.xml')
	const shared = sharedEntry ? elements(entryText(file.bytes, sharedEntry, file), 'si').map(({ body }) => runsText(body)) : []
	const sheet = entryText(file.bytes, entries.get(sheetName) as ZipEntry, file)
	if (!/<\/worksheet>\s*$/.test(sheet)) throw parseError('truncated', 'XLSX worksheet ends early', file)
	const rows: string[][] = []
	for (const { body: rowBody } of elements(sheet, 'row')) {
		const row: string[] = []
		for (const { attributes, body } of elements(rowBody, 'c')) {
			const reference = /\br="([A-Z]{1,3}\d+)"/.exec(attributes)?.[1]
			const type = /\bt="(\w+)"/.exec(attributes)?.[1] ?? 'n'
			const value = unescapeXml(/<v>([^<]*)<\/v>/.exec(body)?.[1] ?? '')
			let text: string
			if (type === 's') text = shared[Number(value)] ?? ''
			else if (type === 'inlineStr') text = runsText(body)
			else text = value
			const column = reference ? columnIndex(reference) : row.length
			if (column < 0 || column > 200) continue
			while (row.length < column) row.push('')
			row[column] = text
		}
		rows.push(row)
	}
	return rows
}
