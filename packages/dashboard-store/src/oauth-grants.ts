import type { Sql } from '@lv/db'

/**
 * The key a live grant of the account owns (the dashboard records grants as an assistant connector
 * is approved); null once the grant is revoked or was never the account's.
 */
export async function liveGrantKeyId(sql: Sql, grantId: string, accountId: string): Promise<string | null> {
	const [row] = await sql<{ key_id: string }[]>`
		SELECT key_id FROM oauth_grants WHERE id = ${grantId} AND account_id = ${accountId} AND revoked_at IS NULL`
	return row?.key_id ?? null
}
