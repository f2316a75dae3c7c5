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
	const token = randomToken()
	const now = clock.now()
	const expiresAt = new Date(now.getTime() + ttlMs)
	await sql`
		INSERT INTO dashboard_sessions (id, user_id, token_hash, created_at, expires_at)
		VALUES (${crypto.randomUUID()}, ${userId}, ${sha256(token)}, ${now}, ${expiresAt})`
	return { token, expiresAt }
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

/** The unexpired session for a cookie token, or null. */
export async function findSession(sql: Sql, clock: Clock, token: string): Promise<Session | null> {
	if (token.length === 0 || token.length > 200) return null
	const [row] = await sql<SessionRow[]>`
		SELECT u.id AS user_id, u.email, a.id AS account_id, a.name AS account_name,
			p.code AS plan_code, p.name AS plan_name, p.rank AS plan_rank, p.exports_per_day
		FROM dashboard_sessions s
		JOIN dashboard_users u ON u.id = s.user_id
		JOIN accounts a ON a.id = u.account_id
		LEFT JOIN plans p ON p.code = a.plan_code AND a.plan_status = 'active'
		WHERE s.token_hash = ${sha256(token)} AND s.expires_at > ${clock.now()}`
	if (!row) return null
	const plan =
		row.plan_code === null || row.plan_name === null || row.plan_rank === null
			? null
			: { code: row.plan_code, name: row.plan_name, rank: row.plan_rank, exportsPerDay: row.exports_per_day }
	return { token, userId: row.user_id, email: row.email, accountId: row.account_id, accountName: row.account_name, plan }
}

export async function endSession(sql: Sql, token: string): Promise<void> {
	await sql`DELETE FROM dashboard_sessions WHERE token_hash = ${sha256(token)}`
}

export async function pruneExpiredSessions(sql: Sql, clock: Clock): Promise<number> {
	const rows = await sql`DELETE FROM dashboard_sessions WHERE expires_at <= ${clock.now()} RETURNING id`
	return rows.length
}
