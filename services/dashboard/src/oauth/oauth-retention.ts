import { deleteKeysAmong } from '@lv/accounts'
import { DAY } from '@lv/clock'
import { type Sql, deleteInBatches } from '@lv/db'
import { usageRetainedFromMs } from '@lv/quota'

/** A registration (RFC 7591, open to anyone) that no consent has named this long after it was made is deleted. */
export const UNUSED_CLIENT_RETENTION_MS = 30 * DAY
const BATCH = 1_000

/**
 * Deletes the grants whose every token lapsed (`lapses_at`: the last refresh token's expiry, or the
 * revocation) before the first day the usage history keeps, with their codes, refresh tokens and the
 * hidden key each owns: the key called only while the grant lived, so no usage row still names it and
 * the keys page, which hides grant keys, never shows it. A batch at a time, safe on every replica at once.
 */
export function pruneLapsedGrants(sql: Sql, now: Date): Promise<number> {
	const before = new Date(usageRetainedFromMs(now.getTime()))
	return deleteInBatches(BATCH, async (limit) => {
		const [row] = await sql<{ count: number }[]>`
			WITH chosen AS (
				SELECT id, key_id FROM oauth_grants WHERE lapses_at < ${before} ORDER BY lapses_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
			),
			codes AS (DELETE FROM oauth_authorization_codes WHERE grant_id IN (SELECT id FROM chosen)),
			tokens AS (DELETE FROM oauth_refresh_tokens WHERE grant_id IN (SELECT id FROM chosen)),
			grants AS (DELETE FROM oauth_grants WHERE id IN (SELECT id FROM chosen) RETURNING key_id),
			keys AS (${deleteKeysAmong(sql, sql`SELECT key_id FROM grants`)})
			SELECT count(*)::int AS count FROM grants`
		return { count: row?.count ?? 0 }
	})
}

/**
 * Deletes the registrations made more than `UNUSED_CLIENT_RETENTION_MS` ago that no grant names: never
 * approved, or whose grants were all deleted. One an approval is naming holds a key-share lock
 * (`approveGrant`) and is skipped; an approval after the deletion is told the client is unknown.
 */
export function pruneUnusedClients(sql: Sql, now: Date): Promise<number> {
	const before = new Date(now.getTime() - UNUSED_CLIENT_RETENTION_MS)
	return deleteInBatches(
		BATCH,
		(limit) => sql`
			DELETE FROM oauth_clients WHERE id IN (
				SELECT c.id FROM oauth_clients c
				WHERE c.created_at < ${before} AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.client_id = c.id)
				ORDER BY c.created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`
	)
}
