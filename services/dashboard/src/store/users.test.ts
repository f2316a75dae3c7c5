import { describe, expect, test } from 'bun:test'
import { createAccount } from '@lv/accounts'
import { DAY, TestClock } from '@lv/clock'
import { lockWaiterCount, statementsWaitingOnLocks, waitFor } from '@lv/testing'
import { startSignInSession } from '../auth/sessions.ts'
import { changePassword } from './users.ts'
import { databasePerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-25T12:00:00.000Z')
const env = databasePerFile()

describe('changePassword', () => {
	test('a sign-in that verified the old password while the change is being written gets no session, and no session of the old password is left', async () => {
		const { id: accountId } = await createAccount(env.db.sql, clock, { name: 'changes password', plan: 'starter' })
		const user = { id: crypto.randomUUID(), passwordHash: 'old hash' }
		await env.db.sql`
			INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
			VALUES (${user.id}, ${accountId}, 'changes@example.com', ${user.passwordHash}, ${clock.now()})`
		const changing = await startSignInSession(env.db.sql, clock, user, DAY)
		const other = await startSignInSession(env.db.sql, clock, user, DAY)
		if (!changing || !other) throw new Error('no session started')
		let change: Promise<unknown> | undefined
		let signIn: Promise<unknown> | undefined
		let signedIn = false
		// The change has written the new hash and waits at the other session (held here) while the sign-in goes on.
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM dashboard_sessions WHERE user_id = ${user.id} FOR KEY SHARE`
			change = changePassword(env.db.sql, clock, user.id, 'new hash', changing.token)
			await statementsWaitingOnLocks(env.db.sql, 1)
			signIn = startSignInSession(env.db.sql, clock, user, DAY).then((session) => {
				signedIn = true
				return session
			})
			await waitFor(async () => signedIn || (await lockWaiterCount(env.db.sql)) === 2, { what: 'the sign-in finished or waiting' })
		})
		const [, session] = await Promise.all([change, signIn])
		expect(session).toBeNull()
		expect(await env.db.sql`SELECT 1 FROM dashboard_sessions WHERE user_id = ${user.id}`).toHaveLength(1)
	})
})
