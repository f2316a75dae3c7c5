import { type FramedAnswer, UNCHANGED, decodeFramedAnswers, encodeFramedAnswers } from './check-many.ts'

/**
 * `entries` cut into runs of `size`, in order: a batch sent as several `check.batch` messages, which
 * the checker replicas of the queue group answer side by side (ADR 0033).
 */
export function batchParts<T>(entries: readonly T[], size: number): T[][] {
	const parts: T[][] = []
	for (let start = 0; start < entries.length; start += size) parts.push(entries.slice(start, start + size))
	return parts
}

// The checker writes a batch answer as JSON.stringify({ results, checked_jurisdictions, _meta }).
const HEAD = Buffer.from('{"results":[')
// Searched from the end: what follows the rows (jurisdiction codes, times) never holds a caller's text.
const AFTER_ROWS = Buffer.from('],"checked_jurisdictions":')
const COMMA = 0x2c

/**
 * A batch answer taken apart: its rows' JSON (each one row, or a run of rows already joined by commas) and
 * what follows them, `],"checked_jurisdictions":…}`.
 */
export type BatchAnswerPieces = { rows: readonly Uint8Array[]; rest: Uint8Array }

/** `{"results":[` and the rows joined by commas, then `rest`, copied once into one buffer of the exact length. */
export function joinBatchRows({ rows, rest }: BatchAnswerPieces): Uint8Array {
	let length = HEAD.byteLength + Math.max(0, rows.length - 1) + rest.byteLength
	for (const row of rows) length += row.byteLength
	const out = new Uint8Array(length)
	out.set(HEAD, 0)
	let offset = HEAD.byteLength
	for (let at = 0; at < rows.length; at++) {
		const row = rows[at] as Uint8Array
		if (at > 0) out[offset++] = COMMA
		out.set(row, offset)
		offset += row.byteLength
	}
	out.set(rest, offset)
	return out
}

/** A batch answer as its rows (one run) and what follows them; throws on an answer of another shape. */
export function batchAnswerPieces(answer: Uint8Array): BatchAnswerPieces {
	const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength)
	const end = bytes.lastIndexOf(AFTER_ROWS)
	if (end < HEAD.length || !bytes.subarray(0, HEAD.length).equals(HEAD))
		throw new Error('a batch answer is not { "results": [...], "checked_jurisdictions": ... }')
	return { rows: [bytes.subarray(HEAD.length, end)], rest: bytes.subarray(end) }
}

/**
 * The answers to a batch's parts (in the parts' order) as one batch answer, joined as bytes without
 * parsing the rows: every part's rows in the order sent; `checked_jurisdictions` and `_meta` are the
 * first part's.
 */
export function joinBatchAnswers(parts: readonly (Uint8Array | BatchAnswerPieces)[]): Uint8Array {
	if (parts.length === 1 && parts[0] instanceof Uint8Array) return parts[0]
	const pieces = parts.map((part) => (part instanceof Uint8Array ? batchAnswerPieces(part) : part))
	const [first] = pieces
	if (first === undefined) throw new Error('a batch has at least one part')
	return joinBatchRows({ rows: pieces.flatMap((piece) => piece.rows), rest: first.rest })
}

/**
 * A batch row as the checker has it: its JSON's bytes, and its tag (answerTag) when the checker keeps the row
 * (asked before on its state), so that a gateway may hold it and offer the tag back as `known`.
 */
export type BatchRowBytes = { readonly bytes: Uint8Array; readonly tag?: string | undefined }

const NO_BYTES = new Uint8Array(0)

/**
 * The reply to a `check.batch` that offered `known` tags (one per entry, '' for none): the rows and what
 * follows them as framed answers (encodeFramedAnswers, starting with `[`, where a plain answer starts with
 * `{`): a row whose tag equals the one offered for its entry is UNCHANGED with no bytes, any other row is
 * status 200 with its bytes and its tag if it has one; the last frame is `rest`.
 */
export function encodeBatchRows(rows: readonly BatchRowBytes[], known: readonly string[], rest: Uint8Array): Uint8Array {
	const frames = rows.map((row, at): FramedAnswer => {
		if (row.tag === undefined) return { status: 200, body: row.bytes }
		return row.tag === known[at] ? { status: UNCHANGED, body: NO_BYTES } : { status: 200, body: row.bytes, tag: row.tag }
	})
	frames.push({ status: 200, body: rest })
	return encodeFramedAnswers(frames)
}

/** A reply written by encodeBatchRows (it starts with `[`); a plain batch answer starts with `{`. */
export const isFramedBatchReply = (reply: Uint8Array) => reply[0] === 0x5b

/** The inverse of encodeBatchRows: the rows' frames and `rest`; throws on anything it did not write. */
export function decodeBatchRows(reply: Uint8Array): { rows: FramedAnswer[]; rest: Uint8Array } {
	const frames = decodeFramedAnswers(reply)
	const rest = frames.pop()
	if (rest === undefined || rest.status !== 200) throw new Error('batch rows: no answer tail')
	return { rows: frames, rest: rest.body }
}
