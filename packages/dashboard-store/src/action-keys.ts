import type { Sql, TransactionSql } from '@lv/db'

/**
 * Whether the key was issued by the dashboard for one of its own calls to the gateway (table
 * dashboard_action_keys belongs to the dashboard, which marks such keys as it issues them).
 */
export async function isDashboardActionKey(sql: Sql | TransactionSql, keyId: string): Promise<boolean> {
	const rows = await sql`SELECT 1 FROM dashboard_action_keys WHERE key_id = ${keyId}`
	return rows.length > 0
}

/**
 * The dashboard action (e.g. `bulk_check`) of each of `keyIds` that is a dashboard action key. The
 * caller passes keys of one account (as read from that account's rows): the table has no account column.
 */
export async function dashboardActionsOf(sql: Sql, keyIds: readonly string[]): Promise<Map<string, string>> {
	if (keyIds.length === 0) return new Map()
	const rows = await sql<{ key_id: string; action: string }[]>`
		SELECT key_id, action FROM dashboard_action_keys WHERE key_id = ANY(${keyIds}::uuid[])`
	return new Map(rows.map((row) => [row.key_id, row.action]))
}
