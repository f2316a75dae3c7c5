import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'

/**
 * Revokes a key the way a writer that notifies no replica would (triggers off, so no NOTIFY reaches a
 * key cache), advancing the key revision in the same transaction as the trigger does; returns that
 * revision. Only the counting statement, or a replica's key-lease check round, can then make the
 * revocation apply: a test that expects the next call refused waits for the replicas first, as the
 * product's writers do (`awaitKeyChangesApplied` of `@lv/accounts`).
 */
export function revokeUnannounced(sql: Sql, clock: Clock, keyId: string): Promise<number> {
	return sql.begin(async (tx) => {
		await tx`SET LOCAL session_replication_role = replica`
		await tx`UPDATE api_keys SET revoked_at = ${clock.now()} WHERE id = ${keyId}`
		const [row] = await tx<{ revision: string }[]>`UPDATE key_revision SET revision = revision + 1 RETURNING revision::text AS revision`
		return Number(row?.revision)
	})
}
