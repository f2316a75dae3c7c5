import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createAccount } from '@lv/accounts'
import { DAY, TestClock } from '@lv/clock'
import { type TestDatabase, createTestDatabase, lockWaiterCount, statementsWaitingOnLocks, waitFor } from '@lv/testing'
import { startSignInSession } from '../auth/sessions.ts'
import { changePassword } from './users.ts'

const clock = new TestClock('2026-11-25T12:00:00.000Z')
let db: TestDatabase

beforeAll(async () => {
	db = await createTestDatabase()
}, 30_000)
afterAll(async () => {
	await db.drop()
})

describe('changePassword', () => {
	test('a sign-in that verified the old password while the change is being written gets no session, and no session of the old password is left', async () => {
		const { id: accountId } = await createAccount(db.sql, clock, { name: 'changes password', plan: 'starter' })
		const user = { id: crypto.randomUUID(), passwordHash: 'old hash' }
		await db.sql`
			INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
			VALUES (${user.id}, ${accountId}, 'changes@example.com', ${user.passwordHash}, ${clock.now()})`
		const changing = await startSignInSession(db.sql, clock, user, DAY)
		const other = await startSignInSession(db.sql, clock, user, DAY)
		if (!changing || !other) throw new Error('no session started')
		let change: Promise<unknown> | undefined
		let signIn: Promise<unknown> | undefined
		let signedIn = false
		// The change has written the new hash and waits at the other session (held here) while the sign-in goes on.
		await db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM dashboard_sessions WHERE user_id = ${user.id} FOR KEY SHARE`
			change = changePassword(db.sql, clock, user.id, 'new hash', changing.token)
			await statementsWaitingOnLocks(db.sql, 1)
			signIn = startSignInSession(db.sql, clock, user, DAY).then((session) => {
				signedIn = true
				return session
			})
			await waitFor(async () => signedIn || (await lockWaiterCount(db.sql)) === 2, { what: 'the sign-in finished or waiting' })
		})
		const [, session] = await Promise.all([change, signIn])
		expect(session).toBeNull()
		expect(await db.sql`SELECT 1 FROM dashboard_sessions WHERE user_id = ${user.id}`).toHaveLength(1)
	})
})
