import { isDashboardActionKey } from '@lv/dashboard-store'
import { usageRetainedFromMs } from '@lv/quota'
import { type Sql, deleteInBatches } from '@lv/db'
import { AppError } from '@lv/errors'
import type { Plan } from '../limits/plan.ts'
import { secondsUntil, utcDayWindow, type Window } from '@lv/fixed-window'

/** SPEC: exports are for Pro and above; a plan with exports_per_day 0 (starter, trial) is below it. */
export function requireExportPlan(plan: Plan, pricingUrl: string): void {
	if (plan.exportsPerDay !== 0) return
	throw new AppError({
		status: 402,
		code: 'payment_required',
		reason: 'export_requires_pro',
		message: 'Bulk export is available on Pro and above.',
		extras: { plan_tier: plan.code, required_plan: 'pro', suggestion: 'Upgrade to Pro to export whole datasets.' },
		headers: { 'X-Upgrade-URL': pricingUrl }
	})
}

export type ExportAdmission = { admitted: true; requestId: string; used: number } | { admitted: false; used: number; window: Window }

/**
 * Namespace of the per-account advisory lock that makes the daily count exact across gateway
 * replicas (and the dashboard's export button, which takes the same lock; docs/export.md).
 */
export const EXPORT_DAY_LOCK_PREFIX = 'lv-export-day:'

/**
 * Counts one export against the account's UTC day, API and dashboard exports together (table
 * export_requests, any `via`), unless `limit` are already counted; `limit` null is unlimited.
 * The row says `via = 'dashboard'` when the key is one of the dashboard's per-call action keys
 * (the dashboard's @lv/dashboard-store says which), `api` otherwise.
 */
export async function admitExport(
	sql: Sql,
	input: { accountId: string; keyId: string; limit: number | null; dataset: string; format: string; nowMs: number }
): Promise<ExportAdmission> {
	const window = utcDayWindow(input.nowMs)
	return sql.begin(async (tx) => {
		await tx`SELECT pg_advisory_xact_lock(hashtextextended(${EXPORT_DAY_LOCK_PREFIX + input.accountId}, 0))`
		const [row] = await tx<{ n: number }[]>`
			SELECT count(*)::int AS n FROM export_requests
			WHERE account_id = ${input.accountId} AND requested_at >= ${new Date(window.startMs)} AND requested_at < ${new Date(window.resetMs)}`
		const used = row?.n ?? 0
		if (input.limit !== null && used >= input.limit) return { admitted: false, used, window }
		const requestId = crypto.randomUUID()
		const via = (await isDashboardActionKey(tx, input.keyId)) ? 'dashboard' : 'api'
		await tx`
			INSERT INTO export_requests (id, account_id, dataset, format, requested_at, via)
			VALUES (${requestId}, ${input.accountId}, ${input.dataset}, ${input.format}, ${new Date(input.nowMs)}, ${via})`
		return { admitted: true, requestId, used: used + 1 }
	})
}

/** The export was not delivered (the build failed or timed out): it does not count against the day. */
export async function releaseExport(sql: Sql, requestId: string): Promise<void> {
	await sql`DELETE FROM export_requests WHERE id = ${requestId}`
}

const PRUNE_BATCH = 1_000

/**
 * Deletes export requests made before the first day the usage history keeps (the current month and
 * the 13 before it, @lv/quota), a batch at a time by their time (index of 0152); answers how many went.
 * The daily count needs only the current UTC day; the rest is the account's record of who exported what.
 */
export function pruneExportRequests(sql: Sql, nowMs: number): Promise<number> {
	const cutoff = new Date(usageRetainedFromMs(nowMs))
	return deleteInBatches(
		PRUNE_BATCH,
		(limit) => sql`
			DELETE FROM export_requests WHERE id IN (
				SELECT id FROM export_requests WHERE requested_at < ${cutoff} ORDER BY requested_at LIMIT ${limit})`
	)
}

/** 429 rate_limited / export_daily_limit_reached with Retry-After and reset_at at the next 00:00 UTC. */
export function exportDailyLimitReached(input: {
	used: number
	limit: number
	window: Window
	nowMs: number
	planTier: string
	pricingUrl: string
}): AppError {
	return new AppError({
		status: 429,
		code: 'rate_limited',
		reason: 'export_daily_limit_reached',
		message: `Your plan allows ${input.limit} exports per UTC day (API and dashboard together).`,
		extras: {
			current_usage: input.used,
			limit: input.limit,
			reset_at: new Date(input.window.resetMs).toISOString(),
			plan_tier: input.planTier,
			suggestion: 'Retry after 00:00 UTC or upgrade the plan.'
		},
		headers: { 'Retry-After': String(secondsUntil(input.window.resetMs, input.nowMs)), 'X-Upgrade-URL': input.pricingUrl }
	})
}
