import { describe, expect, test } from 'bun:test'
import { createCoalescer } from './coalescer.ts'
import { DeadlineError, ManualTimers } from '@lv/clock'

/** A send function whose batches the test settles by hand. */
function manualSender() {
	const batches: { items: readonly number[]; settle(results: readonly string[]): void; fail(error: Error): void }[] = []
	const send = (items: readonly number[]) =>
		new Promise<readonly string[]>((resolve, reject) => {
			batches.push({ items, settle: resolve, fail: reject })
		})
	return { batches, send }
}

/** Two event-loop turns: the coalescer sends at the end of the turn in which it gets room. */
const settled = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)))

describe('coalescer', () => {
	test('an idle coalescer sends a lone item at the end of the event-loop turn, as a batch of one', async () => {
		const { batches, send } = manualSender()
		const coalescer = createCoalescer(send)
		const result = coalescer.submit(1)
		await settled()
		expect(batches.map((batch) => batch.items)).toEqual([[1]])
		batches[0]?.settle(['one'])
		expect(await result).toBe('one')
	})

	test('items submitted while a batch is in flight go out together as the next batch, each answered in arrival order', async () => {
		const { batches, send } = manualSender()
		const coalescer = createCoalescer(send)
		const first = coalescer.submit(1)
		await settled()
		const waiting = [2, 3, 4].map((item) => coalescer.submit(item))
		await settled()
		expect(batches).toHaveLength(1)
		batches[0]?.settle(['r1'])
		await settled()
		expect(batches.map((batch) => batch.items)).toEqual([[1], [2, 3, 4]])
		batches[1]?.settle(['r2', 'r3', 'r4'])
		expect([await first, ...(await Promise.all(waiting))]).toEqual(['r1', 'r2', 'r3', 'r4'])
		expect({ batches: coalescer.batchesSent, items: coalescer.itemsSent }).toEqual({ batches: 2, items: 4 })
	})

	test('items submitted in the same tick travel in one batch', async () => {
		const { batches, send } = manualSender()
		const coalescer = createCoalescer(send)
		const results = Promise.all([5, 6, 7].map((item) => coalescer.submit(item)))
		await settled()
		expect(batches.map((batch) => batch.items)).toEqual([[5, 6, 7]])
		batches[0]?.settle(['a', 'b', 'c'])
		expect(await results).toEqual(['a', 'b', 'c'])
	})

	test('a failed batch rejects each of its items, and the items queued behind it still go out', async () => {
		const { batches, send } = manualSender()
		const coalescer = createCoalescer(send)
		const failing = [1, 2].map((item) => coalescer.submit(item).catch((error: Error) => error.message))
		await settled()
		const next = coalescer.submit(3)
		batches[0]?.fail(new Error('store down'))
		expect(await Promise.all(failing)).toEqual(['store down', 'store down'])
		await settled()
		batches[1]?.settle(['three'])
		expect(await next).toBe('three')
	})

	test('a send that answers the wrong number of results rejects the batch rather than mismatch answers', async () => {
		const coalescer = createCoalescer(async (items: readonly number[]) => items.slice(1).map(String))
		expect(await Promise.all([1, 2].map((item) => coalescer.submit(item).catch(() => 'rejected')))).toEqual(['rejected', 'rejected'])
	})

	test('a long queue is split into batches of at most maxBatch', async () => {
		const { batches, send } = manualSender()
		const coalescer = createCoalescer(send, { maxBatch: 2 })
		const results = Promise.all([1, 2, 3, 4, 5].map((item) => coalescer.submit(item)))
		for (let index = 0; index < 3; index++) {
			await settled()
			const batch = batches[index]
			batch?.settle(batch.items.map((item) => `r${item}`))
		}
		expect(batches.map((batch) => batch.items)).toEqual([[1, 2], [3, 4], [5]])
		expect(await results).toEqual(['r1', 'r2', 'r3', 'r4', 'r5'])
	})

	test('with maxInFlight 2 a second batch goes out while the first is in flight, and a third waits', async () => {
		const { batches, send } = manualSender()
		const coalescer = createCoalescer(send, { maxInFlight: 2 })
		const first = coalescer.submit(1)
		await settled()
		const second = coalescer.submit(2)
		await settled()
		const third = [3, 4].map((item) => coalescer.submit(item))
		await settled()
		expect(batches.map((batch) => batch.items)).toEqual([[1], [2]])
		batches[1]?.settle(['r2'])
		await settled()
		expect(batches.map((batch) => batch.items)).toEqual([[1], [2], [3, 4]])
		batches[0]?.settle(['r1'])
		batches[2]?.settle(['r3', 'r4'])
		expect([await first, await second, ...(await Promise.all(third))]).toEqual(['r1', 'r2', 'r3', 'r4'])
	})

	/** A coalescer with a 2-second deadline on timers the test fires by hand. */
	function withDeadline() {
		const { batches, send } = manualSender()
		const timers = new ManualTimers()
		return { batches, timers, coalescer: createCoalescer(send, { timeoutMs: 2000, startTimer: timers.startTimer }) }
	}

	test('a batch that never settles is failed at its deadline and frees its slot: the items queued behind it go out', async () => {
		const { batches, timers, coalescer } = withDeadline()
		const stuck = coalescer.submit(1)
		await settled()
		const queued = coalescer.submit(2)
		await settled()
		expect(batches.map((batch) => batch.items)).toEqual([[1]])
		expect(timers.pending.map((timer) => timer.ms)).toEqual([2000])
		timers.fireAll()
		await expect(stuck).rejects.toBeInstanceOf(DeadlineError)
		await settled()
		expect(batches.map((batch) => batch.items)).toEqual([[1], [2]])
		batches[1]?.settle(['two'])
		expect(await queued).toBe('two')
		// The stuck batch's late answer changes nothing.
		batches[0]?.settle(['late'])
		await expect(stuck).rejects.toBeInstanceOf(DeadlineError)
	})

	test('a batch settled in time cancels its deadline', async () => {
		const { batches, timers, coalescer } = withDeadline()
		const result = coalescer.submit(1)
		await settled()
		batches[0]?.settle(['one'])
		expect(await result).toBe('one')
		expect(timers.pending.map((timer) => timer.cancelled)).toEqual([true])
	})
})
