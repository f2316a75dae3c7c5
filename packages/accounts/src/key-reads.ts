import type { Sql } from '@lv/db'

/** A row of table `plans` as selected. Null caps mean unlimited. */
export type PlanRow = {
	code: string
	name: string
	monthly_quota: number | null
	per_second_limit: number | null
	watchlist_cap: number | null
	webhook_cap: number | null
	polls_per_hour: number | null
	exports_per_day: number | null
	trial_daily_cap: number | null
	is_trial: boolean
	rank: number
}

/** A key with its account's plan columns (null `code` when the account's plan is missing). */
export type KeyWithPlanRow = Omit<PlanRow, 'code'> & {
	code: string | null
	key_id: string
	account_id: string
	key_hash: Uint8Array
	revoked: boolean
	plan_status: string
	used_at: Date | null
	plan_version: string | null
	/** The key revision of the read's snapshot (migration 0137): the row shows every key change up to it. */
	revision: string
}

/**
 * Reads a key by its SHA-256 with its account's plan (and the plans row version, xmin), and stamps
 * last_used_at `now` in the same statement when the key is usable and its stamp is older than `stampBefore`.
 */
export const keyWithPlanByHash = (sql: Sql, keyHash: Uint8Array, now: Date, stampBefore: Date) =>
	sql<KeyWithPlanRow[]>`
		WITH k AS (
			SELECT ak.id AS key_id, ak.account_id, ak.key_hash, ak.revoked_at IS NOT NULL AS revoked, ak.last_used_at, a.plan_status,
				p.code, p.name, p.monthly_quota, p.per_second_limit, p.watchlist_cap, p.webhook_cap, p.polls_per_hour,
				p.exports_per_day, p.trial_daily_cap, p.is_trial, p.rank, p.xmin::text AS plan_version
			FROM api_keys ak
			JOIN accounts a ON a.id = ak.account_id
			LEFT JOIN plans p ON p.code = a.plan_code
			WHERE ak.key_hash = ${Buffer.from(keyHash)}
		),
		stamped AS (
			UPDATE api_keys SET last_used_at = ${now} FROM k
			WHERE api_keys.id = k.key_id AND NOT k.revoked AND k.plan_status = 'active' AND k.code IS NOT NULL
				AND (api_keys.last_used_at IS NULL OR api_keys.last_used_at < ${stampBefore})
			RETURNING api_keys.last_used_at
		)
		SELECT k.*, coalesce((SELECT last_used_at FROM stamped), k.last_used_at) AS used_at,
			(SELECT revision::text FROM key_revision) AS revision
		FROM k`

/**
 * Moves each key's last_used_at forward to its stamp (never back). Rows are locked in id order, so
 * concurrent batches never deadlock.
 */
export async function stampKeysLastUsed(sql: Sql, stamps: ReadonlyMap<string, Date>): Promise<void> {
	const ids = [...stamps.keys()]
	await sql`
		UPDATE api_keys k SET last_used_at = x.at
		FROM (
			SELECT ak.id, s.at FROM unnest(${ids}::uuid[], ${ids.map((id) => (stamps.get(id) as Date).toISOString())}::timestamptz[]) AS s(id, at)
			JOIN api_keys ak ON ak.id = s.id
			ORDER BY ak.id FOR UPDATE OF ak
		) AS x
		WHERE k.id = x.id AND (k.last_used_at IS NULL OR k.last_used_at < x.at)`
}
