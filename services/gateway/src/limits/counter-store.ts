import type { Sql } from '@lv/db'
import { type Plan, type PlanRow, planFromRow } from './plan.ts'
import { type Window, hourWindow, secondWindow, utcDayWindow, utcMonthWindow } from './windows.ts'

/**
 * Fixed-window counters shared by every gateway replica, in PostgreSQL. Keyed calls use table
 * limit_counters (one row per account, or per legacy trial key, holding its per-second window and
 * its quota window side by side); keyless and other caps use usage_counters (one row per scope and
 * window). Every admission is ONE statement whose upsert takes the row lock and re-checks the
 * latest committed count, so replicas together never admit past a limit.
 */

/** A reservation against the quota window, given back when the response is not a success. */
export type Charge = { subject: string; windowStartMs: number }

export type KeyedAdmission =
	| { outcome: 'unknown_key' }
	| { outcome: 'revoked' }
	| { outcome: 'plan_inactive' }
	| { outcome: 'requires_paid_plan'; keyHash: Uint8Array }
	| { outcome: 'per_second_exceeded'; keyHash: Uint8Array; plan: Plan; used: number; limit: number; window: Window }
	| { outcome: 'trial_cap_reached'; keyHash: Uint8Array; plan: Plan; used: number; limit: number; window: Window }
	| { outcome: 'monthly_exhausted'; keyHash: Uint8Array; plan: Plan; used: number; limit: number; window: Window }
	| {
			outcome: 'admitted'
			keyHash: Uint8Array
			accountId: string
			keyId: string
			plan: Plan
			monthlyUsed: number
			monthWindow: Window
			/** null for trial keys: their daily cap counts every admitted call. */
			charge: Charge | null
	  }

type AdmissionRow = PlanRow & {
	key_id: string
	account_id: string
	key_hash: Uint8Array
	revoked: boolean
	plan_status: string
	code: string | null
	second_count: number | null
	quota_count: number | null
	last_admitted: boolean | null
}

/** last_used_at is refreshed at most this often per key, so a busy key does not rewrite its row each call. */
const LAST_USED_GRANULARITY_MS = 60_000

const keylessScope = (route: string, address: string) => `h:${route}:${address}`

/**
 * Looks the key up by its SHA-256 and, in the same statement, counts the call: the per-second
 * window of the account (every call, refused ones included) and its quota window (the UTC month
 * for plans, the UTC day per key for legacy trial keys), the latter only when the call is admitted.
 * A revoked key or inactive plan is seen on the very next call, on every replica. A replica whose
 * clock lags counts into the newer window already stored (never resets it).
 */
export async function admitKeyed(sql: Sql, input: { keyHash: Uint8Array; trialAllowed: boolean; nowMs: number }): Promise<KeyedAdmission> {
	const second = secondWindow(input.nowMs)
	const day = utcDayWindow(input.nowMs)
	const month = utcMonthWindow(input.nowMs)
	const hash = Buffer.from(input.keyHash)
	const sameSecond = sql`excluded.second_start <= c.second_start`
	const sameQuotaWindow = sql`excluded.quota_window_start <= c.quota_window_start`
	const admit = sql`(
		((SELECT per_second_limit FROM usable) IS NULL OR (CASE WHEN ${sameSecond} THEN c.second_count + 1 ELSE 1 END) <= (SELECT per_second_limit FROM usable))
		AND ((SELECT quota FROM usable) IS NULL OR (CASE WHEN ${sameQuotaWindow} THEN c.quota_count ELSE 0 END) < (SELECT quota FROM usable))
	)`
	const rows = await sql<AdmissionRow[]>`
		WITH k AS (
			SELECT ak.id AS key_id, ak.account_id, ak.key_hash, ak.revoked_at IS NOT NULL AS revoked, a.plan_status,
				p.code, p.name, p.monthly_quota, p.per_second_limit, p.watchlist_cap, p.webhook_cap, p.polls_per_hour,
				p.exports_per_day, p.trial_daily_cap, p.is_trial, p.rank
			FROM api_keys ak
			JOIN accounts a ON a.id = ak.account_id
			LEFT JOIN plans p ON p.code = a.plan_code
			WHERE ak.key_hash = ${hash}
		),
		usable AS (
			SELECT key_id, per_second_limit,
				CASE WHEN is_trial THEN key_id ELSE account_id END AS subject,
				CASE WHEN is_trial THEN ${new Date(day.startMs)}::timestamptz ELSE ${new Date(month.startMs)}::timestamptz END AS window_start,
				CASE WHEN is_trial THEN trial_daily_cap ELSE monthly_quota END AS quota
			FROM k WHERE NOT revoked AND plan_status = 'active' AND code IS NOT NULL AND (${input.trialAllowed} OR NOT is_trial)
		),
		touched AS (
			UPDATE api_keys SET last_used_at = ${new Date(input.nowMs)} FROM usable
			WHERE api_keys.id = usable.key_id
				AND (api_keys.last_used_at IS NULL OR api_keys.last_used_at < ${new Date(input.nowMs - LAST_USED_GRANULARITY_MS)})
			RETURNING 1
		),
		counted AS (
			INSERT INTO limit_counters AS c (subject, second_start, second_count, quota_window_start, quota_count, last_admitted)
			SELECT subject, ${new Date(second.startMs)}, 1, window_start,
				CASE WHEN (per_second_limit IS NULL OR per_second_limit >= 1) AND (quota IS NULL OR quota >= 1) THEN 1 ELSE 0 END,
				(per_second_limit IS NULL OR per_second_limit >= 1) AND (quota IS NULL OR quota >= 1)
			FROM usable
			ON CONFLICT (subject) DO UPDATE SET
				second_start = greatest(c.second_start, excluded.second_start),
				second_count = CASE WHEN ${sameSecond} THEN c.second_count + 1 ELSE 1 END,
				quota_window_start = greatest(c.quota_window_start, excluded.quota_window_start),
				quota_count = CASE WHEN ${sameQuotaWindow} THEN c.quota_count ELSE 0 END + CASE WHEN ${admit} THEN 1 ELSE 0 END,
				last_admitted = ${admit}
			RETURNING second_count, quota_count, last_admitted
		)
		SELECT k.*, counted.second_count, counted.quota_count, counted.last_admitted FROM k LEFT JOIN counted ON true`
	const row = rows[0]
	if (!row) return { outcome: 'unknown_key' }
	const keyHash = new Uint8Array(row.key_hash)
	if (row.revoked) return { outcome: 'revoked' }
	if (row.plan_status !== 'active' || row.code === null) return { outcome: 'plan_inactive' }
	const plan = planFromRow({ ...row, code: row.code })
	if (plan.isTrial && !input.trialAllowed) return { outcome: 'requires_paid_plan', keyHash }
	const secondCount = row.second_count ?? 0
	const quotaCount = row.quota_count ?? 0
	if (row.last_admitted !== true) {
		if (plan.perSecondLimit !== null && secondCount > plan.perSecondLimit)
			return { outcome: 'per_second_exceeded', keyHash, plan, used: secondCount, limit: plan.perSecondLimit, window: second }
		if (plan.isTrial) return { outcome: 'trial_cap_reached', keyHash, plan, used: quotaCount, limit: plan.trialDailyCap ?? 0, window: day }
		return { outcome: 'monthly_exhausted', keyHash, plan, used: quotaCount, limit: plan.monthlyQuota ?? 0, window: month }
	}
	return {
		outcome: 'admitted',
		keyHash,
		accountId: row.account_id,
		keyId: row.key_id,
		plan,
		monthlyUsed: quotaCount,
		monthWindow: month,
		charge: plan.isTrial ? null : { subject: row.account_id, windowStartMs: month.startMs }
	}
}

/** Gives a reservation back: the call was refused (4xx) or failed (5xx) and is not charged. */
export async function releaseCharge(sql: Sql, charge: Charge): Promise<void> {
	await sql`
		UPDATE limit_counters SET quota_count = quota_count - 1
		WHERE subject = ${charge.subject} AND quota_window_start = ${new Date(charge.windowStartMs)} AND quota_count > 0`
}

export type WindowAdmission = { admitted: boolean; used: number; window: Window }

/**
 * The quota-charging hook for any fixed-window cap (keyless hour, events polls per hour, exports
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

export const admitKeyless = (sql: Sql, input: { route: string; address: string; limit: number; nowMs: number }) =>
	consumeWithinLimit(sql, { scope: keylessScope(input.route, input.address), window: hourWindow(input.nowMs), limit: input.limit })

/** Drops keyless windows that can no longer matter (limit_counters rows are reused in place). */
export async function pruneCounters(sql: Sql, nowMs: number): Promise<void> {
	await sql`DELETE FROM usage_counters WHERE scope LIKE 'h:%' AND window_start < ${new Date(nowMs - 2 * 3_600_000)}`
}
