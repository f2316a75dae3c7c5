import { Elysia } from 'elysia'
import { namedKeys } from '@lv/accounts'
import { dashboardActionsOf } from '@lv/dashboard-store'
import {
	type MonthUsage,
	type UsageEntry,
	dayOfMs,
	groupDashboardActions,
	monthBounds,
	monthUsage,
	monthlyCallsUsed,
	previousMonth,
	readUsage
} from '@lv/quota'
import { utcMonthWindow } from '@lv/fixed-window'
import type { RouteDeps } from '../app.ts'
import { eachParameterOnce } from '../lookup/query-once.ts'
import { authPlugin } from '../auth/plugin.ts'
import { errorResponses, KEYED_ERRORS } from '../models/error-responses.ts'
import { UsageModel, UsageQuery } from '../models/usage.ts'
import { parseUsageMonth } from '../usage/usage-query.ts'
import { keyedCaller } from './watchlist.ts'

const entryBody = (entry: UsageEntry) =>
	entry.kind === 'dashboard'
		? entry
		: {
				kind: entry.kind,
				key_id: entry.keyId,
				name: entry.label,
				prefix: entry.displayPrefix,
				revoked: entry.revoked,
				calls: entry.calls,
				refusals: entry.refusals
			}

const asBody = (usage: MonthUsage, actionOf: ReadonlyMap<string, string>) => ({
	month: usage.month,
	calls: usage.calls,
	refusals: usage.refusals,
	days: usage.days,
	keys: groupDashboardActions(usage.keys, actionOf).map(entryBody),
	refusals_by_reason: usage.refusalsByReason
})

/** GET /v1/usage: the calling account's calls per day, per key and refusals by reason for two months, and its quota. */
export const usageRoutes = (deps: RouteDeps) => {
	const { sql, clock } = deps
	return new Elysia({ name: 'usage-routes' }).use(authPlugin(deps.auth)).get(
		'/v1/usage',
		async ({ caller, query }) => {
			const { accountId, plan } = keyedCaller(caller)
			const nowMs = clock.nowMs()
			const month = parseUsageMonth(query.month, nowMs)
			const earlier = previousMonth(month)
			// This replica's counts of the last second are written first, so the answer includes this very call.
			await deps.auth.usage.flush()
			const [counts, counted] = await Promise.all([
				readUsage(sql, accountId, dayOfMs(monthBounds(earlier).startMs), dayOfMs(monthBounds(month).endMs)),
				monthlyCallsUsed(sql, accountId, nowMs)
			])
			// The month's row also counts what this replica's allowance lease holds and has not admitted (ADR 0031).
			const used = Math.max(0, counted - (deps.auth.leases?.unadmitted(accountId) ?? 0))
			const keyIds = [...new Set(counts.map((count) => count.keyId))]
			const [keys, actionOf] = await Promise.all([namedKeys(sql, accountId, keyIds), dashboardActionsOf(sql, keyIds)])
			const today = dayOfMs(nowMs)
			const limit = plan.monthlyQuota
			return {
				generated_at: new Date(nowMs).toISOString(),
				plan_tier: plan.code,
				quota: {
					limit,
					used,
					remaining: limit === null ? null : Math.max(0, limit - used),
					resets_at: new Date(utcMonthWindow(nowMs).resetMs).toISOString()
				},
				months: [month, earlier].map((each) => asBody(monthUsage(each, today, counts, keys), actionOf))
			}
		},
		{
			auth: 'required',
			...eachParameterOnce(UsageQuery),
			response: { 200: UsageModel, ...errorResponses(...KEYED_ERRORS) },
			detail: {
				tags: ['usage'],
				summary: "The account's usage",
				description: [
					"Calls per UTC day for a month and the month before it (`month`, default the current month), with each key's calls and the refusals of known keys by reason (401 `api_key_revoked`, 402, 429), and the current month's quota used and left.",
					"`calls` counts every admitted call, including calls answered with an error, which the quota gives back; `quota.used` is the charged count (X-Monthly-Quota-Used). Calls made through assistant connectors are counted under the grant's key; the dashboard's calls are reported as one `kind: dashboard` entry per action (e.g. `bulk_check`), known by the dashboard's record of its one-call keys, never by a key's name.",
					'Other replicas write their counts within a second, so the last second of calls may be missing. This call is counted like any other.'
				].join('\n\n'),
				security: [{ apiKey: [] }]
			}
		}
	)
}
