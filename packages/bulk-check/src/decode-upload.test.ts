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

	test('UTF-16 text with its byte order mark, little- or big-endian, is read', () => {
		const utf16le = [0xff, 0xfe, ...[...'bücher.example\nacmebet.co.uk\n'].flatMap((char) => [char.charCodeAt(0), 0])]
		expect(decodeUpload(bytes(utf16le))).toEqual({ ok: true, text: 'bücher.example\nacmebet.co.uk\n' })
		const utf16be = [0xfe, 0xff, ...[...'acmebet.co.uk\n'].flatMap((char) => [0, char.charCodeAt(0)])]
		expect(decodeUpload(bytes(utf16be))).toEqual({ ok: true, text: 'acmebet.co.uk\n' })
	})

	test('UTF-16 text without a byte order mark, and UTF-16 that breaks off, are refused with a message naming UTF-16', () => {
		const bomless = decodeUpload(bytes([...'acmebet.co.uk\n'].flatMap((char) => [char.charCodeAt(0), 0])))
		expect(bomless).toMatchObject({ ok: false, reason: 'not_utf8' })
		if (!bomless.ok) expect(bomless.message).toContain('UTF-16 text without a byte order mark')
		const broken = decodeUpload(bytes([0xff, 0xfe, 0x61, 0, 0x00, 0xd8, 0x62, 0]))
		expect(broken).toMatchObject({ ok: false, reason: 'not_utf8' })
		if (!broken.ok) expect(broken.message).toContain('not UTF-16 throughout')
	})

	test('a binary file that starts with a UTF-16 byte order mark is still refused as not text', () => {
		expect(decodeUpload(bytes([0xff, 0xfe, 0x7f, 0x45, 0, 0, 1, 0]))).toMatchObject({ ok: false, reason: 'binary_file' })
	})
})
