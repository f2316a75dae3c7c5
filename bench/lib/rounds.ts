import type { WrkResult } from './wrk.ts'

/**
 * This 2-CPU VM drifts by tens of percent from one minute to the next, so the benches run every
 * scenario in several alternating rounds and report medians: a ratio between two routes is taken
 * within each round (both measured minutes apart at most), then the median of those ratios.
 */
export const BENCH_ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3))

export const median = (values: readonly number[]): number => {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** The round whose req/s is the median one (its latencies come with it). */
export function medianRun<T extends WrkResult>(runs: readonly T[]): T {
	const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
	return sorted[Math.floor((sorted.length - 1) / 2)] as T
}

/** The median over rounds of `measure(round)`, for rounds where both scenarios ran. */
export function medianOverRounds(rounds: number, measure: (round: number) => number | undefined): number {
	const values: number[] = []
	for (let round = 0; round < rounds; round++) {
		const value = measure(round)
		if (value !== undefined && Number.isFinite(value)) values.push(value)
	}
	return values.length === 0 ? Number.NaN : median(values)
}
