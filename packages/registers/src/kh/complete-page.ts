import { decodeUtf8, parseError, readHtml, type HtmlDocument } from '../shared/index.ts'
import type { FetchedFile } from '../types.ts'

/**
 * Reads a register page and insists that it arrived whole: a page without its closing
 * `</html>` tag was cut off in transit, and parsing it would silently drop every row after
 * the cut (the reconciler would then see delistings that never happened).
 */
export function readCompletePage(file: FetchedFile): HtmlDocument {
	const document = readHtml(file)
	if (!/<\/html\s*>/i.test(decodeUtf8(file).slice(-4096))) throw parseError('truncated', 'page ends before </html>', file)
	return document
}
