import type { Sql } from '@lv/db'
import { type KeyedClaim, type KeyedVerdict, countKeyedClaims } from './keyed-counter.ts'
import { secondWindow, utcDayWindow, utcMonthWindow } from '@lv/fixed-window'

/** What counting a key's calls needs of its account and plan, as read from the committed rows. */
export type KeyPlan = {
	accountId: string
	planCode: string
	/** The version (xmin) of the plans row. */
	planVersion: string
	isTrial: boolean
	perSecondLimit: number | null
	quota: number | null
}

/** The key's account and plan, or null when the key is revoked or the account has no active plan. */
export async function readKeyPlan(sql: Sql, keyId: string, accountId: string): Promise<KeyPlan | null> {
	const [row] = await sql<KeyPlan[]>`
		SELECT a.id AS "accountId", a.plan_code AS "planCode", p.xmin::text AS "planVersion", p.is_trial AS "isTrial", p.per_second_limit AS "perSecondLimit",
			CASE WHEN p.is_trial THEN p.trial_daily_cap ELSE p.monthly_quota END AS quota
		FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.code = a.plan_code
		WHERE k.id = ${keyId} AND k.account_id = ${accountId} AND k.revoked_at IS NULL AND a.plan_status = 'active'`
	return row ?? null
}

/** A claim for one call of the key at `nowMs`, made from its plan as read earlier (the counting statement re-checks it). */
export const keyClaim = (keyId: string, plan: KeyPlan, nowMs: number): KeyedClaim => ({
	keyId,
	...plan,
	subject: plan.isTrial ? keyId : plan.accountId,
	secondStartMs: secondWindow(nowMs).startMs,
	quotaWindowStartMs: (plan.isTrial ? utcDayWindow(nowMs) : utcMonthWindow(nowMs)).startMs
})

/**
 * Counts one call of a key exactly as the gateway counts them (the same statement, the same
 * per-second and quota windows), for work done on the account's behalf outside an HTTP request
 * (the dashboard's bulk checks). `plan`, when the caller kept it from an earlier readKeyPlan, spares
 * reading it again; `stale` when the key is revoked, the account has no active plan, or the plan
 * given is no longer the account's.
 */
export async function countKeyCall(
	sql: Sql,
	input: { keyId: string; accountId: string; nowMs: number; plan?: KeyPlan }
): Promise<KeyedVerdict> {
	const plan = input.plan ?? (await readKeyPlan(sql, input.keyId, input.accountId))
	if (!plan) return { outcome: 'stale' }
	const [verdict] = await countKeyedClaims(sql, [keyClaim(input.keyId, plan, input.nowMs)])
	return verdict ?? { outcome: 'stale' }
}

/** The account's calls counted so far in the current UTC month (what X-Monthly-Quota-Used says). */
export async function monthlyCallsUsed(sql: Sql, accountId: string, nowMs: number): Promise<number> {
	const [row] = await sql<{ quota_count: number }[]>`
		SELECT quota_count FROM limit_counters WHERE subject = ${accountId} AND quota_window_start = ${new Date(utcMonthWindow(nowMs).startMs)}`
	return row?.quota_count ?? 0
}
