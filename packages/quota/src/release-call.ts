import type { Sql } from '@lv/db'

/** Gives one counted call back to the subject's quota window (never below zero). */
export async function releaseQuotaCall(sql: Sql, subject: string, quotaWindowStart: Date): Promise<void> {
	await sql`
		UPDATE limit_counters SET quota_count = quota_count - 1
		WHERE subject = ${subject} AND quota_window_start = ${quotaWindowStart} AND quota_count > 0`
}

/**
 * Gives `calls` counted calls back to the subject's quota window (never below zero): an allowance
 * lease's unused rest (ADR 0031). A later window ignores them, so a window never admits past its limit.
 */
export async function releaseQuotaCalls(sql: Sql, subject: string, quotaWindowStart: Date, calls: number): Promise<void> {
	await sql`
		UPDATE limit_counters SET quota_count = greatest(0, quota_count - ${calls})
		WHERE subject = ${subject} AND quota_window_start = ${quotaWindowStart}`
}
