import { keyWithPlanByHash } from '@lv/accounts'
import type { Sql } from '@lv/db'
import { type Plan, planFromRow } from '../limits/plan.ts'
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
	/** The key revision the lookup read at (ADR 0031): the record shows every key change up to it. */
	revision: number
}

/** last_used_at is refreshed at most this often per key, so a busy key does not rewrite its row on each call. */
export const LAST_USED_GRANULARITY_MS = 60_000

/**
 * Reads a key by its SHA-256 with its account's plan, and stamps last_used_at in the same statement
 * when the key is usable and the stamp is older than a minute (later stamps come from last-used.ts).
 */
export async function lookupKey(sql: Sql, keyHash: Uint8Array, nowMs: number): Promise<KeyRecord | null> {
	const now = new Date(nowMs)
	const rows = await inStatementSpan('db look up api key', () =>
		keyWithPlanByHash(sql, keyHash, now, new Date(nowMs - LAST_USED_GRANULARITY_MS))
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
		lastUsedMs: row.used_at?.getTime() ?? null,
		revision: Number(row.revision)
	}
}
