import type { GatewayClient } from './gateway-client.ts'
import type { Managed } from './webhook-manage.ts'

export type DayCount = { date: string; calls: number; refusals: number }
/** A key's calls, or the dashboard's calls of one action (the API sums its one-call keys per action). */
export type KeyCount = { name: string; prefix: string | null; revoked: boolean; calls: number; refusals: number }
export type ReasonCount = { reason: string; status: number | null; count: number }
export type MonthCounts = { month: string; calls: number; refusals: number; days: DayCount[]; keys: KeyCount[]; reasons: ReasonCount[] }
export type Usage = {
	planTier: string
	quota: { limit: number | null; used: number; remaining: number | null; resetsAt: string }
	months: MonthCounts[]
}

const rowsOf = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : [])
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
const countOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const text = (value: unknown) => (typeof value === 'string' ? value : null)

const dashboardActionName = (action: unknown) => `Dashboard: ${String(action ?? '').replaceAll('_', ' ')}`

/** Keys as the page lists them: each of the account's keys, and the API's one entry per dashboard action. */
const keysOf = (rows: Record<string, unknown>[]): KeyCount[] =>
	rows.map((row) =>
		row.kind === 'dashboard'
			? { name: dashboardActionName(row.action), prefix: null, revoked: false, calls: count(row.calls), refusals: count(row.refusals) }
			: {
					name: text(row.name) ?? 'Deleted key',
					prefix: text(row.prefix),
					revoked: row.revoked === true,
					calls: count(row.calls),
					refusals: count(row.refusals)
				}
	)

function monthOf(row: Record<string, unknown>): MonthCounts {
	return {
		month: String(row.month ?? ''),
		calls: count(row.calls),
		refusals: count(row.refusals),
		days: rowsOf(row.days).map((day) => ({ date: String(day.date ?? ''), calls: count(day.calls), refusals: count(day.refusals) })),
		keys: keysOf(rowsOf(row.keys)),
		reasons: rowsOf(row.refusals_by_reason).map((reason) => ({
			reason: String(reason.reason ?? ''),
			status: countOrNull(reason.status),
			count: count(reason.count)
		}))
	}
}

/** GET /v1/usage as the account; `month` (YYYY-MM) is checked by the API. */
export async function readUsageAsAccount(client: GatewayClient, accountId: string, month: string | null): Promise<Managed<Usage>> {
	const path = month === null ? '/v1/usage' : `/v1/usage?month=${encodeURIComponent(month)}`
	const answer = await client.callAs(accountId, 'usage', 'GET', path)
	if (!answer.ok) return answer
	const body = (await answer.response.json().catch(() => ({}))) as Record<string, unknown>
	const quota = (body.quota ?? {}) as Record<string, unknown>
	return {
		ok: true,
		value: {
			planTier: String(body.plan_tier ?? ''),
			quota: {
				limit: countOrNull(quota.limit),
				used: count(quota.used),
				remaining: countOrNull(quota.remaining),
				resetsAt: String(quota.resets_at ?? '')
			},
			months: rowsOf(body.months).map(monthOf)
		}
	}
}
