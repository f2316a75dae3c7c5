import type { Logger } from '@lv/logger'

export type BackoffOptions = { initialMs?: number; maxMs?: number; signal?: AbortSignal; sleep?: (ms: number) => Promise<void> }

/** Delay before retry number `attempt` (1-based): doubles from initialMs up to maxMs. */
export const backoffDelay = (attempt: number, initialMs = 250, maxMs = 10_000) => Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1))

/**
 * Retries `task` with exponential backoff until it succeeds or the signal aborts; used for
 * connecting to PostgreSQL and NATS at start, so a dependency that is down is waited for, not crashed on.
 */
export async function retryWithBackoff<T>(what: string, task: () => Promise<T>, logger: Logger, options: BackoffOptions = {}): Promise<T> {
	const sleep = options.sleep ?? ((ms: number) => Bun.sleep(ms))
	for (let attempt = 1; ; attempt++) {
		try {
			return await task()
		} catch (error) {
			if (options.signal?.aborted) throw error
			const delay = backoffDelay(attempt, options.initialMs, options.maxMs)
			logger.warn(`${what} failed; retrying`, { attempt, delay_ms: delay, error })
			await sleep(delay)
			if (options.signal?.aborted) throw error
		}
	}
}
