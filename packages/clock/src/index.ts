/** The one source of time. Components take a Clock; tests pass a TestClock and move it. */
export interface Clock {
	now(): Date
	nowMs(): number
}

export const systemClock: Clock = {
	now: () => new Date(),
	nowMs: () => Date.now()
}

/**
 * Milliseconds that never step: the process's monotonic time, counted from the epoch at its start. For
 * measuring durations that must hold against a wall clock set back or forward (ADR 0048's proofs).
 */
export const monotonicClock: Clock = {
	now: () => new Date(performance.timeOrigin + performance.now()),
	nowMs: () => performance.timeOrigin + performance.now()
}

export class TestClock implements Clock {
	private currentMs: number

	constructor(start: Date | string | number = '2026-11-01T00:00:00.000Z') {
		this.currentMs = new Date(start).getTime()
	}

	now(): Date {
		return new Date(this.currentMs)
	}

	nowMs(): number {
		return this.currentMs
	}

	set(instant: Date | string | number): void {
		this.currentMs = new Date(instant).getTime()
	}

	advance(ms: number): void {
		this.currentMs += ms
	}

	advanceSeconds(seconds: number): void {
		this.advance(seconds * 1000)
	}

	advanceHours(hours: number): void {
		this.advance(hours * 3_600_000)
	}

	advanceDays(days: number): void {
		this.advance(days * 86_400_000)
	}
}

export const SECOND = 1000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
export * from './deadline.ts'
