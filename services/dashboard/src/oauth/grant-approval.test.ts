import { describe, expect, test } from 'bun:test'
import { createAccount } from '@lv/accounts'
import { DAY, TestClock } from '@lv/clock'
import { lockWaiterCount, statementsWaitingOnLocks, waitFor } from '@lv/testing'
import { startSession } from '../auth/sessions.ts'
import { signOutEverywhere } from '../store/users.ts'
import { approveGrant, registerClient } from './oauth-store.ts'
import { databasePerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-25T12:00:00.000Z')
const env = databasePerFile()

describe('approveGrant', () => {
	test('an approval still being written when its user signs out everywhere leaves no live grant', async () => {
		const { id: accountId } = await createAccount(env.db.sql, clock, { name: 'signs out', plan: 'starter' })
		const userId = crypto.randomUUID()
		await env.db.sql`
			INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
			VALUES (${userId}, ${accountId}, 'signs-out@example.com', 'not a hash', ${clock.now()})`
		const session = await startSession(env.db.sql, clock, userId, DAY)
		const client = await registerClient(env.db.sql, clock, { clientName: 'assistant', redirectUris: ['https://assistant.example/cb'] })
		let approval: Promise<unknown> | undefined
		let signOut: Promise<unknown> | undefined
		let signedOut = false
		// The approval waits at its grant's client row (held here) while the user signs out everywhere.
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM oauth_clients WHERE id = ${client.id} FOR UPDATE`
			approval = approveGrant(env.db.sql, clock, {
				sessionToken: session.token,
				clientId: client.id,
				clientName: client.clientName,
				userId,
				accountId,
				resource: 'https://api.example.test/mcp/account',
				scope: 'account',
				redirectUri: 'https://assistant.example/cb',
				redirectUriNamed: true,
				codeChallenge: 'challenge'
			})
			await statementsWaitingOnLocks(env.db.sql, 1)
			signOut = signOutEverywhere(env.db.sql, clock, userId).then(() => {
				signedOut = true
			})
			// Either the sign-out finishes at once, or it waits for the approval.
			await waitFor(async () => signedOut || (await lockWaiterCount(env.db.sql)) === 2, { what: 'the sign-out finished or waiting' })
		})
		await Promise.all([approval, signOut])
		expect(await env.db.sql`SELECT 1 FROM oauth_grants WHERE user_id = ${userId} AND revoked_at IS NULL`).toHaveLength(0)
		expect(await env.db.sql`SELECT 1 FROM dashboard_sessions WHERE user_id = ${userId}`).toHaveLength(0)
	})
})
