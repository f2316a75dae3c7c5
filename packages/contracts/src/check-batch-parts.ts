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

/**
 * The answers to a batch's parts (in the parts' order) as one batch answer, joined as bytes without
 * parsing the rows: every part's rows in the order sent; `checked_jurisdictions` and `_meta` are the
 * first part's.
 */
export function joinBatchAnswers(parts: readonly Uint8Array[]): Uint8Array {
	if (parts.length === 1 && parts[0]) return parts[0]
	const pieces = parts.map((part) => {
		const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength)
		const end = bytes.lastIndexOf(AFTER_ROWS)
		if (end < HEAD.length || !bytes.subarray(0, HEAD.length).equals(HEAD))
			throw new Error('a batch answer is not { "results": [...], "checked_jurisdictions": ... }')
		return { rows: bytes.subarray(HEAD.length, end), rest: bytes.subarray(end) }
	})
	const [first] = pieces
	if (first === undefined) throw new Error('a batch has at least one part')
	const comma = Buffer.from(',')
	return Buffer.concat([HEAD, ...pieces.flatMap(({ rows }, i) => (i === 0 ? [rows] : [comma, rows])), first.rest])
}
