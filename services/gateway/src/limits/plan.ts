import type { PlanRow } from '@lv/accounts'

/** A row of table `plans` (migration 0002, caps amended by 0030), as the gateway uses it. Null means unlimited. */
export type Plan = {
	code: string
	name: string
	monthlyQuota: number | null
	perSecondLimit: number | null
	watchlistCap: number | null
	webhookCap: number | null
	pollsPerHour: number | null
	exportsPerDay: number | null
	trialDailyCap: number | null
	isTrial: boolean
	rank: number
}

export const planFromRow = (row: PlanRow): Plan => ({
	code: row.code,
	name: row.name,
	monthlyQuota: row.monthly_quota,
	perSecondLimit: row.per_second_limit,
	watchlistCap: row.watchlist_cap,
	webhookCap: row.webhook_cap,
	pollsPerHour: row.polls_per_hour,
	exportsPerDay: row.exports_per_day,
	trialDailyCap: row.trial_daily_cap,
	isTrial: row.is_trial,
	rank: row.rank
})
