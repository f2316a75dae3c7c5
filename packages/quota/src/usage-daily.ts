import type { Sql } from '@lv/db'
import { dayOfMs, monthBounds, monthOf, previousMonth } from './usage-report.ts'
import type { UsageCount } from './usage-tally.ts'

/**
 * usage_daily (owned here): calls and refusals per account, key, UTC day and outcome. Rows are
 * written in primary-key order, so concurrent writers never deadlock.
 */
export async function recordUsage(sql: Sql, counts: readonly UsageCount[]): Promise<void> {
	if (counts.length === 0) return
	await sql`
		INSERT INTO usage_daily AS u (account_id, day, key_id, outcome, count)
		SELECT * FROM unnest(
			${counts.map((row) => row.accountId)}::uuid[], ${counts.map((row) => row.day)}::date[], ${counts.map((row) => row.keyId)}::uuid[],
			${counts.map((row) => row.outcome)}::text[], ${counts.map((row) => row.count)}::bigint[]
		) AS c(account_id, day, key_id, outcome, count)
		ORDER BY 1, 2, 3, 4
		ON CONFLICT (account_id, day, key_id, outcome) DO UPDATE SET count = u.count + excluded.count`
}

/** The account's counts from `fromDay` up to (not including) `untilDay`, both YYYY-MM-DD. */
export async function readUsage(sql: Sql, accountId: string, fromDay: string, untilDay: string): Promise<UsageCount[]> {
	const rows = await sql<{ day: string; key_id: string; outcome: string; count: string }[]>`
		SELECT day::text AS day, key_id, outcome, count::text AS count FROM usage_daily
		WHERE account_id = ${accountId} AND day >= ${fromDay}::date AND day < ${untilDay}::date
		ORDER BY day, key_id, outcome`
	return rows.map((row) => ({ accountId, keyId: row.key_id, day: row.day, outcome: row.outcome, count: Number(row.count) }))
}

/**
 * How many months before the current one GET /v1/usage may be asked for. Rows are kept one month
 * longer, so the month reported before the oldest allowed one is still whole.
 */
export const USAGE_MONTHS_BACK = 12

/** The oldest `month` GET /v1/usage serves at `nowMs` (YYYY-MM). */
export function oldestUsageMonth(nowMs: number): string {
	const now = new Date(nowMs)
	return monthOf(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - USAGE_MONTHS_BACK, 1))
}

/** The start of the first day kept at `nowMs`, as epoch milliseconds: the first of the month before the oldest month served. */
export const usageRetainedFromMs = (nowMs: number) => monthBounds(previousMonth(oldestUsageMonth(nowMs))).startMs

/** The first day kept at `nowMs` (YYYY-MM-DD). */
export const firstRetainedDay = (nowMs: number) => dayOfMs(usageRetainedFromMs(nowMs))

/** Deletes every account's rows before the retention at `nowMs`; answers how many went. */
export async function pruneUsage(sql: Sql, nowMs: number): Promise<number> {
	const deleted = await sql`DELETE FROM usage_daily WHERE day < ${firstRetainedDay(nowMs)}::date`
	return deleted.count
}
