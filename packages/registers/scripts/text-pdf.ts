import { deflateSync } from 'node:zlib'

/** One run of text placed at an absolute position (points from the bottom-left corner). */
export type PlacedText = { x: number; y: number; text: string; bold?: boolean; size?: number }

const WIN_ANSI_EXTRAS: Record<string, number> = { '€': 0x80, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 }

/** A PDF literal string in WinAnsiEncoding, non-ASCII bytes written as octal escapes. */
function pdfString(text: string): string {
	let out = '('
	for (const ch of text) {
		const code = WIN_ANSI_EXTRAS[ch] ?? ch.codePointAt(0) ?? 0x3f
		if (code > 0xff) throw new Error(`character ${ch} has no WinAnsi code`)
		if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`
		else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`
		else out += ch
	}
	return `${out})`
}

function pageContent(items: PlacedText[]): string {
	return items
		.map(
			(item) =>
				`BT /${item.bold ? 'F2' : 'F1'} ${item.size ?? 8} Tf 1 0 0 1 ${item.x.toFixed(2)} ${item.y.toFixed(2)} Tm ${pdfString(item.text)} Tj ET`
		)
		.join('\n')
}

/**
 * Writes a valid PDF 1.4 (A4 landscape pages, Helvetica with WinAnsiEncoding, Flate-compressed
 * content streams, a correct xref table) whose text pdf.js and simple readers can extract.
 */
export function buildTextPdf(pages: PlacedText[][], info: { title: string; producer: string; created: string }): Uint8Array {
	const objects: (string | { dictionary: string; stream: Uint8Array })[] = []
	const add = (object: (typeof objects)[number]) => objects.push(object) // object number = index + 1
	const pageIds = pages.map((_, index) => 6 + index * 2)
	add('<< /Type /Catalog /Pages 2 0 R >>')
	add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`)
	add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
	add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
	add(`<< /Title ${pdfString(info.title)} /Producer ${pdfString(info.producer)} /CreationDate (D:${info.created}) >>`)
	pages.forEach((items, index) => {
		const contentId = pageIds[index]! + 1
		add(
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`
		)
		const stream = deflateSync(Buffer.from(pageContent(items), 'latin1'))
		add({ dictionary: `<< /Length ${stream.length} /Filter /FlateDecode >>`, stream })
	})
	const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
	let offset = chunks[0]!.length
	const offsets: number[] = []
	objects.forEach((object, index) => {
		offsets.push(offset)
		const parts =
			typeof object === 'string'
				? [Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')]
				: [
						Buffer.from(`${index + 1} 0 obj\n${object.dictionary}\nstream\n`, 'latin1'),
						Buffer.from(object.stream),
						Buffer.from('\nendstream\nendobj\n', 'latin1')
					]
		for (const part of parts) {
			chunks.push(part)
			offset += part.length
		}
	})
	const xref = [
		'xref',
		`0 ${objects.length + 1}`,
		'0000000000 65535 f ',
		...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)
	].join('\n')
	chunks.push(
		Buffer.from(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1')
	)
	return new Uint8Array(Buffer.concat(chunks))
}
