import { type AnswerBytes, type AnswerMemo, type CheckIndex, batchEnvelope, batchRowBytes } from '@lv/verdict'

/** A batch row as the UTF-8 bytes of its JSON (`checkBatch`'s row), and its verdict (undefined for a row that failed). */
export type BatchRowAnswer = AnswerBytes<string | undefined>

const encoder = new TextEncoder()
const RESULTS_OPEN = encoder.encode('{"results":[')
const COMMA = 0x2c

/**
 * `{"results":[rows],` then `tail` (the envelope's members and its closing brace), copied once into one
 * buffer: a remembered row's bytes are reused as they are, never decoded, joined and encoded again.
 */
function joinRows(rows: readonly BatchRowAnswer[], tail: Uint8Array): Uint8Array {
	let length = RESULTS_OPEN.byteLength + Math.max(0, rows.length - 1) + tail.byteLength
	for (const row of rows) length += row.bytes.byteLength
	const out = new Uint8Array(length)
	out.set(RESULTS_OPEN, 0)
	let offset = RESULTS_OPEN.byteLength
	rows.forEach((row, at) => {
		if (at > 0) out[offset++] = COMMA
		out.set(row.bytes, offset)
		offset += row.bytes.byteLength
	})
	out.set(tail, offset)
	return out
}

/**
 * A `check.batch` answer as the bytes of `JSON.stringify(checkBatch(index, domains, { now }))`, with
 * each row of a domain remembered like a `check.many` answer (AnswerMemo: per index snapshot and
 * freshness state, kept once the same entry is asked again): the listed domains that batches carry
 * again and again then cost a lookup and a copy of their bytes instead of their verdict (about 33 µs
 * each at 500,000 links). `domains` has been validated as 1 to MAX_BATCH_DOMAINS entries (CheckBatchRequest).
 */
export function answerBatch(
	index: CheckIndex,
	now: Date,
	memo: AnswerMemo<BatchRowAnswer>,
	domains: readonly unknown[]
): { bytes: Uint8Array; rows: BatchRowAnswer[] } {
	const nowMs = now.getTime()
	const rows = domains.map((entry) =>
		typeof entry === 'string' ? memo.answer(index, nowMs, entry, () => batchRowBytes(index, entry, now)) : batchRowBytes(index, entry, now)
	)
	// checkBatch's answer with its rows' JSON written in: `{"results":[rows],` then the envelope's members.
	const tail = encoder.encode(`],${JSON.stringify(batchEnvelope(index, now)).slice(1)}`)
	return { bytes: joinRows(rows, tail), rows }
}
