import { accountsWithActivePlan } from '@lv/accounts'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { randomToken, sha256 } from './tokens.ts'

export type SignedInPlan = { code: string; name: string; rank: number; exportsPerDay: number | null }

/** Who is signed in, with what every page shows about the account. `token` is the raw cookie value. */
export type Session = {
	token: string
	userId: string
	email: string
	accountId: string
	accountName: string
	plan: SignedInPlan | null
}

/** Creates a session row holding only the SHA-256 of a new token; the token goes to the cookie. */
export async function startSession(sql: Sql, clock: Clock, userId: string, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
	const started = await insertSession(sql, clock, userId, null, ttlMs)
	if (!started) throw new Error('no such dashboard user')
	return started
}

/**
 * A sign-in's session, written only while `passwordHash` (the hash the sign-in verified) is still the user's:
 * the user's row is read FOR SHARE, so a password change under way is waited for and then refuses the
 * session (null), and a later one ends it.
 */
export function startSignInSession(
	sql: Sql,
	clock: Clock,
	user: { id: string; passwordHash: string },
	ttlMs: number
): Promise<{ token: string; expiresAt: Date } | null> {
	return insertSession(sql, clock, user.id, user.passwordHash, ttlMs)
}

async function insertSession(
	sql: Sql,
	clock: Clock,
	userId: string,
	passwordHash: string | null,
	ttlMs: number
): Promise<{ token: string; expiresAt: Date } | null> {
	const token = randomToken()
	const now = clock.now()
	const expiresAt = new Date(now.getTime() + ttlMs)
	const started = await sql`
		INSERT INTO dashboard_sessions (id, user_id, token_hash, created_at, expires_at, last_seen_at)
		SELECT ${crypto.randomUUID()}, u.id, ${sha256(token)}, ${now}, ${expiresAt}, ${now}
		FROM (SELECT id FROM dashboard_users WHERE id = ${userId} AND (${passwordHash}::text IS NULL OR password_hash = ${passwordHash})
			FOR SHARE) u`
	return started.count === 1 ? { token, expiresAt } : null
}

type SessionRow = {
	user_id: string
	email: string
	account_id: string
	account_name: string
	plan_code: string | null
	plan_name: string | null
	plan_rank: number | null
	exports_per_day: number | null
}

/**
 * The session for a cookie token if it is neither expired nor idle for `idleMs` or longer, or null.
 * Finding it counts as using it: the same statement moves its last use to now.
 */
export async function findSession(sql: Sql, clock: Clock, token: string, idleMs: number): Promise<Session | null> {
	if (token.length === 0 || token.length > 200) return null
	const now = clock.now()
	const [row] = await sql<SessionRow[]>`
		WITH used AS (
			UPDATE dashboard_sessions SET last_seen_at = ${now}
			WHERE token_hash = ${sha256(token)} AND expires_at > ${now} AND last_seen_at > ${new Date(now.getTime() - idleMs)}
			RETURNING user_id
		)
		SELECT u.id AS user_id, u.email, a.account_id, a.account_name, a.plan_code, a.plan_name, a.plan_rank, a.exports_per_day
		FROM used s
		JOIN dashboard_users u ON u.id = s.user_id
		JOIN (${accountsWithActivePlan(sql)}) a ON a.account_id = u.account_id`
	if (!row) return null
	const plan =
		row.plan_code === null || row.plan_name === null || row.plan_rank === null
			? null
			: { code: row.plan_code, name: row.plan_name, rank: row.plan_rank, exportsPerDay: row.exports_per_day }
	return { token, userId: row.user_id, email: row.email, accountId: row.account_id, accountName: row.account_name, plan }
}

/**
 * Inside a transaction writing on the session's behalf: whether the session still exists, its row kept from
 * being deleted until the transaction ends, so a sign-out everywhere (or a password change) that ends it either
 * comes first (and the write is refused) or waits and then also ends what the write made.
 */
export async function holdSession(sql: Sql, token: string): Promise<boolean> {
	const rows = await sql`SELECT 1 FROM dashboard_sessions WHERE token_hash = ${sha256(token)} FOR KEY SHARE`
	return rows.length === 1
}

export async function endSession(sql: Sql, token: string): Promise<void> {
	await sql`DELETE FROM dashboard_sessions WHERE token_hash = ${sha256(token)}`
}

/** Deletes sessions past their lifetime or idle for `idleMs` or longer. */
export async function pruneExpiredSessions(sql: Sql, clock: Clock, idleMs: number): Promise<number> {
	const now = clock.now()
	const rows =
		await sql`DELETE FROM dashboard_sessions WHERE expires_at <= ${now} OR last_seen_at <= ${new Date(now.getTime() - idleMs)} RETURNING id`
	return rows.length
}
