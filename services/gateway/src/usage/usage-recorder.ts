import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { AppError } from '@lv/errors'
import type { Logger } from '@lv/logger'
import { UsageTally, dayOfMs, pruneUsage, recordUsage } from '@lv/quota'

/** How long a replica keeps counts in memory before writing them: what a crash can lose at most. */
export const USAGE_FLUSH_AFTER_MS = 1000

type KeyOfCall = { accountId: string; keyId: string }

/**
 * The replica's daily usage record (usage_daily, @lv/quota): each keyed call counted in memory and
 * written with one statement at most a second later. Informational only: limit_counters stays the
 * authority on limits, so a crash loses at most the last second of this record and nothing else.
 * A write that fails keeps its counts for the next one. The first write of each UTC day also deletes
 * the rows older than the retention (pruneUsage); every replica may do so, the deletes are idempotent.
 */
export function createUsageRecorder(sql: Sql, clock: Clock, logger: Logger) {
	const tally = new UsageTally()
	let prunedDay: string | null = null
	let timer: ReturnType<typeof setTimeout> | null = null
	let writing: Promise<void> = Promise.resolve()

	async function write(): Promise<void> {
		const counts = tally.drain()
		try {
			await recordUsage(sql, counts)
		} catch (error) {
			tally.restore(counts)
			schedule()
			logger.warn('could not record daily usage; retrying in a second', { error })
		}
		await pruneOncePerDay()
	}

	async function pruneOncePerDay(): Promise<void> {
		const nowMs = clock.nowMs()
		const today = dayOfMs(nowMs)
		if (prunedDay === today) return
		try {
			await pruneUsage(sql, nowMs)
			prunedDay = today
		} catch (error) {
			logger.warn('could not prune daily usage; trying again with the next write', { error })
		}
	}

	function schedule(): void {
		if (timer !== null) return
		timer = setTimeout(() => {
			timer = null
			void flush()
		}, USAGE_FLUSH_AFTER_MS)
		timer.unref?.()
	}

	/** Writes what is counted now, after any write under way (so a read after it sees this replica's counts). */
	function flush(): Promise<void> {
		if (timer !== null) clearTimeout(timer)
		timer = null
		writing = writing.then(write)
		return writing
	}

	return {
		/** An admitted call of the key. */
		noteCall(key: KeyOfCall, nowMs: number): void {
			tally.note(key.accountId, key.keyId, 'call', nowMs)
			schedule()
		},
		/** A refusal of a known key (401 revoked, 402, 429), by its reason; a store failure (5xx) is not the account's. */
		noteRefusal(key: KeyOfCall, error: unknown, nowMs: number): void {
			if (!(error instanceof AppError) || error.status >= 500) return
			tally.note(key.accountId, key.keyId, error.reason, nowMs)
			schedule()
		},
		flush
	}
}

export type UsageRecorder = ReturnType<typeof createUsageRecorder>
