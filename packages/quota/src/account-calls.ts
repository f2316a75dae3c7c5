import { liveKeyPlan } from '@lv/accounts'
import { type Sql, statementsOn } from '@lv/db'
import { type KeyedClaim, type KeyedVerdict, countKeyedClaims } from './keyed-counter.ts'
import { secondWindow, utcDayWindow, utcMonthWindow } from '@lv/fixed-window'
import { recordUsage } from './usage-daily.ts'
import { UsageTally } from './usage-tally.ts'

/** The refusal reason the gateway answers a verdict with (limits/limit-errors.ts); null for a call not refused. */
const refusalOf = (verdict: KeyedVerdict, isTrial: boolean): string | null => {
	if (verdict.outcome === 'per_second_exceeded') return 'per_second_limit_exceeded'
	if (verdict.outcome === 'quota_exhausted') return isTrial ? 'prelaunch_daily_cap' : 'monthly_request_limit_reached'
	return null
}

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
	const row = await liveKeyPlan(sql, keyId, accountId)
	if (!row) return null
	return {
		accountId: row.account_id,
		planCode: row.plan_code,
		planVersion: row.plan_version,
		isTrial: row.is_trial,
		perSecondLimit: row.per_second_limit,
		quota: row.quota
	}
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
 * Counts `calls` calls of a key at once exactly as the gateway counts them (the same statement, the
 * same per-second and quota windows), for work done on the account's behalf outside an HTTP
 * request (the dashboard's bulk checks), and records them in usage_daily as the gateway does (in
 * the caller's transaction, if any). One verdict per call, in order: the admitted ones come first.
 * `plan`, when the caller kept it from an earlier readKeyPlan, spares reading it again; every
 * verdict is `stale` when the key is revoked, the account has no active plan, or the plan given is
 * no longer the account's.
 */
export async function countKeyCalls(
	sql: Sql,
	input: { keyId: string; accountId: string; nowMs: number; plan?: KeyPlan; calls: number }
): Promise<KeyedVerdict[]> {
	const stale = Array.from({ length: input.calls }, (): KeyedVerdict => ({ outcome: 'stale' }))
	const plan = input.plan ?? (await readKeyPlan(sql, input.keyId, input.accountId))
	if (!plan) return stale
	const claim = keyClaim(input.keyId, plan, input.nowMs)
	const verdicts = await countKeyedClaims(
		statementsOn(sql),
		Array.from({ length: input.calls }, () => claim)
	)
	const tally = new UsageTally()
	for (const verdict of verdicts)
		if (verdict.outcome !== 'stale') tally.note(plan.accountId, input.keyId, refusalOf(verdict, plan.isTrial) ?? 'call', input.nowMs)
	await recordUsage(sql, tally.drain())
	return verdicts
}

/** The account's calls counted so far in the current UTC month (what X-Monthly-Quota-Used says). */
export async function monthlyCallsUsed(sql: Sql, accountId: string, nowMs: number): Promise<number> {
	const [row] = await sql<{ quota_count: number }[]>`
		SELECT quota_count FROM limit_counters WHERE subject = ${accountId} AND quota_window_start = ${new Date(utcMonthWindow(nowMs).startMs)}`
	return row?.quota_count ?? 0
}
