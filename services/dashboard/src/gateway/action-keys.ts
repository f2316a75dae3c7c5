import {
	type IssuedKey,
	awaitKeyChangesApplied,
	deleteKeysRevokedBefore,
	issueApiKey,
	keyGone,
	revokeApiKey,
	revokeKeysAmong
} from '@lv/accounts'
import { type Clock, MINUTE } from '@lv/clock'
import type { Sql } from '@lv/db'
import { usageRetainedFromMs } from '@lv/quota'
import { asSql } from '../store/transaction.ts'

export type DashboardAction = 'webhook_test' | 'webhook_manage' | 'watchlist' | 'export' | 'bulk_check' | 'evidence' | 'usage'

const ACTION_KEY_LABEL_PREFIX = 'dashboard: '

/** The label every action key of `action` carries (the API's usage report groups them by dashboard_action_keys, not by it). */
const actionKeyLabel = (action: DashboardAction) => `${ACTION_KEY_LABEL_PREFIX}${action.replace('_', ' ')}`

/** An action key still unrevoked after this long belongs to a call that died; the sweep revokes it. */
export const ACTION_KEY_LIFETIME_MS = 15 * MINUTE
/**
 * Revoked action keys are kept this long (who called what, when), then deleted. Their record in
 * dashboard_action_keys stays as long as usage_daily keeps their calls, so the usage report still
 * names their action.
 */
export const ACTION_KEY_RETENTION_MS = 30 * 24 * 60 * MINUTE
/**
 * The sweep runs before a call at most this often per dashboard process: its statements scan the account keys
 * (11–14 ms at 113,000 keys, ADR 0098), and a key left unrevoked waits a quarter of an hour for it anyway.
 */
export const ACTION_KEY_SWEEP_INTERVAL_MS = MINUTE

/**
 * A key of the account for ONE dashboard call to the gateway. Stored like every key (SHA-256 only)
 * and marked, in the same transaction, so the keys page never lists it.
 */
export function issueActionKey(sql: Sql, clock: Clock, accountId: string, action: DashboardAction): Promise<IssuedKey> {
	return sql.begin(async (tx) => {
		const issued = await issueApiKey(asSql(tx), clock, accountId, actionKeyLabel(action))
		await tx`INSERT INTO dashboard_action_keys (key_id, action, created_at) VALUES (${issued.id}, ${action}, ${clock.now()})`
		return issued
	})
}

export const revokeActionKey = (sql: Sql, clock: Clock, accountId: string, keyId: string) => revokeApiKey(sql, clock, accountId, keyId)

/**
 * Revokes action keys whose call never came back, deletes old revoked ones, and forgets the action
 * of deleted keys created before the first day whose usage is kept (a key calls only while it lives).
 */
export async function sweepActionKeys(sql: Sql, clock: Clock): Promise<{ revoked: number; deleted: number; forgotten: number }> {
	const now = clock.now()
	const expired = sql`SELECT key_id FROM dashboard_action_keys WHERE created_at < ${new Date(now.getTime() - ACTION_KEY_LIFETIME_MS)}`
	const revoked = await revokeKeysAmong(sql, expired, now)
	if (revoked.length > 0) await awaitKeyChangesApplied(sql, clock)
	const deleted = await deleteKeysRevokedBefore(
		sql,
		sql`SELECT key_id FROM dashboard_action_keys`,
		new Date(now.getTime() - ACTION_KEY_RETENTION_MS)
	)
	const forgotten = await sql`
		DELETE FROM dashboard_action_keys d
		WHERE d.created_at < ${new Date(usageRetainedFromMs(now.getTime()))} AND ${keyGone(sql, 'd.key_id')}`
	return { revoked: revoked.length, deleted: deleted.length, forgotten: forgotten.count }
}
