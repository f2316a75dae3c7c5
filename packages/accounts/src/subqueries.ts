import type { Sql, SqlFragment } from '@lv/db'

/**
 * Pieces of queries over accounts, plans and keys for other owners' statements that must read or
 * change them in the same statement (a session with its account, a grant with its key).
 */

/** Every account with its plan while the plan is active (columns `account_id`, `account_name`, `plan_code`, `plan_name`, `plan_rank`, `exports_per_day`; plan columns null otherwise). */
export const accountsWithActivePlan = (sql: Sql) => sql`
	SELECT a.id AS account_id, a.name AS account_name, p.code AS plan_code, p.name AS plan_name, p.rank AS plan_rank, p.exports_per_day
	FROM accounts a LEFT JOIN plans p ON p.code = a.plan_code AND a.plan_status = 'active'`

/** The accounts whose plan is active (column `id`): those served at all; the others' calls are 402 plan_inactive. */
export const accountIdsWithActivePlan = (sql: Sql) => sql`
	SELECT a.id FROM accounts a JOIN plans p ON p.code = a.plan_code WHERE a.plan_status = 'active'`

/** The account's keys (columns `id`, `label`, `display_prefix`, `created_at`, `last_used_at`, `revoked_at`). */
export const keysOfAccount = (sql: Sql, accountId: string) => sql`
	SELECT id, label, display_prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE account_id = ${accountId}`

/** When each key was last used (columns `id`, `last_used_at`). */
export const keyLastUse = (sql: Sql) => sql`SELECT id, last_used_at FROM api_keys`

/** Revokes the unrevoked keys among `keyIds` (a subquery of one column), returning their `id`s. */
export const revokeKeysAmong = (sql: Sql, keyIds: SqlFragment, now: Date) => sql`
	UPDATE api_keys SET revoked_at = ${now} WHERE id IN (${keyIds}) AND revoked_at IS NULL RETURNING id`

/**
 * For statements prepared once as text (the keyed-call counter): joins the key whose id is
 * `keyIdColumn` as `k`, its account as `a` and the account's plan as `p`. `keyIdColumn` is a
 * column reference of the caller's own statement, never input.
 */
export const keyAccountPlanJoin = (keyIdColumn: string): string =>
	`JOIN api_keys k ON k.id = ${keyIdColumn} JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.code = a.plan_code`

export type LiveKeyPlanRow = {
	account_id: string
	plan_code: string
	plan_version: string
	is_trial: boolean
	per_second_limit: number | null
	quota: number | null
}

/** The plan of an unrevoked key of the account whose plan is active (version = the plans row's xmin); none otherwise. */
export async function liveKeyPlan(sql: Sql, keyId: string, accountId: string): Promise<LiveKeyPlanRow | undefined> {
	const [row] = await sql<LiveKeyPlanRow[]>`
		SELECT a.id AS account_id, a.plan_code, p.xmin::text AS plan_version, p.is_trial, p.per_second_limit,
			CASE WHEN p.is_trial THEN p.trial_daily_cap ELSE p.monthly_quota END AS quota
		FROM api_keys k JOIN accounts a ON a.id = k.account_id JOIN plans p ON p.code = a.plan_code
		WHERE k.id = ${keyId} AND k.account_id = ${accountId} AND k.revoked_at IS NULL AND a.plan_status = 'active'`
	return row
}

/**
 * A condition true when the key whose id is `keyIdColumn` (a column of the caller's own statement,
 * e.g. `d.key_id`, never input) no longer exists.
 */
export const keyGone = (sql: Sql, keyIdColumn: string) => sql`NOT EXISTS (SELECT 1 FROM api_keys WHERE id = ${sql(keyIdColumn)})`

/** Deletes the keys among `keyIds` (a subquery of one column) revoked before `before`, returning their `id`s. */
export const deleteKeysRevokedBefore = (sql: Sql, keyIds: SqlFragment, before: Date) => sql`
	DELETE FROM api_keys WHERE revoked_at < ${before} AND id IN (${keyIds}) RETURNING id`

/** Deletes the keys among `keyIds` (a subquery of one column) whatever their state, returning their `id`s. */
export const deleteKeysAmong = (sql: Sql, keyIds: SqlFragment) => sql`DELETE FROM api_keys WHERE id IN (${keyIds}) RETURNING id`

/** The account's call quota for its plan's window (the trial's daily cap, else the monthly quota); null when unlimited or planless. */
export async function callQuotaOfAccount(sql: Sql, accountId: string): Promise<number | null> {
	const [plan] = await sql<{ quota: number | null }[]>`
		SELECT CASE WHEN p.is_trial THEN p.trial_daily_cap ELSE p.monthly_quota END AS quota FROM accounts a JOIN plans p ON p.code = a.plan_code WHERE a.id = ${accountId}`
	return plan?.quota ?? null
}
