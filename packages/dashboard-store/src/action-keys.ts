import type { Sql, TransactionSql } from '@lv/db'

/**
 * Whether the key was issued by the dashboard for one of its own calls to the gateway (table
 * dashboard_action_keys belongs to the dashboard, which marks such keys as it issues them).
 */
export async function isDashboardActionKey(sql: Sql | TransactionSql, keyId: string): Promise<boolean> {
	const rows = await sql`SELECT 1 FROM dashboard_action_keys WHERE key_id = ${keyId}`
	return rows.length > 0
}
