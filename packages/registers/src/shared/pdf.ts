import { constants, createInflateRaw, inflateSync } from 'node:zlib'
import { extractTextItems, getDocumentProxy } from 'unpdf'
import type { FetchedFile } from '../types.ts'
import { guardParseAsync, parseError } from './parse-error.ts'
import { isPdf } from './text.ts'

/** What one whole document may inflate to, all streams together (a register PDF inflates to a few MB). */
export const MAX_PDF_INFLATED_BYTES = 64 * 1024 * 1024
/** Indirect objects in one document, those packed in object streams included (a register PDF has a few thousand). */
export const MAX_PDF_OBJECTS = 50_000
/** Filters that expand without a useful bound on the ratio (Flate is bounded by the document budget). */
const UNBOUNDED_FILTERS = new Set(['LZWDecode', 'LZW', 'RunLengthDecode', 'RL'])

// WinAnsiEncoding code points 0x80-0x9F (the rest of the byte range is Latin-1).
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

type PdfObject = { dictionary: string; stream: Uint8Array | null }

/** The allowance of one document: objects counted and bytes inflated, across every stream. */
class DocumentBudget {
	private objects = 0
	private inflated = 0
	constructor(private readonly file: Pick<FetchedFile, 'url'>) {}

	countObjects(count: number): void {
		this.objects += count
		if (this.objects > MAX_PDF_OBJECTS) throw parseError('malformed', `PDF has more than ${MAX_PDF_OBJECTS} objects`, this.file)
	}

	private tooLarge = () => parseError('malformed', `PDF streams inflate to more than ${MAX_PDF_INFLATED_BYTES} bytes`, this.file)

	/** Inflates one stream within what the document has left; null when the data does not inflate. */
	inflate(raw: Uint8Array): Uint8Array | null {
		try {
			const out = inflateSync(raw, { maxOutputLength: Math.max(1, MAX_PDF_INFLATED_BYTES - this.inflated) })
			this.inflated += out.length
			return out
		} catch (error) {
			if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw this.tooLarge()
			return null
		}
	}

	/**
	 * Counts what a zlib stream inflates to the way a lenient reader would decode it: no checksum
	 * check, and everything up to a damaged or missing end counted. Nothing is kept.
	 */
	countInflated(zlibData: Uint8Array): Promise<void> {
		return new Promise((resolve, reject) => {
			const inflater = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH })
			inflater.on('data', (chunk: Buffer) => {
				this.inflated += chunk.length
				if (this.inflated > MAX_PDF_INFLATED_BYTES) {
					inflater.destroy()
					reject(this.tooLarge())
				}
			})
			inflater.on('end', resolve)
			inflater.on('error', () => resolve())
			inflater.end(zlibData.subarray(2))
		})
	}
}

const filtersOf = (dictionary: string): string[] =>
	[...(/\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dictionary)?.[1] ?? '').matchAll(/\/(\w+)/g)].map((m) => m[1] as string)

function latin1(bytes: Uint8Array): string {
	return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
}

function decodeByte(code: number): string {
	return code >= 0x80 && code <= 0x9f ? (WIN_ANSI_HIGH[code - 0x80] as string) : String.fromCharCode(code)
}

function readObjects(source: string, bytes: Uint8Array, file: Pick<FetchedFile, 'url'>): Map<number, PdfObject> {
	const objects = new Map<number, PdfObject>()
	const budget = new DocumentBudget(file)
	const header = /(\d+)\s+\d+\s+obj\b/g
	let match: RegExpExecArray | null
	while ((match = header.exec(source)) !== null) {
		budget.countObjects(1)
		const start = match.index + match[0].length
		const end = source.indexOf('endobj', start)
		if (end < 0) throw parseError('truncated', `PDF object ${match[1]} has no endobj`, file)
		const body = source.slice(start, end)
		const streamAt = body.search(/\bstream\r?\n/)
		let stream: Uint8Array | null = null
		let dictionary = body
		if (streamAt >= 0) {
			dictionary = body.slice(0, streamAt)
			const dataStart = start + streamAt + (body[streamAt + 6] === '\r' ? 8 : 7)
			const dataEnd = source.indexOf('endstream', dataStart)
			if (dataEnd < 0 || dataEnd > end) throw parseError('truncated', `PDF stream ${match[1]} has no endstream`, file)
			let raw = bytes.subarray(dataStart, dataEnd)
			while (raw.length > 0 && (raw[raw.length - 1] === 0x0a || raw[raw.length - 1] === 0x0d)) raw = raw.subarray(0, raw.length - 1)
			stream = decodeStream(dictionary, raw, file, budget)
		}
		objects.set(Number(match[1]), { dictionary, stream })
		header.lastIndex = end + 6
	}
	return objects
}

function decodeStream(dictionary: string, raw: Uint8Array, file: Pick<FetchedFile, 'url'>, budget: DocumentBudget): Uint8Array | null {
	const filters = filtersOf(dictionary)
	if (filters.length === 0) return raw
	if (filters.length === 1 && filters[0] === 'FlateDecode') {
		const inflated = budget.inflate(raw)
		if (inflated === null) throw parseError('malformed', 'PDF stream does not inflate', file)
		return inflated
	}
	return null
}

/**
 * Bounds a document before pdf.js (unpdf) reads it, since pdf.js has no limits of its own: the
 * indirect objects (those packed in object streams by their /N) within MAX_PDF_OBJECTS, every
 * Flate stream inflated (and dropped) within MAX_PDF_INFLATED_BYTES for the whole document, and no
 * stream whose filters could expand without a bound (LZW, run-length, Flate behind another filter).
 * Counts as pdf.js decodes (no checksum, a damaged end still yields what came before it); throws RegisterParseError.
 */
export async function checkPdfBounds(file: FetchedFile): Promise<void> {
	const source = latin1(file.bytes)
	const budget = new DocumentBudget(file)
	for (const _ of source.matchAll(/\d+\s+\d+\s+obj\b/g)) budget.countObjects(1)
	for (const match of source.matchAll(/\bstream\r?\n/g)) {
		const dictionary = source.slice(Math.max(0, source.lastIndexOf('obj', match.index)), match.index)
		if (/\/Type\s*\/ObjStm\b/.test(dictionary)) budget.countObjects(Number(/\/N\s+(\d+)/.exec(dictionary)?.[1] ?? 0))
		const filters = filtersOf(dictionary)
		if (filters.some((filter) => UNBOUNDED_FILTERS.has(filter)) || filters.indexOf('FlateDecode') > 0) {
			throw parseError('unexpected_format', `PDF stream uses filters ${filters.join(', ')}, which are not read`, file)
		}
		if (filters[0] !== 'FlateDecode') continue
		const dataStart = (match.index as number) + match[0].length
		const dataEnd = source.indexOf('endstream', dataStart)
		await budget.countInflated(file.bytes.subarray(dataStart, dataEnd < 0 ? file.bytes.length : dataEnd))
	}
}

function references(value: string): number[] {
	return [...value.matchAll(/(\d+)\s+\d+\s+R\b/g)].map((m) => Number(m[1]))
}

function pageObjectsInOrder(objects: Map<number, PdfObject>): number[] {
	const rootPages = [...objects.entries()].find(
		([, object]) => /\/Type\s*\/Pages\b/.test(object.dictionary) && !/\/Parent\b/.test(object.dictionary)
	)
	const pages: number[] = []
	const seen = new Set<number>()
	const walk = (id: number) => {
		if (seen.has(id)) return
		seen.add(id)
		const object = objects.get(id)
		if (!object) return
		if (/\/Type\s*\/Pages\b/.test(object.dictionary)) {
			for (const kid of references(/\/Kids\s*\[([^\]]*)\]/.exec(object.dictionary)?.[1] ?? '')) walk(kid)
		} else if (/\/Type\s*\/Page\b/.test(object.dictionary)) {
			pages.push(id)
		}
	}
	if (rootPages) walk(rootPages[0])
	if (pages.length > 0) return pages
	return [...objects.entries()].filter(([, object]) => /\/Type\s*\/Page\b/.test(object.dictionary)).map(([id]) => id)
}

type Token =
	| { kind: 'string'; value: string }
	| { kind: 'number'; value: number }
	| { kind: 'op'; value: string }
	| { kind: 'open' }
	| { kind: 'close' }

function* tokens(content: string): Generator<Token> {
	let i = 0
	const n = content.length
	while (i < n) {
		const ch = content[i] as string
		if (/\s/.test(ch)) {
			i++
		} else if (ch === '%') {
			while (i < n && content[i] !== '\n' && content[i] !== '\r') i++
		} else if (ch === '(') {
			let depth = 1
			let value = ''
			i++
			while (i < n && depth > 0) {
				const c = content[i] as string
				if (c === '\\') {
					const next = content[i + 1] ?? ''
					const octal = /^[0-7]{1,3}/.exec(content.slice(i + 1, i + 4))
					if (octal) {
						value += decodeByte(Number.parseInt(octal[0], 8) & 0xff)
						i += 1 + octal[0].length
						continue
					}
					const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }
					value += escapes[next] ?? (next === '\n' || next === '\r' ? '' : next)
					i += 2
					continue
				}
				if (c === '(') depth++
				if (c === ')') depth--
				if (depth > 0) value += decodeByte(c.charCodeAt(0))
				i++
			}
			yield { kind: 'string', value }
		} else if (ch === '<' && content[i + 1] === '<') {
			i += 2
		} else if (ch === '>' && content[i + 1] === '>') {
			i += 2
		} else if (ch === '<') {
			const end = content.indexOf('>', i)
			const hex = content.slice(i + 1, end < 0 ? n : end).replace(/[^0-9a-fA-F]/g, '')
			let value = ''
			for (let h = 0; h < hex.length; h += 2) value += decodeByte(Number.parseInt(hex.slice(h, h + 2).padEnd(2, '0'), 16))
			yield { kind: 'string', value }
			i = end < 0 ? n : end + 1
		} else if (ch === '[') {
			yield { kind: 'open' }
			i++
		} else if (ch === ']') {
			yield { kind: 'close' }
			i++
		} else if (ch === '/') {
			i++
			while (i < n && !/[\s/[\]()<>{}%]/.test(content[i] as string)) i++
		} else if (/[-+.\d]/.test(ch)) {
			const m = /^[-+]?(?:\d+\.?\d*|\.\d+)/.exec(content.slice(i, i + 32))
			if (m) {
				yield { kind: 'number', value: Number(m[0]) }
				i += m[0].length
			} else {
				i++
			}
		} else {
			const m = /^[A-Za-z'"*]+/.exec(content.slice(i, i + 16))
			if (m) {
				yield { kind: 'op', value: m[0] }
				i += m[0].length
				if (m[0] === 'ID') {
					const end = content.indexOf('EI', i)
					i = end < 0 ? n : end + 2
				}
			} else {
				i++
			}
		}
	}
}

function contentText(content: string): string {
	let out = ''
	let operands: Token[] = []
	let array: Token[] | null = null
	const newline = () => {
		if (out !== '' && !out.endsWith('\n')) out += '\n'
	}
	for (const token of tokens(content)) {
		if (token.kind === 'open') {
			array = []
			continue
		}
		if (token.kind === 'close') {
			if (array)
				operands.push({
					kind: 'string',
					value: array.map((t) => (t.kind === 'string' ? t.value : t.kind === 'number' && t.value < -200 ? ' ' : '')).join('')
				})
			array = null
			continue
		}
		if (array) {
			array.push(token)
			continue
		}
		if (token.kind !== 'op') {
			operands.push(token)
			continue
		}
		const last = operands[operands.length - 1]
		switch (token.value) {
			case 'Tj':
			case 'TJ':
				if (last?.kind === 'string') out += last.value
				break
			case "'":
			case '"':
				newline()
				if (last?.kind === 'string') out += last.value
				break
			case 'T*':
				newline()
				break
			case 'Td':
			case 'TD': {
				const ty = operands[operands.length - 1]
				if (ty?.kind === 'number' && ty.value !== 0) newline()
				else if (out !== '' && !out.endsWith('\n') && !out.endsWith(' ')) out += ' '
				break
			}
			case 'Tm':
			case 'BT':
			case 'ET':
				newline()
				break
		}
		operands = []
	}
	return out.trimEnd()
}

/**
 * Extracts the text of each page of a PDF without awaiting anything: a small reader for
 * PDFs whose fonts use a simple (WinAnsi/Latin-1) encoding and whose content streams are
 * unfiltered or Flate-compressed. It exists because RegisterAdapter.parseRegister is
 * synchronous; PDFs it cannot read (CID fonts, object streams) are read with
 * extractPdfPagesAsync (unpdf) before parsing. A file that is not a PDF is `unexpected_format`;
 * one without `%%EOF` is `truncated`.
 */
export function extractPdfPages(file: FetchedFile): string[] {
	if (file.bytes.length === 0) throw parseError('empty', 'file is empty', file)
	if (!isPdf(file.bytes)) throw parseError('unexpected_format', 'file is not a PDF', file)
	const source = latin1(file.bytes)
	if (!/%%EOF\s*$/.test(source.slice(-1024))) throw parseError('truncated', 'PDF has no %%EOF trailer', file)
	const objects = readObjects(source, file.bytes, file)
	const pages = pageObjectsInOrder(objects)
	if (pages.length === 0) throw parseError('malformed', 'PDF has no pages', file)
	return pages.map((pageId) => {
		const page = objects.get(pageId) as PdfObject
		const contentsValue = /\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(page.dictionary)?.[1] ?? ''
		return references(contentsValue)
			.map((id) => objects.get(id)?.stream)
			.filter((stream): stream is Uint8Array => stream != null)
			.map((stream) => contentText(latin1(stream)))
			.join('\n')
	})
}

/** Extracts each page's text with unpdf (pdf.js), one line break wherever the baseline moves, once checkPdfBounds passes. Throws RegisterParseError only. */
export async function extractPdfPagesAsync(file: FetchedFile): Promise<string[]> {
	if (file.bytes.length === 0) throw parseError('empty', 'file is empty', file)
	if (!isPdf(file.bytes)) throw parseError('unexpected_format', 'file is not a PDF', file)
	await checkPdfBounds(file)
	return guardParseAsync(async () => {
		// verbosity 0: pdf.js would otherwise print a warning per damaged object to the console.
		const document = await getDocumentProxy(new Uint8Array(file.bytes), { verbosity: 0 })
		const { items } = await extractTextItems(document).finally(() => document.loadingTask.destroy())
		return items.map((pageItems) => {
			let text = ''
			let previousY: number | null = null
			for (const item of pageItems) {
				if (previousY !== null && Math.abs(item.y - previousY) > 1 && !text.endsWith('\n')) text += '\n'
				else if (text !== '' && !/\s$/.test(text) && !/^\s/.test(item.str)) text += ' '
				text += item.str
				if (item.hasEOL) text += '\n'
				previousY = item.y
			}
			return text
				.replace(/[^\S\n]+/g, ' ')
				.replace(/ ?\n ?/g, '\n')
				.trim()
		})
	}, file)
}
