import { SaxesParser } from 'saxes'

export type XmlHandlers = {
	open(name: string, attributes: Record<string, string>): void
	close(name: string): void
	text(text: string): void
}

export class NotUtf8 extends Error {}

const CHUNK = 1024 * 1024
const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/**
 * Walks an XML part, element names without their prefix. A DOCTYPE is refused (a workbook has none, and
 * entity tricks live there); saxes defines no entities beyond XML's own and throws on malformed XML.
 * `stop` is asked between chunks so a caller past its row limit ends the walk early.
 */
export function walkXml(bytes: Uint8Array, handlers: XmlHandlers, stop: () => boolean = () => false): void {
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		throw new NotUtf8('a workbook part is not UTF-8')
	}
	const parser = new SaxesParser({ xmlns: false, position: false })
	parser.on('doctype', () => {
		throw new Error('a DOCTYPE in a workbook part')
	})
	parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Record<string, string>))
	parser.on('closetag', (tag) => handlers.close(localName(tag.name)))
	parser.on('text', handlers.text)
	parser.on('cdata', handlers.text)
	for (let start = 0; start < text.length; start += CHUNK) {
		parser.write(text.slice(start, start + CHUNK))
		if (stop()) return
	}
	parser.close()
}
