import { liveKeyPlan } from '@lv/accounts'
import type { Sql } from '@lv/db'
import { type KeyedClaim, type KeyedVerdict, countKeyedClaims } from './keyed-counter.ts'
import { secondWindow, utcDayWindow, utcMonthWindow } from '@lv/fixed-window'

/**
 * Counts one call of a key exactly as the gateway counts them (the same statement, the same
 * per-second and quota windows), for work done on the account's behalf outside an HTTP request
 * (the dashboard's bulk checks). `stale` when the key is revoked or the account has no active plan.
 */
export async function countKeyCall(sql: Sql, input: { keyId: string; accountId: string; nowMs: number }): Promise<KeyedVerdict> {
	const row = await liveKeyPlan(sql, input.keyId, input.accountId)
	if (!row) return { outcome: 'stale' }
	const claim: KeyedClaim = {
		keyId: input.keyId,
		accountId: row.account_id,
		planCode: row.plan_code,
		planVersion: row.plan_version,
		isTrial: row.is_trial,
		perSecondLimit: row.per_second_limit,
		quota: row.quota,
		subject: row.is_trial ? input.keyId : row.account_id,
		secondStartMs: secondWindow(input.nowMs).startMs,
		quotaWindowStartMs: (row.is_trial ? utcDayWindow(input.nowMs) : utcMonthWindow(input.nowMs)).startMs
	}
	const [verdict] = await countKeyedClaims(sql, [claim])
	return verdict ?? { outcome: 'stale' }
}

/** The account's calls counted so far in the current UTC month (what X-Monthly-Quota-Used says). */
export async function monthlyCallsUsed(sql: Sql, accountId: string, nowMs: number): Promise<number> {
	const [row] = await sql<{ quota_count: number }[]>`
		SELECT quota_count FROM limit_counters WHERE subject = ${accountId} AND quota_window_start = ${new Date(utcMonthWindow(nowMs).startMs)}`
	return row?.quota_count ?? 0
}
