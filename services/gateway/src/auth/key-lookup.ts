import type { Sql } from '@lv/db'
import { type Plan, type PlanRow, planFromRow } from '../limits/plan.ts'
import { inStatementSpan } from '@lv/tracing'

/** What a key means, as of one read of api_keys, accounts and plans. */
export type KeyRecord = {
	keyId: string
	accountId: string
	keyHash: Uint8Array
	/** `plan_inactive`: the account has no plan or a cancelled one. */
	status: 'live' | 'revoked' | 'plan_inactive'
	/** Set when `status` is `live`. */
	plan: Plan | null
	/** The plans row version as read (xmin, which every update of the row changes): the counting statement re-checks it, so any change to the plan makes the entry stale. */
	planVersion: string | null
	/** last_used_at after this lookup, in ms (null: never used). */
	lastUsedMs: number | null
}

/** last_used_at is refreshed at most this often per key, so a busy key does not rewrite its row on each call. */
export const LAST_USED_GRANULARITY_MS = 60_000

type LookupRow = Omit<PlanRow, 'code'> & {
	code: string | null
	key_id: string
	account_id: string
	key_hash: Uint8Array
	revoked: boolean
	plan_status: string
	used_at: Date | null
	plan_version: string | null
}

/**
 * Reads a key by its SHA-256 with its account's plan, and stamps last_used_at in the same statement
 * when the key is usable and the stamp is older than a minute (later stamps come from last-used.ts).
 */
export async function lookupKey(sql: Sql, keyHash: Uint8Array, nowMs: number): Promise<KeyRecord | null> {
	const now = new Date(nowMs)
	const rows = await inStatementSpan(
		'db look up api key',
		() => sql<LookupRow[]>`
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
				AND (api_keys.last_used_at IS NULL OR api_keys.last_used_at < ${new Date(nowMs - LAST_USED_GRANULARITY_MS)})
			RETURNING api_keys.last_used_at
		)
		SELECT k.*, coalesce((SELECT last_used_at FROM stamped), k.last_used_at) AS used_at FROM k`
	)
	const row = rows[0]
	if (!row) return null
	const status = row.revoked ? 'revoked' : row.plan_status !== 'active' || row.code === null ? 'plan_inactive' : 'live'
	return {
		keyId: row.key_id,
		accountId: row.account_id,
		keyHash: new Uint8Array(row.key_hash),
		status,
		plan: status === 'live' && row.code !== null ? planFromRow({ ...row, code: row.code }) : null,
		planVersion: row.plan_version,
		lastUsedMs: row.used_at?.getTime() ?? null
	}
}
