import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import type { KeyCache } from './key-cache.ts'

/**
 * Migration 0031's triggers notify this channel from the transaction that revokes or deletes a key,
 * changes an account's plan or plan status, or changes a plan row; migration 0032's when a key is
 * created (`n:<key id>`).
 */
export const KEY_CHANGES_CHANNEL = 'api_key_changes'

export type KeyChange =
	| { kind: 'key'; keyId: string }
	| { kind: 'created'; keyId: string }
	| { kind: 'account'; accountId: string }
	| { kind: 'plan'; code: string }

export function parseKeyChange(payload: string): KeyChange | null {
	const id = payload.slice(2)
	if (id.length === 0) return null
	if (payload.startsWith('k:')) return { kind: 'key', keyId: id }
	if (payload.startsWith('n:')) return { kind: 'created', keyId: id }
	if (payload.startsWith('a:')) return { kind: 'account', accountId: id }
	if (payload.startsWith('p:')) return { kind: 'plan', code: id }
	return null
}

export function applyKeyChange(cache: KeyCache, payload: string): void {
	const change = parseKeyChange(payload)
	if (change === null) cache.flush()
	else if (change.kind === 'created') cache.forgetUnknown()
	else if (change.kind === 'key') {
		// The change may be a new hash, which some caller may have sent before it existed.
		cache.forgetKeyId(change.keyId)
		cache.forgetUnknown()
	} else if (change.kind === 'account') cache.forgetAccount(change.accountId)
	else cache.forgetPlan(change.code)
}

/**
 * LISTENs for changes on a connection of its own (postgres.js re-LISTENs after the connection drops
 * and calls `onlisten` again). Every (re)start of listening flushes the whole cache: notifications
 * sent while nobody listened are lost, so nothing read before can be trusted.
 */
export async function watchKeyChanges(sql: Sql, cache: KeyCache, logger: Logger): Promise<{ stop(): Promise<void> }> {
	const { unlisten } = await sql.listen(
		KEY_CHANGES_CHANNEL,
		(payload) => applyKeyChange(cache, payload),
		() => {
			cache.flush()
			logger.debug('listening for api key changes', { channel: KEY_CHANGES_CHANNEL })
		}
	)
	return { stop: () => unlisten().then(() => undefined) }
}
