import { parseHTML } from 'linkedom'
import type { FetchedFile } from '../types.ts'
import { parseError } from './parse-error.ts'
import { decodeUtf8, squish, stripZeroWidth } from './text.ts'

// linkedom implements the DOM; its own typings are looser, so the standard DOM types are used.
export type HtmlDocument = Document
export type HtmlElement = Element

/**
 * Decodes a fetched file and parses it as HTML. Text without any tag is `unexpected_format`
 * (a JSON error body, a CSV or a PDF served where a page was expected).
 */
export function readHtml(file: FetchedFile): HtmlDocument {
	const text = decodeUtf8(file)
	if (!/<\s*(?:!doctype|html|body|div|table|p|ul|h[1-6]|main|section|span|a)\b/i.test(text)) {
		throw parseError('unexpected_format', 'file is not an HTML page', file)
	}
	return parseHTML(text).document as unknown as Document
}

/**
 * Like readHtml, but a page cut before its closing `</html>` (or `</body>`) is `truncated`:
 * linkedom would otherwise quietly parse the part that arrived.
 */
export function readCompleteHtml(file: FetchedFile): HtmlDocument {
	const document = readHtml(file)
	const tail = decodeUtf8(file).slice(-2048)
	if (!/<\/(?:html|body)\s*>\s*$/i.test(tail)) throw parseError('truncated', 'page ends before </html>', file)
	return document
}

/** The element's text with whitespace collapsed and zero-width characters removed; '' for null. */
export function textOf(node: { textContent: string | null } | null | undefined): string {
	return node ? squish(stripZeroWidth(node.textContent ?? '')) : ''
}

/** Resolves a link against the page it was found on; null when it is not an http(s) URL. */
export function resolveLink(href: string | null | undefined, base: string): string | null {
	if (!href) return null
	try {
		const url = new URL(href.trim(), base)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
	} catch {
		return null
	}
}

/**
 * Reads a label/value table (th+td or td+td rows) into a map keyed by the lower-cased label with
 * trailing colons removed. The first occurrence of a label wins.
 */
export function labelledCells(root: ParentNode): Map<string, HtmlElement> {
	const cells = new Map<string, HtmlElement>()
	for (const row of Array.from(root.querySelectorAll('tr'))) {
		const parts = Array.from(row.children).filter((cell) => cell.tagName === 'TH' || cell.tagName === 'TD')
		const label = parts[0]
		const value = parts[1]
		if (!label || !value) continue
		const key = textOf(label)
			.replace(/\s*:\s*$/, '')
			.toLowerCase()
		if (key !== '' && !cells.has(key)) cells.set(key, value)
	}
	return cells
}
