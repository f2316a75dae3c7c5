import { awaitKeyChangesApplied } from './key-leases.ts'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { displayPrefix, generateApiKey, hashApiKey } from './api-keys.ts'

export type PlanCode = 'trial' | 'starter' | 'pro' | 'business' | 'enterprise'
export const PLAN_CODES: readonly PlanCode[] = ['trial', 'starter', 'pro', 'business', 'enterprise']

export async function createAccount(sql: Sql, clock: Clock, input: { name: string; plan: PlanCode }): Promise<{ id: string }> {
	const id = crypto.randomUUID()
	await sql`INSERT INTO accounts (id, name, plan_code, created_at) VALUES (${id}, ${input.name}, ${input.plan}, ${clock.now()})`
	return { id }
}

export type IssuedKey = { id: string; key: string; displayPrefix: string; label: string }

/** Issues a key; the plaintext is returned here once and never stored. */
export async function issueApiKey(sql: Sql, clock: Clock, accountId: string, label: string): Promise<IssuedKey> {
	const key = generateApiKey()
	const id = crypto.randomUUID()
	const prefix = displayPrefix(key)
	await sql`
		INSERT INTO api_keys (id, account_id, key_hash, display_prefix, label, created_at)
		VALUES (${id}, ${accountId}, ${hashApiKey(key)}, ${prefix}, ${label}, ${clock.now()})`
	return { id, key, displayPrefix: prefix, label }
}

/**
 * Revokes a key of that account; false when the account has no such unrevoked key. Returns once every
 * gateway replica answering keys under a lease has dropped it (ADR 0031; at once when none does), so the
 * key is refused on its very next call everywhere. `sql` must not be a transaction.
 */
export async function revokeApiKey(sql: Sql, clock: Clock, accountId: string, keyId: string): Promise<boolean> {
	const rows = await sql`
		UPDATE api_keys SET revoked_at = ${clock.now()}
		WHERE id = ${keyId} AND account_id = ${accountId} AND revoked_at IS NULL
		RETURNING id`
	if (rows.length === 1) await awaitKeyChangesApplied(sql, clock)
	return rows.length === 1
}

/** The SHA-256 of an unrevoked key; null once it is revoked or gone. */
export async function unrevokedKeyHash(sql: Sql, keyId: string): Promise<Uint8Array | null> {
	const [row] = await sql<{ key_hash: Uint8Array }[]>`SELECT key_hash FROM api_keys WHERE id = ${keyId} AND revoked_at IS NULL`
	return row ? new Uint8Array(row.key_hash) : null
}

export type NamedKey = { keyId: string; label: string; displayPrefix: string; revoked: boolean }

/** The account's keys among `keyIds`, by label and display prefix; ids of other accounts' keys or of deleted keys are left out. */
export async function namedKeys(sql: Sql, accountId: string, keyIds: readonly string[]): Promise<NamedKey[]> {
	if (keyIds.length === 0) return []
	return sql<NamedKey[]>`
		SELECT id AS "keyId", label, display_prefix AS "displayPrefix", revoked_at IS NOT NULL AS revoked FROM api_keys
		WHERE account_id = ${accountId} AND id = ANY(${keyIds}::uuid[])`
}
