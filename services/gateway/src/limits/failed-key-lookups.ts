import { AppError } from '@lv/errors'
import { fixedWindow, secondsUntil } from '@lv/fixed-window'

/** Distinct unknown keys one address block may have looked up per replica per minute. */
export const FAILED_KEY_LOOKUPS_PER_MINUTE = 20
const WINDOW_MS = 60_000

/**
 * Per address block (limits/address-block.ts), how many key lookups found no key in the current
 * minute, in this replica's memory. Past the limit the block's next uncached key is refused without
 * a statement, so random `lvk_` keys cannot drive one database read each. Bounded: the table starts
 * over each minute and when it holds `maxEntries` blocks.
 */
export class FailedKeyLookups {
	readonly #limit: number
	readonly #maxEntries: number
	#windowStartMs = Number.NEGATIVE_INFINITY
	#failures = new Map<string, number>()

	constructor(options: { limit?: number; maxEntries?: number } = {}) {
		this.#limit = options.limit ?? FAILED_KEY_LOOKUPS_PER_MINUTE
		this.#maxEntries = options.maxEntries ?? 100_000
	}

	/** Throws 429 rate_limited / key_lookup_limit_exceeded when `block` used up its failed lookups this minute. */
	checkAllowed(block: string, nowMs: number): void {
		this.#rollTo(nowMs)
		if ((this.#failures.get(block) ?? 0) < this.#limit) return
		throw keyLookupLimitExceeded(this.#limit, this.#windowStartMs + WINDOW_MS, nowMs)
	}

	noteFailure(block: string, nowMs: number): void {
		this.#rollTo(nowMs)
		if (this.#failures.size >= this.#maxEntries && !this.#failures.has(block)) this.#failures = new Map()
		this.#failures.set(block, (this.#failures.get(block) ?? 0) + 1)
	}

	#rollTo(nowMs: number) {
		const { startMs } = fixedWindow(nowMs, WINDOW_MS)
		if (startMs === this.#windowStartMs) return
		this.#windowStartMs = startMs
		this.#failures = new Map()
	}
}

/** 429 rate_limited / key_lookup_limit_exceeded, with Retry-After until the minute ends. */
export const keyLookupLimitExceeded = (limit: number, resetMs: number, nowMs: number) =>
	new AppError({
		status: 429,
		code: 'rate_limited',
		reason: 'key_lookup_limit_exceeded',
		message: `More than ${limit} unrecognised API keys were sent from this address in a minute; keys are not looked up from it until the minute ends.`,
		extras: { limit, reset_at: new Date(resetMs).toISOString(), suggestion: 'Check the API key and retry after the minute.' },
		headers: { 'Retry-After': String(secondsUntil(resetMs, nowMs)) }
	})
