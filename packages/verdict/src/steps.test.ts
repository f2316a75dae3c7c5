import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { runAtOnce, runInTurns, sortInSlices, sortNumbersInSlices, type Steps } from './steps.ts'

/** `count` pseudo-random numbers below `below` from `seed` (a few equal ones among them). */
function numbers(count: number, seed: number, below: number): number[] {
	let state = seed >>> 0 || 1
	return Array.from({ length: count }, () => {
		state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5
		return (state >>> 0) % below
	})
}

/** How many slices the steps ran in, and their result. */
function sliced<T>(steps: Steps<T>): { slices: number; result: T } {
	let slices = 1
	for (;;) {
		const step = steps.next()
		if (step.done) return { slices, result: step.value }
		slices++
	}
}

describe('work in slices', () => {
	test('sorts by a comparison as the engine sorts, over runs and merges of any length', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer(), (count, seed) => {
				const values = numbers(count, seed, 5_000)
				// By the number's last digit, then descending: equal last digits keep no order of their own.
				const compare = (a: number, b: number) => (a % 10) - (b % 10) || b - a
				const { result } = sliced(sortInSlices(Int32Array.from(values), compare))
				expect([...result]).toEqual([...values].sort(compare))
			}),
			{ numRuns: 25 }
		)
	})

	test('sorts unsigned numbers ascending as the engine sorts them, high bits included', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 150_000 }), fc.integer(), (count, seed) => {
				const values = Uint32Array.from(numbers(count, seed, 2 ** 32))
				const { result } = sliced(sortNumbersInSlices(values.slice()))
				expect(result).toEqual(values.slice().sort())
			}),
			{ numRuns: 10 }
		)
	})

	test('a long sort runs in many slices, a short one in one', () => {
		expect(sliced(sortNumbersInSlices(Uint32Array.from(numbers(300_000, 7, 2 ** 32)))).slices).toBeGreaterThan(8)
		expect(sliced(sortInSlices(Int32Array.from(numbers(50_000, 7, 1000)), (a, b) => a - b)).slices).toBeGreaterThan(20)
		expect(sliced(sortInSlices(Int32Array.from(numbers(100, 7, 1000)), (a, b) => a - b)).slices).toBe(1)
	})

	test('in turns, a turn comes between every two slices; at once, none', async () => {
		function* three(): Steps<string> {
			yield
			yield
			return 'done'
		}
		let turns = 0
		expect(await runInTurns(three(), async () => void turns++)).toBe('done')
		expect(turns).toBe(2)
		expect(runAtOnce(three())).toBe('done')
	})
})
