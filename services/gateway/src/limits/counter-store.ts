import type { Sql } from '@lv/db'
import type { Window } from '@lv/quota'

/**
 * Fixed-window counters shared by every gateway replica, in PostgreSQL. Keyed calls are counted in
 * table limit_counters by keyed-counter.ts, keyless calls in usage_counters by keyless-counter.ts
 * (both in batches); other caps count one call at a time here, in usage_counters (one row per scope
 * and window). Every admission takes the row lock and re-checks the latest committed count, so
 * replicas together never admit past a limit.
 */

/** A reservation against the quota window, given back when the response is not a success. */
export type Charge = { subject: string; windowStartMs: number }

/** Gives a reservation back: the call was refused (4xx) or failed (5xx) and is not charged. */
export async function releaseCharge(sql: Sql, charge: Charge): Promise<void> {
	await sql`
		UPDATE limit_counters SET quota_count = quota_count - 1
		WHERE subject = ${charge.subject} AND quota_window_start = ${new Date(charge.windowStartMs)} AND quota_count > 0`
}

export type WindowAdmission = { admitted: boolean; used: number; window: Window }

/**
 * The quota-charging hook for any other fixed-window cap (events polls per hour, exports
 * per day…): counts one call in `scope` for the window unless `limit` calls are already counted.
 */
export async function consumeWithinLimit(sql: Sql, input: { scope: string; window: Window; limit: number }): Promise<WindowAdmission> {
	const rows = await sql<{ count: number }[]>`
		INSERT INTO usage_counters (scope, window_start, count) VALUES (${input.scope}, ${new Date(input.window.startMs)}, 1)
		ON CONFLICT (scope, window_start) DO UPDATE SET count = usage_counters.count + 1 WHERE usage_counters.count < ${input.limit}
		RETURNING count`
	const counted = rows[0]?.count
	return counted === undefined ? { admitted: false, used: input.limit, window: input.window } : { admitted: true, used: counted, window: input.window }
}

/** The count so far in a window, without counting (0 when nothing was counted). */
export async function readCount(sql: Sql, scope: string, window: Window): Promise<number> {
	const rows = await sql<{ count: number }[]>`SELECT count FROM usage_counters WHERE scope = ${scope} AND window_start = ${new Date(window.startMs)}`
	return rows[0]?.count ?? 0
}

/** Drops keyless windows that can no longer matter (limit_counters rows are reused in place). */
export async function pruneCounters(sql: Sql, nowMs: number): Promise<void> {
	await sql`DELETE FROM usage_counters WHERE scope LIKE 'h:%' AND window_start < ${new Date(nowMs - 2 * 3_600_000)}`
}
