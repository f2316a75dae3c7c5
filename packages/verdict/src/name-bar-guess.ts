import { NAME_MATCH_LOW } from './name-bounds.ts'
import type { NameScan } from './name-search.ts'

/*
 * A guess of the bar a name stage ends at (the limit-th best operator's score), learnt per name scan
 * and limit from the checks before (ADR 0067). scoreNames first scans the names of the query's first
 * character held to the guess, where the count and the cap pass drop far more names than at
 * NAME_MATCH_LOW, and scans them again at its own bar only when the guess proves too high. The
 * guess decides what a check costs, never its answer.
 *
 * Learnt as a running quantile: each check's bar moves the guess up by STEP * BELOW when it ends at
 * or above it, down by STEP * (1 - BELOW) when below (a check with fewer than `limit` operators
 * ends below every bar), so about BELOW of the checks end below the guess and scan their first
 * pass twice. A scan whose checks rarely fill the limit (a small register) keeps its guess at
 * NAME_MATCH_LOW and never scans twice.
 */

/** The share of checks the guess leaves below it (their first pass is scanned twice); the fewer, the lower the guess (ADR 0067). */
const BELOW = 0.25
const STEP = 0.002
/** A guess this little above NAME_MATCH_LOW would drop few more names than the check's own bar does. */
const LEAST_GAIN = 0.005

const guesses = new WeakMap<NameScan, Map<number, number>>()

/** The bar to try first for a check of `limit` operators on `scan`; NAME_MATCH_LOW when none is worth a round. */
export function guessedBar(scan: NameScan, limit: number): number {
	const guess = guesses.get(scan)?.get(limit) ?? NAME_MATCH_LOW
	return guess >= NAME_MATCH_LOW + LEAST_GAIN ? guess : NAME_MATCH_LOW
}

/** Moves the guess for `limit` on `scan` toward the bar a check ended at (`bar`: 0 when fewer than `limit` operators reached). */
export function learnBar(scan: NameScan, limit: number, bar: number): void {
	let byLimit = guesses.get(scan)
	if (!byLimit) {
		byLimit = new Map()
		guesses.set(scan, byLimit)
	}
	const guess = byLimit.get(limit) ?? NAME_MATCH_LOW
	const moved = guess + (bar < guess ? -STEP * (1 - BELOW) : STEP * BELOW)
	byLimit.set(limit, Math.min(1, Math.max(NAME_MATCH_LOW, moved)))
}
