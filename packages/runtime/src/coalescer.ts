import { type TraceContext, captureTraceContext, inBatchSpan } from '@lv/tracing'
import { type StartTimer, withDeadline } from '@lv/clock'

/**
 * Turns many concurrent single requests into few batch statements: while `maxInFlight` batches are
 * in flight, new items queue; when one settles, everything queued goes out together as the next
 * batch. A coalescer with room sends at the end of the current event-loop turn (setImmediate), so
 * everything submitted while this turn handles its I/O travels together and a lone request waits
 * for nothing else: on a busy replica that means fewer, fuller batches (measured against sending
 * after the current microtasks: ADR 0008, session 4). A failed batch rejects each
 * of its items. With `timeoutMs`, a batch not settled in time is failed with a `DeadlineError`
 * and its slot freed: a send that never settles (a connection wedged under it) would otherwise hold
 * every later item forever. Its late result, if any, is ignored. With tracing, a batch is sent inside
 * the span `trace.name`: a child of its first item's caller, linked to the other callers.
 */
export type Coalescer<I, R> = {
	submit(item: I): Promise<R>
	/** Batches sent so far (tests and benches read it to see the coalescing happen). */
	readonly batchesSent: number
	readonly itemsSent: number
}

type Waiting<I, R> = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void; caller: TraceContext | undefined }

export type CoalescerOptions = {
	maxBatch?: number
	maxInFlight?: number
	timeoutMs?: number
	startTimer?: StartTimer
	/** The span a batch is sent in when tracing (e.g. a PostgreSQL statement: `db.system.name`). */
	trace?: { name: string; attributes?: Record<string, string> }
}

export function createCoalescer<I, R>(
	send: (items: readonly I[]) => Promise<readonly R[]>,
	options: CoalescerOptions = {}
): Coalescer<I, R> {
	const maxBatch = options.maxBatch ?? 1000
	const maxInFlight = options.maxInFlight ?? 1
	const traceName = options.trace?.name ?? 'batch'
	const traceAttributes = options.trace?.attributes ?? {}
	let queue: Waiting<I, R>[] = []
	let inFlight = 0
	let scheduled = false
	let batchesSent = 0
	let itemsSent = 0

	function schedule() {
		if (inFlight >= maxInFlight || scheduled || queue.length === 0) return
		scheduled = true
		setImmediate(flush)
	}

	function flush() {
		scheduled = false
		const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch)
		queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch)
		inFlight++
		batchesSent++
		itemsSent += batch.length
		let sending: Promise<readonly R[]>
		try {
			const items = batch.map((waiting) => waiting.item)
			sending =
				batch[0]?.caller === undefined
					? send(items)
					: inBatchSpan(
							traceName,
							batch.map((waiting) => waiting.caller),
							traceAttributes,
							() => send(items)
						)
		} catch (error) {
			sending = Promise.reject(error)
		}
		if (options.timeoutMs !== undefined) sending = withDeadline(sending, options.timeoutMs, { startTimer: options.startTimer })
		sending
			.then(
				(results) => {
					if (results.length !== batch.length) throw new Error(`batch returned ${results.length} results for ${batch.length} items`)
					batch.forEach((waiting, index) => waiting.resolve(results[index] as R))
				},
				(error: unknown) => {
					for (const waiting of batch) waiting.reject(error)
				}
			)
			.catch((error: unknown) => {
				for (const waiting of batch) waiting.reject(error)
			})
			.finally(() => {
				inFlight--
				schedule()
			})
	}

	return {
		submit(item) {
			return new Promise<R>((resolve, reject) => {
				queue.push({ item, resolve, reject, caller: captureTraceContext() })
				schedule()
			})
		},
		get batchesSent() {
			return batchesSent
		},
		get itemsSent() {
			return itemsSent
		}
	}
}
