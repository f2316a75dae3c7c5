/** A fixed counting window: [startMs, resetMs). Every limit in SPEC "Limits" is clock-aligned in UTC. */
export type Window = { startMs: number; resetMs: number }

/** The window of `lengthMs` that holds `nowMs`, aligned to the Unix epoch (so an hour is a UTC clock hour). */
export const fixedWindow = (nowMs: number, lengthMs: number): Window => {
	const startMs = Math.floor(nowMs / lengthMs) * lengthMs
	return { startMs, resetMs: startMs + lengthMs }
}

export const secondWindow = (nowMs: number): Window => fixedWindow(nowMs, 1000)

export const hourWindow = (nowMs: number): Window => fixedWindow(nowMs, 3_600_000)

export const utcDayWindow = (nowMs: number): Window => fixedWindow(nowMs, 86_400_000)

let lastMonth: Readonly<Window> = { startMs: 0, resetMs: 0 }

/**
 * 00:00 UTC on the 1st of the month to 00:00 UTC on the 1st of the next. The month last asked for
 * is answered from memory (every keyed call asks, about three times): the same object, so callers
 * must not change it.
 */
export const utcMonthWindow = (nowMs: number): Readonly<Window> => {
	if (nowMs >= lastMonth.startMs && nowMs < lastMonth.resetMs) return lastMonth
	const now = new Date(nowMs)
	const year = now.getUTCFullYear()
	const month = now.getUTCMonth()
	lastMonth = { startMs: Date.UTC(year, month, 1), resetMs: Date.UTC(year, month + 1, 1) }
	return lastMonth
}

/** Unix epoch seconds, as X-RateLimit-Reset carries them. Window edges are whole seconds, so nothing is lost. */
export const epochSeconds = (ms: number) => Math.floor(ms / 1000)

/** Whole seconds until the reset, at least 1: what Retry-After says. */
export const secondsUntil = (resetMs: number, nowMs: number) => Math.max(1, Math.ceil((resetMs - nowMs) / 1000))
