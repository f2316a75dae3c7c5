/*
 * Work done in slices (ADR 0064): a generator that yields after each slice of a few milliseconds and
 * returns its result. A rebuild runs its long steps so, a slice per event-loop turn, on the thread that
 * answers checks; a build wanted at once (a test, a load before checks are answered) runs them in one go.
 */

/** Slices of work ending in a T. */
export type Steps<T> = Generator<void, T, undefined>

/** Every slice at once. */
export function runAtOnce<T>(steps: Steps<T>): T {
	for (;;) {
		const step = steps.next()
		if (step.done) return step.value
	}
}

/** A slice per `turn()`: checks are answered between the slices. */
export async function runInTurns<T>(steps: Steps<T>, turn: () => Promise<void>): Promise<T> {
	for (;;) {
		const step = steps.next()
		if (step.done) return step.value
		await turn()
	}
}

/** Sorted runs per slice at first, then elements merged per slice: a few milliseconds each. */
const SORTED_PER_SLICE = 1 << 11
const MERGED_PER_SLICE = 1 << 15
/** Numbers counted or placed per slice of sortNumbersInSlices. */
const PLACED_PER_SLICE = 1 << 16
const DIGIT_BITS = 11
const DIGIT = (1 << DIGIT_BITS) - 1

/**
 * `work(from, to)` over [0, count) in ranges of `perSlice`, yielding between them. The loops are in
 * `work`, an ordinary function the engine compiles as it runs, not in the generator: loops with a
 * yield in them ran a few times slower.
 */
export function* inSlices(count: number, perSlice: number, work: (from: number, to: number) => void): Steps<void> {
	for (let from = 0; from < count; from += perSlice) {
		if (from > 0) yield
		work(from, Math.min(count, from + perSlice))
	}
}

/** `a` and `b`, each in `compare`'s order, merged into `out` from `at`; `a`'s element first on a tie. */
export function* mergeRunsInSlices(
	a: Int32Array,
	b: Int32Array,
	compare: (a: number, b: number) => number,
	out: Int32Array,
	at = 0
): Steps<Int32Array> {
	let [i, j] = [0, 0]
	yield* inSlices(a.length + b.length, MERGED_PER_SLICE, (from, to) => {
		let k = at + from
		const stop = at + to
		while (k < stop && i < a.length && j < b.length)
			out[k++] = compare(a[i] as number, b[j] as number) <= 0 ? (a[i++] as number) : (b[j++] as number)
		while (k < stop && i < a.length) out[k++] = a[i++] as number
		while (k < stop && j < b.length) out[k++] = b[j++] as number
	})
	return out
}

/**
 * `values` sorted by `compare` (a stable merge sort: runs sorted a slice each, then merged in slices).
 * Returns the sorted array: `values` itself or a buffer of its length.
 */
export function* sortInSlices(values: Int32Array, compare: (a: number, b: number) => number): Steps<Int32Array> {
	yield* inSlices(values.length, SORTED_PER_SLICE, (from, to) => {
		values.subarray(from, to).sort(compare)
	})
	let [source, target] = [values, values.length > SORTED_PER_SLICE ? values.slice() : values]
	for (let run = SORTED_PER_SLICE; run < values.length; run *= 2) {
		for (let from = 0; from < values.length; from += 2 * run) {
			const middle = Math.min(from + run, values.length)
			const end = Math.min(from + 2 * run, values.length)
			yield* mergeRunsInSlices(source.subarray(from, middle), source.subarray(middle, end), compare, target, from)
			// Short merges would otherwise run one after another in a slice.
			yield
		}
		;[source, target] = [target, source]
	}
	return source
}

/**
 * `values` sorted ascending, in slices: a radix sort, three passes of 11 bits after one that counts
 * every pass's digits (each slice counts or places some). Returns the sorted array: `values` or a buffer
 * of its length.
 */
export function* sortNumbersInSlices(values: Uint32Array): Steps<Uint32Array> {
	const shifts = [0, DIGIT_BITS, 2 * DIGIT_BITS]
	const starts = shifts.map(() => new Uint32Array(DIGIT + 2))
	const [low, middle, high] = starts as [Uint32Array, Uint32Array, Uint32Array]
	yield* inSlices(values.length, PLACED_PER_SLICE, (from, to) => {
		for (let at = from; at < to; at++) {
			const value = values[at] as number
			low[(value & DIGIT) + 1] = (low[(value & DIGIT) + 1] as number) + 1
			middle[((value >>> DIGIT_BITS) & DIGIT) + 1] = (middle[((value >>> DIGIT_BITS) & DIGIT) + 1] as number) + 1
			high[(value >>> (2 * DIGIT_BITS)) + 1] = (high[(value >>> (2 * DIGIT_BITS)) + 1] as number) + 1
		}
	})
	let [source, target]: [Uint32Array, Uint32Array] = [values, new Uint32Array(values.length)]
	for (const [pass, shift] of shifts.entries()) {
		const next = starts[pass] as Uint32Array
		for (let digit = 1; digit < next.length; digit++) next[digit] = (next[digit] as number) + (next[digit - 1] as number)
		yield* inSlices(source.length, PLACED_PER_SLICE, (from, to) => {
			for (let at = from; at < to; at++) {
				const value = source[at] as number
				const digit = (value >>> shift) & DIGIT
				target[next[digit] as number] = value
				next[digit] = (next[digit] as number) + 1
			}
		})
		;[source, target] = [target, source]
	}
	return source
}
