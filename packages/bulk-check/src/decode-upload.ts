export type DecodedUpload = { ok: true; text: string } | { ok: false; reason: 'binary_file' | 'not_utf8'; message: string }

const UTF8_BOM = [0xef, 0xbb, 0xbf]
/** Byte order marks of UTF-16 text, as Excel's "Unicode Text" and Notepad's "Unicode" save it. */
const UTF16_BOMS = [
	{ bom: [0xff, 0xfe], encoding: 'utf-16le' },
	{ bom: [0xfe, 0xff], encoding: 'utf-16be' }
] as const
const SAMPLE_BYTES = 64 * 1024

const NOT_TEXT: DecodedUpload = {
	ok: false,
	reason: 'binary_file',
	message: 'This file is not text (it holds binary data). Upload a CSV or a plain list, one domain per line.'
}
const SAVE_AS_UTF8 = 'Save it as "CSV UTF-8" and upload it again.'
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, index) => bytes[index] === byte)

/** The first line (1-based) whose bytes are not UTF-8, for a message that says where to look. */
function firstBadLine(bytes: Uint8Array): number {
	const decoder = new TextDecoder('utf-8', { fatal: true })
	let line = 1
	let start = 0
	for (let index = 0; index <= bytes.length; index++) {
		if (index < bytes.length && bytes[index] !== 0x0a) continue
		try {
			decoder.decode(bytes.subarray(start, index))
		} catch {
			return line
		}
		line++
		start = index + 1
	}
	return line
}

/**
 * Whether the bytes read as UTF-16 without a byte order mark: latin text in UTF-16 has a zero in every
 * other byte (the even ones in big-endian, the odd ones in little-endian), and none in the others.
 */
function looksLikeBomlessUtf16(sample: Uint8Array): boolean {
	let even = 0
	let odd = 0
	for (let index = 0; index < sample.length; index++) {
		if (sample[index] !== 0) continue
		if (index % 2 === 0) even++
		else odd++
	}
	const pairs = Math.floor(sample.length / 2)
	return pairs > 0 && (even === 0 || odd === 0) && Math.max(even, odd) >= pairs / 4
}

/** UTF-16 text with its byte order mark, or null when the bytes start with none. */
function decodeUtf16(bytes: Uint8Array): DecodedUpload | null {
	const marked = UTF16_BOMS.find(({ bom }) => startsWith(bytes, bom))
	if (!marked) return null
	try {
		const text = new TextDecoder(marked.encoding, { fatal: true }).decode(bytes.subarray(2))
		return text.includes('\u0000') ? NOT_TEXT : { ok: true, text }
	} catch {
		return { ok: false, reason: 'not_utf8', message: `This file starts as UTF-16 text but is not UTF-16 throughout. ${SAVE_AS_UTF8}` }
	}
}

/**
 * The text of an uploaded text list: UTF-8 (a BOM is dropped), or UTF-16 with its byte order mark. A
 * binary file whatever its name, or text in another or in mixed encodings, is refused as a whole with a
 * sentence saying why.
 */
export function decodeUpload(bytes: Uint8Array): DecodedUpload {
	const utf16 = decodeUtf16(bytes)
	if (utf16) return utf16
	const sample = bytes.subarray(0, SAMPLE_BYTES)
	if (sample.includes(0)) {
		if (!looksLikeBomlessUtf16(sample)) return NOT_TEXT
		return {
			ok: false,
			reason: 'not_utf8',
			message: `This file is UTF-16 text without a byte order mark, which cannot be read safely. ${SAVE_AS_UTF8}`
		}
	}
	const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes
	try {
		return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body) }
	} catch {
		return {
			ok: false,
			reason: 'not_utf8',
			message: `Line ${firstBadLine(body)} is not UTF-8 text (the file mixes encodings or uses another one). ${SAVE_AS_UTF8}`
		}
	}
}
