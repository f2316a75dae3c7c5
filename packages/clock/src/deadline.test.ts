import { describe, expect, test } from 'bun:test'
import { DeadlineError, ManualTimers, settlesWithin, withDeadline } from './deadline.ts'

/** A promise the test settles by hand. */
function manualWork<T>() {
	let settle: { resolve(value: T): void; reject(error: Error): void } = { resolve: () => {}, reject: () => {} }
	const work = new Promise<T>((resolve, reject) => {
		settle = { resolve, reject }
	})
	return { work, ...settle }
}

describe('withDeadline', () => {
	test('work settled before the deadline keeps its outcome and cancels its timer', async () => {
		const timers = new ManualTimers()
		const { work, resolve } = manualWork<string>()
		const bounded = withDeadline(work, 500, { startTimer: timers.startTimer })
		resolve('answer')
		expect(await bounded).toBe('answer')
		expect(timers.pending.map((timer) => ({ ms: timer.ms, cancelled: timer.cancelled }))).toEqual([{ ms: 500, cancelled: true }])
	})

	test('past the deadline the answer is a DeadlineError naming the bound, and a late outcome changes nothing', async () => {
		const timers = new ManualTimers()
		const { work, resolve } = manualWork<string>()
		const bounded = withDeadline(work, 500, { startTimer: timers.startTimer })
		timers.fireAll()
		resolve('late')
		const error = await bounded.catch((caught: unknown) => caught)
		expect({ deadline: error instanceof DeadlineError, message: (error as Error).message }).toEqual({
			deadline: true,
			message: 'not settled within 500 ms'
		})
	})

	test('past the deadline the rejection is the error asked for, and onExpired runs after it: work it fails cannot win the race', async () => {
		const timers = new ManualTimers()
		const { work, reject } = manualWork<string>()
		const own = new Error('own deadline')
		const bounded = withDeadline(work, 500, {
			startTimer: timers.startTimer,
			error: () => own,
			onExpired: () => reject(new Error('cancelled by onExpired'))
		})
		timers.fireAll()
		expect(await bounded.catch((caught: unknown) => caught)).toBe(own)
	})
})

describe('settlesWithin', () => {
	test('is true for work fulfilled in time, false for work rejected or past the deadline', async () => {
		const timers = new ManualTimers()
		const fulfilled = settlesWithin(Promise.resolve('yes'), 500, timers.startTimer)
		const rejected = settlesWithin(Promise.reject(new Error('no')), 500, timers.startTimer)
		const stalled = settlesWithin(new Promise(() => {}), 500, timers.startTimer)
		await Promise.all([fulfilled, rejected])
		timers.fireAll()
		expect([await fulfilled, await rejected, await stalled]).toEqual([true, false, false])
	})
})

describe('ManualTimers', () => {
	test('started waits for a timer not cancelled, and fireAll fires only those, once', async () => {
		const timers = new ManualTimers()
		const fired: string[] = []
		timers.startTimer(10, () => fired.push('cancelled'))()
		let started = false
		const waiting = timers.started().then(() => {
			started = true
		})
		await Promise.resolve()
		expect(started).toBe(false)
		timers.startTimer(20, () => fired.push('live'))
		await waiting
		timers.fireAll()
		timers.fireAll()
		expect(fired).toEqual(['live'])
	})
})
