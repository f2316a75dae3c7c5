import type { Sql, StatementRunner } from '@lv/db'

/** Gives one counted call back to the subject's quota window (never below zero). */
export async function releaseQuotaCall(sql: Sql, subject: string, quotaWindowStart: Date): Promise<void> {
	await sql`
		UPDATE limit_counters SET quota_count = quota_count - 1
		WHERE subject = ${subject} AND quota_window_start = ${quotaWindowStart} AND quota_count > 0`
}

/** Counted calls an allowance lease (ADR 0031) never admitted, per window it gives them back to. */
export type UnadmittedCalls = { secondStartMs: number; secondCalls: number; quotaWindowStartMs: number; quotaCalls: number }

const RELEASE_UNADMITTED = `
	UPDATE limit_counters SET
		second_count = CASE WHEN second_start = $2::timestamptz THEN greatest(0, second_count - $3::int) ELSE second_count END,
		quota_count = CASE WHEN quota_window_start = $4::timestamptz THEN greatest(0, quota_count - $5::int) ELSE quota_count END
	WHERE subject = $1::uuid`

/**
 * Gives counted calls that were never admitted back to the subject's windows (never below zero): the
 * calls a grant asked for beyond what it was given (per-second window), and a lease's unused rest
 * once it has stopped admitting (both windows). Each window takes them only while it is the row's
 * current one, so a window never admits past its limit. Sent where the grants are counted (the
 * replica's counting connection), a grant sent after it reads the row with these calls already out.
 */
export async function releaseUnadmittedCalls(statements: StatementRunner, subject: string, calls: UnadmittedCalls): Promise<void> {
	await statements.run(RELEASE_UNADMITTED, [
		subject,
		new Date(calls.secondStartMs).toISOString(),
		calls.secondCalls,
		new Date(calls.quotaWindowStartMs).toISOString(),
		calls.quotaCalls
	])
}
