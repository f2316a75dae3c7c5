import type { FetchedFile } from '../types.ts'
import { parseError } from './parse-error.ts'

// biome-ignore lint/suspicious/noMisleadingCharacterClass: each zero-width character is removed on its own, the joiner included
const ZERO_WIDTH = /[\u200b\u200c\u200d\u2060\ufeff]/g

/** Removes zero-width characters and the BOM, wherever they sit. */
export function stripZeroWidth(value: string): string {
	return value.replace(ZERO_WIDTH, '')
}

/** Collapses every run of whitespace (including NBSP and line breaks) to one space and trims. */
export function squish(value: string): string {
	return value.replace(/[\s\u00a0]+/g, ' ').trim()
}

/**
 * Decodes a fetched file as UTF-8 (BOM dropped). Empty or whitespace-only content is `empty`;
 * bytes that are not UTF-8 are `encoding`; a NUL byte (a binary file served in its place) is
 * `unexpected_format`.
 */
export function decodeUtf8(file: FetchedFile): string {
	if (file.bytes.length === 0) throw parseError('empty', 'file is empty', file)
	let text: string
	try {
		text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file.bytes)
	} catch {
		throw parseError('encoding', 'file is not valid UTF-8', file)
	}
	if (text.trim() === '') throw parseError('empty', 'file holds only whitespace', file)
	if (text.includes('\u0000')) throw parseError('unexpected_format', 'file holds binary data', file)
	return text
}

/** Whether the bytes start like a PDF document. */
export function isPdf(bytes: Uint8Array): boolean {
	return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-'
}
