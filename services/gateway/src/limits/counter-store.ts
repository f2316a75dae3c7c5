import type { Sql } from '@lv/db'
import { type Plan, type PlanRow, planFromRow } from './plan.ts'
import { type Window, hourWindow, secondWindow, utcDayWindow, utcMonthWindow } from './windows.ts'

/**
 * Fixed-window counters in table usage_counters, shared by every gateway replica. Each admission is
 * ONE statement whose conditional upsert (`ON CONFLICT … DO UPDATE … WHERE count < limit`) takes the
 * row lock and re-checks the latest committed count, so replicas together never admit past a limit.
 */

/** A reservation against the monthly counter, given back when the response is not a success. */
export type Charge = { scope: string; windowStartMs: number }

export type KeyedAdmission =
	| { outcome: 'unknown_key' }
	| { outcome: 'revoked' }
	| { outcome: 'plan_inactive' }
	| { outcome: 'requires_paid_plan'; keyHash: Uint8Array }
	| { outcome: 'per_second_exceeded'; keyHash: Uint8Array; plan: Plan; used: number; limit: number; window: Window }
	| { outcome: 'trial_cap_reached'; keyHash: Uint8Array; plan: Plan; used: number; limit: number; window: Window }
	| { outcome: 'monthly_exhausted'; keyHash: Uint8Array; plan: Plan; used: number; limit: number; window: Window }
	| { outcome: 'admitted'; keyHash: Uint8Array; accountId: string; keyId: string; plan: Plan; monthlyUsed: number; monthWindow: Window; charge: Charge }

type AdmissionRow = PlanRow & {
	key_id: string
	account_id: string
	key_hash: Uint8Array
	revoked: boolean
	plan_status: string
	code: string | null
	second_count: number | null
	day_count: number | null
	month_count: number | null
	month_before: number | null
	day_before: number | null
}

/** last_used_at is refreshed at most this often per key, so a busy key does not rewrite its row each call. */
const LAST_USED_GRANULARITY_MS = 60_000

export const monthlyScope = (accountId: string) => `m:${accountId}`
const perSecondScope = (accountId: string) => `s:${accountId}`
const trialDayScope = (keyId: string) => `d:${keyId}`
const keylessScope = (route: string, address: string) => `h:${route}:${address}`

/**
 * Looks the key up by its SHA-256 and, in the same statement, counts the call against the
 * account's per-second window (every call), the trial key's UTC day and the monthly quota
 * (reserved; see releaseCharge). A revoked key or inactive plan is seen on the very next call.
 */
export async function admitKeyed(sql: Sql, input: { keyHash: Uint8Array; trialAllowed: boolean; nowMs: number }): Promise<KeyedAdmission> {
	const second = secondWindow(input.nowMs)
	const day = utcDayWindow(input.nowMs)
	const month = utcMonthWindow(input.nowMs)
	const hash = Buffer.from(input.keyHash)
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
			SELECT * FROM k WHERE NOT revoked AND plan_status = 'active' AND code IS NOT NULL AND (${input.trialAllowed} OR NOT is_trial)
		),
		touched AS (
			UPDATE api_keys SET last_used_at = ${new Date(input.nowMs)} FROM usable
			WHERE api_keys.id = usable.key_id
				AND (api_keys.last_used_at IS NULL OR api_keys.last_used_at < ${new Date(input.nowMs - LAST_USED_GRANULARITY_MS)})
			RETURNING 1
		),
		second AS (
			INSERT INTO usage_counters (scope, window_start, count)
			SELECT 's:' || account_id, ${new Date(second.startMs)}, 1 FROM usable WHERE per_second_limit IS NOT NULL
			ON CONFLICT (scope, window_start) DO UPDATE SET count = usage_counters.count + 1
			RETURNING count
		),
		day AS (
			INSERT INTO usage_counters (scope, window_start, count)
			SELECT 'd:' || key_id, ${new Date(day.startMs)}, 1 FROM usable WHERE trial_daily_cap IS NOT NULL
			ON CONFLICT (scope, window_start) DO UPDATE SET count = usage_counters.count + 1
				WHERE usage_counters.count < (SELECT trial_daily_cap FROM usable)
			RETURNING count
		),
		month AS (
			INSERT INTO usage_counters (scope, window_start, count)
			SELECT 'm:' || account_id, ${new Date(month.startMs)}, 1 FROM usable
			WHERE (per_second_limit IS NULL OR (SELECT count FROM second) <= per_second_limit)
				AND (trial_daily_cap IS NULL OR EXISTS (SELECT 1 FROM day))
			ON CONFLICT (scope, window_start) DO UPDATE SET count = usage_counters.count + 1
				WHERE (SELECT monthly_quota FROM usable) IS NULL OR usage_counters.count < (SELECT monthly_quota FROM usable)
			RETURNING count
		)
		SELECT k.*,
			(SELECT count FROM second) AS second_count,
			(SELECT count FROM day) AS day_count,
			(SELECT count FROM month) AS month_count,
			(SELECT c.count FROM usage_counters c WHERE c.scope = 'm:' || k.account_id AND c.window_start = ${new Date(month.startMs)}) AS month_before,
			(SELECT c.count FROM usage_counters c WHERE c.scope = 'd:' || k.key_id AND c.window_start = ${new Date(day.startMs)}) AS day_before
		FROM k`
	const row = rows[0]
	if (!row) return { outcome: 'unknown_key' }
	const keyHash = new Uint8Array(row.key_hash)
	if (row.revoked) return { outcome: 'revoked' }
	if (row.plan_status !== 'active' || row.code === null) return { outcome: 'plan_inactive' }
	const plan = planFromRow({ ...row, code: row.code })
	if (plan.isTrial && !input.trialAllowed) return { outcome: 'requires_paid_plan', keyHash }
	if (plan.perSecondLimit !== null && (row.second_count ?? 0) > plan.perSecondLimit)
		return { outcome: 'per_second_exceeded', keyHash, plan, used: row.second_count ?? 0, limit: plan.perSecondLimit, window: second }
	if (plan.trialDailyCap !== null && row.day_count === null)
		return { outcome: 'trial_cap_reached', keyHash, plan, used: row.day_before ?? plan.trialDailyCap, limit: plan.trialDailyCap, window: day }
	if (row.month_count === null)
		return { outcome: 'monthly_exhausted', keyHash, plan, used: row.month_before ?? 0, limit: plan.monthlyQuota ?? 0, window: month }
	return {
		outcome: 'admitted',
		keyHash,
		accountId: row.account_id,
		keyId: row.key_id,
		plan,
		monthlyUsed: row.month_count,
		monthWindow: month,
		charge: { scope: monthlyScope(row.account_id), windowStartMs: month.startMs }
	}
}

/** Gives a reservation back: the call was refused (4xx) or failed (5xx) and is not charged. */
export async function releaseCharge(sql: Sql, charge: Charge): Promise<void> {
	await sql`
		UPDATE usage_counters SET count = count - 1
		WHERE scope = ${charge.scope} AND window_start = ${new Date(charge.windowStartMs)} AND count > 0`
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

/** Drops windows that can no longer matter; monthly rows are kept 13 months as a usage record. */
export async function pruneCounters(sql: Sql, nowMs: number): Promise<void> {
	await sql`
		DELETE FROM usage_counters
		WHERE (scope LIKE 's:%' AND window_start < ${new Date(nowMs - 60_000)})
			OR (scope LIKE 'h:%' AND window_start < ${new Date(nowMs - 2 * 3_600_000)})
			OR (scope LIKE 'd:%' AND window_start < ${new Date(nowMs - 2 * 86_400_000)})
			OR (scope LIKE 'm:%' AND window_start < ${new Date(nowMs - 400 * 86_400_000)})`
}

export { perSecondScope, trialDayScope }
