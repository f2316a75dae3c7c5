import { keysOfAccount } from '@lv/accounts'
import type { Sql } from '@lv/db'

export type KeyListing = {
	id: string
	label: string
	displayPrefix: string
	createdAt: Date
	lastUsedAt: Date | null
	revokedAt: Date | null
}

/** The account's keys as the keys page shows them: active first, newest first; keys issued for one dashboard action or owned by a connected app's grant are left out. */
export async function listAccountKeys(sql: Sql, accountId: string): Promise<KeyListing[]> {
	const rows = await sql<
		{ id: string; label: string; display_prefix: string; created_at: Date; last_used_at: Date | null; revoked_at: Date | null }[]
	>`
		SELECT k.id, k.label, k.display_prefix, k.created_at, k.last_used_at, k.revoked_at
		FROM (${keysOfAccount(sql, accountId)}) k
		WHERE NOT EXISTS (SELECT 1 FROM dashboard_action_keys d WHERE d.key_id = k.id)
			AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.key_id = k.id)
		ORDER BY (k.revoked_at IS NULL) DESC, k.created_at DESC, k.id`
	return rows.map((row) => ({
		id: row.id,
		label: row.label,
		displayPrefix: row.display_prefix,
		createdAt: row.created_at,
		lastUsedAt: row.last_used_at,
		revokedAt: row.revoked_at
	}))
}
