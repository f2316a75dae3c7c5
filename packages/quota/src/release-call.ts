import type { Sql } from '@lv/db'

/** Gives one counted call back to the subject's quota window (never below zero). */
export async function releaseQuotaCall(sql: Sql, subject: string, quotaWindowStart: Date): Promise<void> {
	await sql`
		UPDATE limit_counters SET quota_count = quota_count - 1
		WHERE subject = ${subject} AND quota_window_start = ${quotaWindowStart} AND quota_count > 0`
}
