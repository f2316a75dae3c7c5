import { describe, expect, test } from 'bun:test'
import { buildTextPdf } from '../../scripts/text-pdf.ts'
import { extractPdfPages, extractPdfPagesAsync } from './pdf.ts'
import { textFile } from './test-support.ts'

const url = 'https://example.test/register.pdf'
const pdf = buildTextPdf(
	[[{ x: 10, y: 500, text: 'Jack’s (Curaçao) N.V.' }, { x: 200, y: 500, text: 'B2C' }, { x: 10, y: 480, text: 'second line' }], [{ x: 10, y: 500, text: 'page two' }]],
	{ title: 't', producer: 'p', created: '20260101000000Z' }
)

describe('extractPdfPages', () => {
	test('reads each page in order, WinAnsi characters included', () => {
		const pages = extractPdfPages({ url, bytes: pdf, contentType: 'application/pdf' })
		expect(pages).toEqual(['Jack’s (Curaçao) N.V.\nB2C\nsecond line', 'page two'])
	})

	test('a PDF cut before %%EOF is truncated; other bytes are unexpected_format; nothing is empty', () => {
		expect(() => extractPdfPages({ url, bytes: pdf.slice(0, pdf.length - 200), contentType: null })).toThrow(expect.objectContaining({ reason: 'truncated' }))
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
		await expect(extractPdfPagesAsync({ url, bytes: pdf.slice(0, 300), contentType: null })).rejects.toMatchObject({ name: 'RegisterParseError' })
	})
})
