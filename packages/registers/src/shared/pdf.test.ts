import { describe, expect, test } from 'bun:test'
import { inflatingPdf, manyObjectsPdf } from '../../scripts/hostile-pdf.ts'
import { buildTextPdf } from '../../scripts/text-pdf.ts'
import { MAX_PDF_INFLATED_BYTES, MAX_PDF_OBJECTS, extractPdfPages, extractPdfPagesAsync } from './pdf.ts'
import { textFile } from './test-support/fixture-files.ts'

const url = 'https://example.test/register.pdf'
const pdf = buildTextPdf(
	[
		[
			{ x: 10, y: 500, text: 'Jack’s (Curaçao) N.V.' },
			{ x: 200, y: 500, text: 'B2C' },
			{ x: 10, y: 480, text: 'second line' }
		],
		[{ x: 10, y: 500, text: 'page two' }]
	],
	{ title: 't', producer: 'p', created: '20260101000000Z' }
)

describe('extractPdfPages', () => {
	test('reads each page in order, WinAnsi characters included', () => {
		const pages = extractPdfPages({ url, bytes: pdf, contentType: 'application/pdf' })
		expect(pages).toEqual(['Jack’s (Curaçao) N.V.\nB2C\nsecond line', 'page two'])
	})

	test('a PDF cut before %%EOF is truncated; other bytes are unexpected_format; nothing is empty', () => {
		expect(() => extractPdfPages({ url, bytes: pdf.slice(0, pdf.length - 200), contentType: null })).toThrow(
			expect.objectContaining({ reason: 'truncated' })
		)
		expect(() => extractPdfPages(textFile('<html></html>', url))).toThrow(expect.objectContaining({ reason: 'unexpected_format' }))
		expect(() => extractPdfPages({ url, bytes: new Uint8Array(), contentType: null })).toThrow(expect.objectContaining({ reason: 'empty' }))
	})
})

describe('extractPdfPagesAsync (unpdf)', () => {
	test('reads the same words as the synchronous reader', async () => {
		const pages = await extractPdfPagesAsync({ url, bytes: pdf, contentType: 'application/pdf' })
		expect(pages.map((page) => page.replace(/\s+/g, ' '))).toEqual(['Jack’s (Curaçao) N.V. B2C second line', 'page two'])
	})

	test('a broken PDF is a RegisterParseError', async () => {
		await expect(extractPdfPagesAsync({ url, bytes: pdf.slice(0, 300), contentType: null })).rejects.toMatchObject({
			name: 'RegisterParseError'
		})
	})
})

describe('whole-document caps (hostile PDFs)', () => {
	const hostile = (bytes: Uint8Array) => ({ url, bytes, contentType: 'application/pdf' })

	test(`a PDF of 200,000 objects is refused by the document object cap (${MAX_PDF_OBJECTS}) in both readers`, async () => {
		const file = hostile(manyObjectsPdf(200_000))
		expect(() => extractPdfPages(file)).toThrow(
			expect.objectContaining({ reason: 'malformed', message: expect.stringContaining(`more than ${MAX_PDF_OBJECTS} objects`) })
		)
		await expect(extractPdfPagesAsync(file)).rejects.toMatchObject({
			reason: 'malformed',
			message: expect.stringContaining(`more than ${MAX_PDF_OBJECTS} objects`)
		})
	})

	test('objects packed in object streams count toward the cap by their /N', async () => {
		const streams = Buffer.concat([
			inflatingPdf(1, 16, { filter: '/FlateDecode /Type /ObjStm /N 40000' }),
			inflatingPdf(1, 16, { filter: '/FlateDecode /Type /ObjStm /N 40000' })
		])
		await expect(extractPdfPagesAsync(hostile(streams))).rejects.toMatchObject({
			reason: 'malformed',
			message: expect.stringContaining('objects')
		})
	})

	test('streams that each stay under any per-stream limit but together inflate past the document cap are refused in both readers', async () => {
		const file = hostile(inflatingPdf(12, 16 * 1024 * 1024))
		const tooMuch = { reason: 'malformed', message: expect.stringContaining(`inflate to more than ${MAX_PDF_INFLATED_BYTES} bytes`) }
		expect(() => extractPdfPages(file)).toThrow(expect.objectContaining(tooMuch))
		await expect(extractPdfPagesAsync(file)).rejects.toMatchObject(tooMuch)
	})

	test('streams with a wrong checksum still count toward the cap (pdf.js does not check it)', async () => {
		await expect(extractPdfPagesAsync(hostile(inflatingPdf(12, 16 * 1024 * 1024, { checksum: 'wrong' })))).rejects.toMatchObject({
			reason: 'malformed',
			message: expect.stringContaining('inflate to more than')
		})
	})

	test('a stream behind an expanding filter with no useful bound (LZW) is not handed to pdf.js', async () => {
		await expect(extractPdfPagesAsync(hostile(inflatingPdf(1, 16, { filter: '/LZWDecode' })))).rejects.toMatchObject({
			reason: 'unexpected_format'
		})
	})
})
