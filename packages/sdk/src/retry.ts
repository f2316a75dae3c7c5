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

/**
 * Methods HTTP defines as idempotent (RFC 9110, 9.2.2): sending one again after its answer was lost
 * changes nothing more. The API documents no POST as idempotent and takes no idempotency key, so a
 * POST (webhook creation, secret rotation, watchlist add, a counted batch) is not among them.
 */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE'])

/** Failures that happen before any byte of the request leaves (Bun's `code`, Node's `cause.code`). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'])

const codeOf = (error: unknown): unknown =>
	error !== null && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : undefined

/**
 * Whether a request whose fetch threw may be sent again: not when the caller aborted it; yes when it
 * never reached the server (connection refused, name not resolved) or its method is idempotent. A
 * POST that may have reached the server and lost its answer could apply twice, so it is not.
 */
function mayResendAfterNetworkFailure(request: Request, error: unknown): boolean {
	if (request.signal.aborted) return false
	const cause = error !== null && typeof error === 'object' && 'cause' in error ? (error as { cause: unknown }).cause : undefined
	if (NOT_SENT_CODES.has(codeOf(error) as string) || NOT_SENT_CODES.has(codeOf(cause) as string)) return true
	return IDEMPOTENT_METHODS.has(request.method.toUpperCase())
}

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
 * does not clear soon); a 5xx is retried after 1 s, 2 s and 4 s, whatever the method (SPEC: a failed
 * request is not charged); a network failure is retried the same way only when sending again is safe
 * (`mayResendAfterNetworkFailure`), and thrown at once otherwise; any other answer is returned as it is.
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
				const wait = mayResendAfterNetworkFailure(request, error) ? SERVER_ERROR_BACKOFF_MS[serverRetries++] : undefined
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
