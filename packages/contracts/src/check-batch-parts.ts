/**
 * Domains per `check.batch` message. A batch of 100 travels as four messages, which the checker
 * replicas of the queue group answer side by side; one replica answers them one after another, with
 * other checks answered in between instead of waiting behind all 100 domains (ADR 0033).
 */
export const BATCH_PART_DOMAINS = 25

/** `entries` cut into runs of `size`, in order. */
export function batchParts<T>(entries: readonly T[], size = BATCH_PART_DOMAINS): T[][] {
	const parts: T[][] = []
	for (let start = 0; start < entries.length; start += size) parts.push(entries.slice(start, start + size))
	return parts
}

/** A checker's answer to one `check.batch` message, parsed: `results` in the order sent, then the batch's metadata. */
export type BatchAnswer = Record<string, unknown> & { results?: unknown }

/**
 * The answers to a batch's parts (in the parts' order) as one batch answer: every part's rows in
 * the order sent; `checked_jurisdictions` and `_meta` are the first part's.
 */
export function joinBatchAnswers(parts: readonly BatchAnswer[]): BatchAnswer {
	const [first, ...rest] = parts
	if (first === undefined) throw new Error('a batch has at least one part')
	const rowsOf = (part: BatchAnswer) => (Array.isArray(part.results) ? (part.results as unknown[]) : [])
	return { ...first, results: [first, ...rest].flatMap(rowsOf) }
}
