import { TransientError } from '@lv/bus'

export type RunFailureReason =
	| 'http_error'
	| 'timeout'
	| 'network_error'
	| 'truncated'
	| 'source_refused'
	| 'too_many_redirects'
	| 'too_large'
	| 'parse_error'
	| 'implausible_shrink'
	| 'empty_register'
	| 'too_many_files'
	| 'no_source'
	| 'internal_error'

/** A run that must not change anything: recorded with its reason, retried later with backoff. */
export class RunFailedError extends TransientError {
	override readonly name = 'RunFailedError'
	constructor(
		readonly reason: RunFailureReason,
		message: string,
		retryAfterMs: number,
		readonly url: string | null = null,
		options?: ErrorOptions & { requestedWaitMs?: number | null }
	) {
		super(message, retryAfterMs, options)
		this.requestedWaitMs = options?.requestedWaitMs ?? null
	}
	/** The wait the source itself asked for (Retry-After), when it named one. */
	readonly requestedWaitMs: number | null
}

/** Another replica or host is reconciling this jurisdiction right now. */
export class ReconciliationBusyError extends TransientError {
	override readonly name = 'ReconciliationBusyError'
}

export type FetchFailureReason =
	| 'http_error'
	| 'timeout'
	| 'network_error'
	| 'truncated'
	| 'source_refused'
	| 'too_many_redirects'
	| 'too_large'

/** A fetch that failed: the reason is one of the run failure reasons. */
export class FetchFailedError extends Error {
	override readonly name = 'FetchFailedError'
	constructor(
		readonly reason: FetchFailureReason,
		readonly url: string,
		message: string,
		readonly httpStatus: number | null = null,
		options?: ErrorOptions & { retryAfterMs?: number | null }
	) {
		super(message, options)
		this.retryAfterMs = options?.retryAfterMs ?? null
	}
	/** The wait the source asked for (Retry-After on a 429 or 503), when it named one. */
	readonly retryAfterMs: number | null
}
