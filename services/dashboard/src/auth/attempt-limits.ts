import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { consumeWithinLimit, fixedWindow } from '@lv/fixed-window'

export type AttemptLimit = { scope: string; limit: number; windowMs: number }

export type LimitReached = { scope: string; resetAt: Date }

const PRUNE_EVERY_MS = 60_000
const KEEP_MS = 24 * 3_600_000
const lastPruneBySql = new WeakMap<Sql, number>()

/**
 * Counts one attempt against each fixed-window limit in PostgreSQL (so every replica shares the
 * counters) and reports the first limit the attempt goes over. The increment comes before the
 * check, so parallel attempts cannot slip past a limit together.
 */
export async function countAttempt(sql: Sql, clock: Clock, limits: readonly AttemptLimit[]): Promise<LimitReached | null> {
	const nowMs = clock.nowMs()
	await maybePrune(sql, nowMs)
	let reached: LimitReached | null = null
	for (const limit of limits) {
		const window = fixedWindow(nowMs, limit.windowMs)
		const admission = await consumeWithinLimit(sql, {
			table: 'dashboard_attempts',
			scope: limit.scope,
			window,
			limit: limit.limit,
			countRefused: true
		})
		if (reached === null && !admission.admitted) reached = { scope: limit.scope, resetAt: new Date(window.resetMs) }
	}
	return reached
}

async function maybePrune(sql: Sql, nowMs: number): Promise<void> {
	if (nowMs - (lastPruneBySql.get(sql) ?? 0) < PRUNE_EVERY_MS) return
	lastPruneBySql.set(sql, nowMs)
	await sql`DELETE FROM dashboard_attempts WHERE window_start < ${new Date(nowMs - KEEP_MS)}`
}
