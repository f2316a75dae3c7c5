import type { Sql } from '@lv/db'
import { releaseQuotaCall } from '@lv/quota'

/**
 * Fixed-window counters shared by every gateway replica, in PostgreSQL. Keyed calls are counted in
 * table limit_counters by @lv/quota, keyless calls in usage_counters by keyless-counter.ts
 * (both in batches); other caps count one call at a time in usage_counters (one row per scope and
 * window) with @lv/fixed-window's consumeWithinLimit. Every admission takes the row lock and
 * re-checks the latest committed count, so replicas together never admit past a limit.
 */

/** A reservation against the quota window, given back when the response is not a success. */
export type Charge = { subject: string; windowStartMs: number }

/** Gives a reservation back: the call was refused (4xx) or failed (5xx) and is not charged. */
export async function releaseCharge(sql: Sql, charge: Charge): Promise<void> {
	await releaseQuotaCall(sql, charge.subject, new Date(charge.windowStartMs))
}

/** Drops keyless windows that can no longer matter (limit_counters rows are reused in place). */
export async function pruneCounters(sql: Sql, nowMs: number): Promise<void> {
	await sql`DELETE FROM usage_counters WHERE scope LIKE 'h:%' AND window_start < ${new Date(nowMs - 2 * 3_600_000)}`
}
