import { HOUR } from '@lv/clock'
import type { Sql } from '@lv/db'
import { pruneEndedJobs } from './bulk/job-retention.ts'
import { pruneLapsedGrants, pruneUnusedClients } from './oauth/oauth-retention.ts'

/** How often each dashboard process runs its retention pass. */
export const RETENTION_PASS_EVERY_MS = HOUR

export type DashboardRetentionResult = { bulkJobs: number; oauthGrants: number; oauthClients: number }

/**
 * One pass over the dashboard's tables that grow with time (docs/architecture.md "Retention"): bulk check
 * jobs past their 90 days, connector grants lapsed before the usage history, then registrations no grant names.
 */
export async function runRetentionPass(sql: Sql, now: Date): Promise<DashboardRetentionResult> {
	const bulkJobs = await pruneEndedJobs(sql, now)
	const oauthGrants = await pruneLapsedGrants(sql, now)
	const oauthClients = await pruneUnusedClients(sql, now)
	return { bulkJobs, oauthGrants, oauthClients }
}
