import { awaitKeyChangesApplied } from '@lv/accounts'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { randomToken, sha256 } from '../auth/tokens.ts'
import { revokeUserGrants } from '../oauth/oauth-store.ts'
import { asSql } from './transaction.ts'

export async function findUserByEmail(sql: Sql, email: string): Promise<{ id: string; passwordHash: string } | null> {
	const [row] = await sql<{ id: string; password_hash: string }[]>`SELECT id, password_hash FROM dashboard_users WHERE email = ${email}`
	return row ? { id: row.id, passwordHash: row.password_hash } : null
}

export async function passwordHashOf(sql: Sql, userId: string): Promise<string | null> {
	const [row] = await sql<{ password_hash: string }[]>`SELECT password_hash FROM dashboard_users WHERE id = ${userId}`
	return row?.password_hash ?? null
}

/**
 * One transaction: the new password hash, and every session of the user ended except the one
 * that made the change, so whoever else held the old password's sessions is signed out; the
 * assistant connections the user approved end too. The kept session continues under a new
 * token (returned for its cookie), so a stolen copy of its cookie is signed out as well.
 */
export async function changePassword(
	sql: Sql,
	clock: Clock,
	userId: string,
	passwordHash: string,
	keepSessionToken: string
): Promise<{ sessionToken: string; endedSessions: number; endedGrants: number }> {
	const sessionToken = randomToken()
	const ended = await sql.begin(async (tx) => {
		await tx`UPDATE dashboard_users SET password_hash = ${passwordHash} WHERE id = ${userId}`
		const sessions =
			await tx`DELETE FROM dashboard_sessions WHERE user_id = ${userId} AND token_hash <> ${sha256(keepSessionToken)} RETURNING id`
		await tx`UPDATE dashboard_sessions SET token_hash = ${sha256(sessionToken)} WHERE token_hash = ${sha256(keepSessionToken)}`
		const endedGrants = await revokeUserGrants(asSql(tx), clock, userId, 'password_change')
		return { sessionToken, endedSessions: sessions.length, endedGrants }
	})
	return grantKeysDropped(sql, clock, ended)
}

/**
 * Sign out everywhere: one transaction ends every session of the user, this one included, and the
 * assistant connections the user approved, so the next call of any of them is refused.
 */
export async function signOutEverywhere(sql: Sql, clock: Clock, userId: string): Promise<{ endedSessions: number; endedGrants: number }> {
	const ended = await sql.begin(async (tx) => {
		const sessions = await tx`DELETE FROM dashboard_sessions WHERE user_id = ${userId} RETURNING id`
		const endedGrants = await revokeUserGrants(asSql(tx), clock, userId, 'sign_out_everywhere')
		return { endedSessions: sessions.length, endedGrants }
	})
	return grantKeysDropped(sql, clock, ended)
}

/** Once the transaction has committed: returns when every gateway replica has dropped the ended grants' keys (ADR 0031). */
async function grantKeysDropped<T extends { endedGrants: number }>(sql: Sql, clock: Clock, ended: T): Promise<T> {
	if (ended.endedGrants > 0) await awaitKeyChangesApplied(sql, clock)
	return ended
}
