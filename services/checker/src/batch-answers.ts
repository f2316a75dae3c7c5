import { type BatchRowBytes, answerTag, encodeBatchRows, joinBatchRows } from '@lv/contracts'
import { type AnswerBytes, type AnswerMemo, type CheckIndex, batchEnvelope, batchRowBytes } from '@lv/verdict'

/**
 * A batch row as the UTF-8 bytes of its JSON (`checkBatch`'s row), its verdict (undefined for a row that
 * failed), and its tag when the memo keeps it.
 */
export type BatchRowAnswer = AnswerBytes<string | undefined> & BatchRowBytes

const encoder = new TextEncoder()

/** A row computed afresh; tagged once the memo keeps it (asked before), so a gateway can hold it and offer it back. */
function freshRow(index: CheckIndex, entry: unknown, now: Date, kept: boolean): BatchRowAnswer {
	const row = batchRowBytes(index, entry, now)
	return kept ? { ...row, tag: answerTag(row.bytes) } : row
}

/**
 * A `check.batch` answer as the bytes of `JSON.stringify(checkBatch(index, domains, { now }))`, with
 * each row of a domain remembered like a `check.many` answer (AnswerMemo: per index snapshot and
 * freshness state, kept once the same entry is asked again): the listed domains that batches carry
 * again and again then cost a lookup and a copy of their bytes instead of their verdict (about 33 µs
 * each at 500,000 links). With `known` (the sender's tags, one per entry), the rows go framed instead
 * (encodeBatchRows): a kept row the sender already holds travels without its bytes.
 * `domains` has been validated as 1 to MAX_BATCH_DOMAINS entries (CheckBatchRequest).
 */
export function answerBatch(
	index: CheckIndex,
	now: Date,
	memo: AnswerMemo<BatchRowAnswer>,
	domains: readonly unknown[],
	known?: readonly string[]
): { bytes: Uint8Array; rows: BatchRowAnswer[] } {
	const nowMs = now.getTime()
	const rows = domains.map((entry) =>
		typeof entry === 'string'
			? memo.answer(index, nowMs, entry, (kept) => freshRow(index, entry, now, kept))
			: freshRow(index, entry, now, false)
	)
	// checkBatch's answer with its rows' JSON written in: `{"results":[rows],` then the envelope's members.
	const rest = encoder.encode(`],${JSON.stringify(batchEnvelope(index, now)).slice(1)}`)
	const bytes = known === undefined ? joinBatchRows({ rows: rows.map((row) => row.bytes), rest }) : encodeBatchRows(rows, known, rest)
	return { bytes, rows }
}
