import { FetchFailedError } from '../errors.ts'

/** What one run (a register read, a certificate or seal batch) may fetch in all. */
export type RunLimits = {
	/** Bytes on the wire, before any content decoding, over every file of the run. */
	wireBytes: number
	/** Bytes after content decoding (gzip, deflate, brotli), over every file of the run. */
	bytes: number
	/** Time spent fetching, from the run's first request. */
	timeMs: number
}

/** Sized for the largest publication (the UKGC CSVs) well inside the reader's 768 MiB memory limit. */
export const DEFAULT_RUN_LIMITS: RunLimits = { wireBytes: 192 * 1024 * 1024, bytes: 192 * 1024 * 1024, timeMs: 15 * 60_000 }

/**
 * The run's remaining allowance, drawn down as bytes arrive. Time is wall time (a network cap,
 * like a socket timeout), started with the allowance: `signal` aborts when it is spent.
 */
export class RunAllowance {
	private wire = 0
	private decoded = 0
	readonly signal: AbortSignal

	constructor(readonly limits: RunLimits = DEFAULT_RUN_LIMITS) {
		this.signal = AbortSignal.timeout(limits.timeMs)
	}

	/** Counts wire bytes of `url`; throws FetchFailedError('too_large') once the run is over its cap. */
	takeWire(url: string, count: number): void {
		this.wire += count
		if (this.wire > this.limits.wireBytes)
			throw new FetchFailedError('too_large', url, `the run received more than ${this.limits.wireBytes} bytes on the wire`)
	}

	/** Counts decoded bytes of `url`; throws FetchFailedError('too_large') once the run is over its cap. */
	take(url: string, count: number): void {
		this.decoded += count
		if (this.decoded > this.limits.bytes)
			throw new FetchFailedError('too_large', url, `the run's files decode to more than ${this.limits.bytes} bytes`)
	}
}
