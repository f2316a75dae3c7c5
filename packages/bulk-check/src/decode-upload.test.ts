import { describe, expect, test } from 'bun:test'
import { decodeUpload } from './decode-upload.ts'

const bytes = (...parts: (string | number[])[]) =>
	new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)))

describe('decodeUpload', () => {
	test('UTF-8 text is read, its BOM dropped', () => {
		expect(decodeUpload(bytes([0xef, 0xbb, 0xbf], 'bücher.example\n'))).toEqual({ ok: true, text: 'bücher.example\n' })
	})

	test('a binary file named .csv is refused as not text', () => {
		expect(decodeUpload(bytes([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]))).toMatchObject({ ok: false, reason: 'binary_file' })
	})

	test('a Latin-1 line among UTF-8 lines is refused, naming the line', () => {
		const decoded = decodeUpload(bytes('bücher.example\nok.example\n', [0x62, 0xfc, 0x63, 0x68], '.example\n'))
		expect(decoded).toMatchObject({ ok: false, reason: 'not_utf8' })
		if (!decoded.ok) expect(decoded.message).toContain('Line 3 ')
	})
})
