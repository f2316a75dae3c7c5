import type { Sql, SqlFragment } from '@lv/db'

/**
 * Pieces of queries over accounts, plans and keys for other owners' statements that must read or
 * change them in the same statement (a session with its account, a grant with its key).
 */

/** Every account with its plan while the plan is active (columns `account_id`, `account_name`, `plan_code`, `plan_name`, `plan_rank`, `exports_per_day`; plan columns null otherwise). */
export const accountsWithActivePlan = (sql: Sql) => sql`
	SELECT a.id AS account_id, a.name AS account_name, p.code AS plan_code, p.name AS plan_name, p.rank AS plan_rank, p.exports_per_day
	FROM accounts a LEFT JOIN plans p ON p.code = a.plan_code AND a.plan_status = 'active'`

/** The account's keys (columns `id`, `label`, `display_prefix`, `created_at`, `last_used_at`, `revoked_at`). */
export const keysOfAccount = (sql: Sql, accountId: string) => sql`
	SELECT id, label, display_prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE account_id = ${accountId}`

/** When each key was last used (columns `id`, `last_used_at`). */
export const keyLastUse = (sql: Sql) => sql`SELECT id, last_used_at FROM api_keys`

/** Revokes the unrevoked keys among `keyIds` (a subquery of one column), returning their `id`s. */
export const revokeKeysAmong = (sql: Sql, keyIds: SqlFragment, now: Date) => sql`
	UPDATE api_keys SET revoked_at = ${now} WHERE id IN (${keyIds}) AND revoked_at IS NULL RETURNING id`
