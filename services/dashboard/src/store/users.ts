import { createAccount } from '@lv/accounts'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { asSql } from './transaction.ts'

const UNIQUE_VIOLATION = '23505'

export type NewUser = { email: string; passwordHash: string; accountName: string }

/** One transaction: a new account on Starter and its first dashboard user. */
export async function signUpUser(sql: Sql, clock: Clock, input: NewUser): Promise<{ userId: string; accountId: string } | 'email_taken'> {
	try {
		return await sql.begin(async (tx) => {
			const account = await createAccount(asSql(tx), clock, { name: input.accountName, plan: 'starter' })
			const userId = crypto.randomUUID()
			await tx`
				INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
				VALUES (${userId}, ${account.id}, ${input.email}, ${input.passwordHash}, ${clock.now()})`
			return { userId, accountId: account.id }
		})
	} catch (error) {
		if ((error as { code?: string }).code === UNIQUE_VIOLATION) return 'email_taken'
		throw error
	}
}

export async function findUserByEmail(sql: Sql, email: string): Promise<{ id: string; passwordHash: string } | null> {
	const [row] = await sql<{ id: string; password_hash: string }[]>`SELECT id, password_hash FROM dashboard_users WHERE email = ${email}`
	return row ? { id: row.id, passwordHash: row.password_hash } : null
}
