import { HOUR, MINUTE, SECOND } from '@lv/clock'

/** SPEC "Delivery rules": the first attempt plus 6 retries. */
export const MAX_ATTEMPTS = 7
/** Delay before attempt 2, 3, … 7, measured from the previous attempt. */
export const RETRY_DELAYS_MS = [30 * SECOND, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR, 24 * HOUR] as const
export const RETRY_JITTER = 0.2

/** A uniform source on [0, 1), like Math.random; injected so tests can pin the jitter. */
export type RandomSource = () => number

/** The delay before attempt `attemptsMade + 1`, jittered by ±20 %; null once 7 attempts were made. */
export function retryDelayMs(attemptsMade: number, random: RandomSource = Math.random): number | null {
	if (!Number.isInteger(attemptsMade) || attemptsMade < 1)
		throw new RangeError(`attemptsMade must be a positive integer, got ${attemptsMade}`)
	const base = RETRY_DELAYS_MS[attemptsMade - 1]
	if (base === undefined) return null
	const draw = random()
	if (!(draw >= 0 && draw <= 1)) throw new RangeError(`random source returned ${draw}, expected a value in [0, 1)`)
	return Math.round(base * (1 + RETRY_JITTER * (2 * draw - 1)))
}

/** When the next attempt is due, or null when the attempt just made was the 7th (the delivery is abandoned). */
export function nextAttemptAt(attemptsMade: number, lastAttemptAt: Date, random: RandomSource = Math.random): Date | null {
	const delay = retryDelayMs(attemptsMade, random)
	return delay === null ? null : new Date(lastAttemptAt.getTime() + delay)
}
