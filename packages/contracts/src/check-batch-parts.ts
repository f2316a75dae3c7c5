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
const COMMA = Buffer.from(',')

/**
 * A batch answer taken apart: its rows' JSON (each one row, or a run of rows already joined by commas) and
 * what follows them, `],"checked_jurisdictions":…}`.
 */
export type BatchAnswerPieces = { rows: readonly Uint8Array[]; rest: Uint8Array }

/** `{"results":[` and the rows joined by commas, then `rest`, copied once into one buffer of the exact length. */
export function joinBatchRows({ rows, rest }: BatchAnswerPieces): Uint8Array {
	const pieces: Uint8Array[] = [HEAD]
	for (let at = 0; at < rows.length; at++) {
		if (at > 0) pieces.push(COMMA)
		pieces.push(rows[at] as Uint8Array)
	}
	pieces.push(rest)
	// One native copy of every piece (Buffer.concat), rather than a call of `set` per row.
	return Buffer.concat(pieces)
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
