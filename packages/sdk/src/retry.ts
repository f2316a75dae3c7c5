/** Waits `ms` milliseconds; tests pass one that records and returns at once. */
export type Sleep = (ms: number) => Promise<void>

export type RetryOptions = {
	sleep?: Sleep
	/** The current time in ms (for a Retry-After given as an HTTP date). */
	now?: () => number
	/**
	 * The longest Retry-After waited for before the one retry of a 429 (default 60 s). A longer one
	 * (the export and trial daily caps name the next 00:00 UTC, up to a day away) is returned at once,
	 * so the caller gets the typed error with `reset_at` instead of a call that hangs for hours.
	 */
	maxRetryAfterMs?: number
}

export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000

/** SPEC's retry guidance: 5xx waits 1 s, 2 s, 4 s between attempts (three retries). */
export const SERVER_ERROR_BACKOFF_MS = [1_000, 2_000, 4_000] as const

const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number): number | null {
	if (value === null) return null
	if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1_000
	const at = Date.parse(value)
	return Number.isNaN(at) ? null : Math.max(0, at - nowMs)
}

/**
 * A fetch that follows SPEC's retry guidance: a 429 carrying Retry-After is retried once after that
 * wait when it is at most `maxRetryAfterMs` (a 429 without it, such as a monthly quota, is not: it
 * does not clear soon); a 5xx or a network failure is retried after 1 s, 2 s and 4 s; any other
 * answer is returned as it is.
 */
export function retryingFetch(
	fetcher: (request: Request) => Promise<Response>,
	options: RetryOptions = {}
): (request: Request) => Promise<Response> {
	const sleep = options.sleep ?? realSleep
	const now = options.now ?? Date.now
	const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS
	return async (request) => {
		let retriedRateLimit = false
		for (let serverRetries = 0; ; ) {
			let response: Response
			try {
				response = await fetcher(request.clone())
			} catch (error) {
				const wait = SERVER_ERROR_BACKOFF_MS[serverRetries++]
				if (wait === undefined) throw error
				await sleep(wait)
				continue
			}
			if (response.status === 429 && !retriedRateLimit) {
				const wait = retryAfterMs(response.headers.get('retry-after'), now())
				if (wait === null || wait > maxRetryAfterMs) return response
				retriedRateLimit = true
				await response.body?.cancel()
				await sleep(wait)
				continue
			}
			const wait = response.status >= 500 ? SERVER_ERROR_BACKOFF_MS[serverRetries++] : undefined
			if (wait === undefined) return response
			await response.body?.cancel()
			await sleep(wait)
		}
	}
}
