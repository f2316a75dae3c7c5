import { deflateSync } from 'node:zlib'

/** Hostile PDFs for the readers' whole-document caps (pdf.test.ts, tests/security). */

const text = (value: string) => new TextEncoder().encode(value)

/** A PDF of `count` empty indirect objects and nothing else (about 20 bytes an object). */
export function manyObjectsPdf(count: number): Uint8Array {
	const parts = ['%PDF-1.4\n']
	for (let id = 1; id <= count; id++) parts.push(`${id} 0 obj\n<<>>\nendobj\n`)
	parts.push('trailer\n<< /Size 1 >>\n%%EOF\n')
	return text(parts.join(''))
}

export type InflatingPdfOptions = { filter?: string; checksum?: 'right' | 'wrong' }

/** A PDF of `streams` objects each holding the same Flate stream of `inflated` zero bytes (a few KB each on disk). */
export function inflatingPdf(streams: number, inflated: number, options: InflatingPdfOptions = {}): Uint8Array {
	const data = deflateSync(new Uint8Array(inflated), { level: 9 })
	if (options.checksum === 'wrong') data[data.length - 1] = (data[data.length - 1] as number) ^ 0xff
	const chunks: Uint8Array[] = [text('%PDF-1.4\n')]
	for (let id = 1; id <= streams; id++) {
		chunks.push(
			text(`${id} 0 obj\n<< /Length ${data.length} /Filter ${options.filter ?? '/FlateDecode'} >>\nstream\n`),
			data,
			text('\nendstream\nendobj\n')
		)
	}
	chunks.push(text('trailer\n<< /Size 1 >>\n%%EOF\n'))
	return Buffer.concat(chunks)
}
