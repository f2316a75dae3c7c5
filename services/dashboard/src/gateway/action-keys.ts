import { type IssuedKey, issueApiKey, revokeApiKey } from '@lv/accounts'
import { type Clock, MINUTE } from '@lv/clock'
import type { Sql } from '@lv/db'
import { asSql } from '../store/transaction.ts'

export type DashboardAction = 'webhook_test' | 'webhook_manage' | 'watchlist' | 'export' | 'bulk_check' | 'evidence'

/** An action key still unrevoked after this long belongs to a call that died; the sweep revokes it. */
export const ACTION_KEY_LIFETIME_MS = 15 * MINUTE
/** Revoked action keys are kept this long (who called what, when), then deleted. */
export const ACTION_KEY_RETENTION_MS = 30 * 24 * 60 * MINUTE

/**
 * A key of the account for ONE dashboard call to the gateway. Stored like every key (SHA-256 only)
 * and marked, in the same transaction, so the keys page never lists it.
 */
export function issueActionKey(sql: Sql, clock: Clock, accountId: string, action: DashboardAction): Promise<IssuedKey> {
	return sql.begin(async (tx) => {
		const issued = await issueApiKey(asSql(tx), clock, accountId, `dashboard: ${action.replace('_', ' ')}`)
		await tx`INSERT INTO dashboard_action_keys (key_id, action, created_at) VALUES (${issued.id}, ${action}, ${clock.now()})`
		return issued
	})
}

export const revokeActionKey = (sql: Sql, clock: Clock, accountId: string, keyId: string) => revokeApiKey(sql, clock, accountId, keyId)

/** Revokes action keys whose call never came back, and deletes old revoked ones. */
export async function sweepActionKeys(sql: Sql, clock: Clock): Promise<{ revoked: number; deleted: number }> {
	const now = clock.now()
	const revoked = await sql`
		UPDATE api_keys SET revoked_at = ${now}
		WHERE revoked_at IS NULL
			AND id IN (SELECT key_id FROM dashboard_action_keys WHERE created_at < ${new Date(now.getTime() - ACTION_KEY_LIFETIME_MS)})
		RETURNING id`
	const deleted = await sql`
		DELETE FROM api_keys
		WHERE revoked_at < ${new Date(now.getTime() - ACTION_KEY_RETENTION_MS)}
			AND id IN (SELECT key_id FROM dashboard_action_keys)
		RETURNING id`
	return { revoked: revoked.length, deleted: deleted.length }
}
