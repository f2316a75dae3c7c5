export type DecodedUpload = { ok: true; text: string } | { ok: false; reason: 'binary_file' | 'not_utf8'; message: string }

const UTF8_BOM = [0xef, 0xbb, 0xbf]
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
 * The text of an uploaded text list: UTF-8 (a BOM is dropped). A binary file whatever its name, or
 * text in another or in mixed encodings, is refused as a whole with a sentence saying why.
 */
export function decodeUpload(bytes: Uint8Array): DecodedUpload {
	if (bytes.subarray(0, 64 * 1024).includes(0)) {
		return {
			ok: false,
			reason: 'binary_file',
			message: 'This file is not text (it holds binary data). Upload a CSV or a plain list, one domain per line.'
		}
	}
	const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes
	try {
		return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body) }
	} catch {
		return {
			ok: false,
			reason: 'not_utf8',
			message: `Line ${firstBadLine(body)} is not UTF-8 text (the file mixes encodings or uses another one). Save it as "CSV UTF-8" and upload it again.`
		}
	}
}
