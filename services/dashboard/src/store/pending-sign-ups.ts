import { createAccount } from '@lv/accounts'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { sha256 } from '../auth/tokens.ts'
import { asSql } from './transaction.ts'

const UNIQUE_VIOLATION = '23505'
const SIGN_UP_LOCK_PREFIX = 'lv-sign-up:'

export type PendingSignUp = { email: string; passwordHash: string; accountName: string }

/** Keeps a sign-up until its link is opened (dropping expired ones); only the SHA-256 of the link's token is stored. */
export async function holdSignUp(sql: Sql, clock: Clock, token: string, input: PendingSignUp, ttlMs: number): Promise<void> {
	const now = clock.now()
	await sql`DELETE FROM dashboard_sign_ups WHERE expires_at <= ${now}`
	await sql`
		INSERT INTO dashboard_sign_ups (token_hash, email, password_hash, account_name, created_at, expires_at)
		VALUES (${sha256(token)}, ${input.email}, ${input.passwordHash}, ${input.accountName}, ${now}, ${new Date(now.getTime() + ttlMs)})`
}

/** The unexpired sign-up a link's token stands for, or null. */
export async function findHeldSignUp(sql: Sql, clock: Clock, token: string): Promise<{ email: string; accountName: string } | null> {
	if (token.length === 0 || token.length > 200) return null
	const [row] = await sql<{ email: string; account_name: string }[]>`
		SELECT email, account_name FROM dashboard_sign_ups WHERE token_hash = ${sha256(token)} AND expires_at > ${clock.now()}`
	return row ? { email: row.email, accountName: row.account_name } : null
}

export type Confirmed = { userId: string; accountId: string }

/**
 * One transaction: takes the held sign-up (so a link works once), creates its Starter account and
 * user, and drops every other held sign-up for the same address. 'email_taken' when another link
 * for the address was confirmed first; 'unknown' when the link expired or was used.
 */
export async function confirmSignUp(sql: Sql, clock: Clock, token: string): Promise<Confirmed | 'unknown' | 'email_taken'> {
	if (token.length === 0 || token.length > 200) return 'unknown'
	try {
		return await sql.begin(async (tx) => {
			const now = clock.now()
			const [address] = await tx<{ email: string }[]>`SELECT email FROM dashboard_sign_ups WHERE token_hash = ${sha256(token)}`
			if (!address) return 'unknown' as const
			// One confirmation per address at a time: two links of one address taken together would each hold its own
			// row and wait on the other's (the user's email, then the other link), a deadlock. The second finds its link gone.
			await tx`SELECT pg_advisory_xact_lock(hashtextextended(${SIGN_UP_LOCK_PREFIX + address.email}, 0))`
			const [held] = await tx<{ email: string; password_hash: string; account_name: string }[]>`
				DELETE FROM dashboard_sign_ups WHERE token_hash = ${sha256(token)} AND expires_at > ${now}
				RETURNING email, password_hash, account_name`
			if (!held) return 'unknown' as const
			const account = await createAccount(asSql(tx), clock, { name: held.account_name, plan: 'starter' })
			const userId = crypto.randomUUID()
			await tx`
				INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
				VALUES (${userId}, ${account.id}, ${held.email}, ${held.password_hash}, ${now})`
			await tx`DELETE FROM dashboard_sign_ups WHERE email = ${held.email}`
			return { userId, accountId: account.id }
		})
	} catch (error) {
		if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'email_taken'
		throw error
	}
}
