/** Consecutive batches of a job sent as one message: `batch` and the `batches - 1` after it. */
export type BatchRange = { batch: number; batches: number }

/**
 * The messages that carry `batches` of a job, `perMessage` batches to a message at most: batch b
 * belongs to message floor(b / perMessage) always, so a job's batches published again (a worker
 * starting, a second click) fall in the messages they were first sent in. A message spans its
 * first to its last listed batch; a batch in between that is not listed is already stored and is
 * skipped when the message is handled.
 */
export function batchRanges(batches: readonly number[], perMessage: number): BatchRange[] {
	const byMessage = new Map<number, { first: number; last: number }>()
	for (const batch of batches) {
		const message = Math.floor(batch / perMessage)
		const range = byMessage.get(message)
		if (range) {
			range.first = Math.min(range.first, batch)
			range.last = Math.max(range.last, batch)
		} else byMessage.set(message, { first: batch, last: batch })
	}
	return [...byMessage].sort(([a], [b]) => a - b).map(([, range]) => ({ batch: range.first, batches: range.last - range.first + 1 }))
}
