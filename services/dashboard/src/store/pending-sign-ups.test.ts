import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { statementsWaitingOnLocks } from '@lv/testing'
import { confirmSignUp, holdSignUp } from './pending-sign-ups.ts'
import { databasePerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-25T12:00:00.000Z')
const env = databasePerFile()

describe('confirmSignUp', () => {
	test('two links for one address confirmed together: one account, the other link is gone, neither fails', async () => {
		const email = 'twice@example.com'
		for (const token of ['first-link', 'second-link'])
			await holdSignUp(env.db.sql, clock, token, { email, passwordHash: 'not a hash', accountName: 'Twice' }, 60_000)
		let confirmations: Promise<unknown>[] = []
		// Both confirmations hold their own link and wait at the new account (its plan row is held here); then both go on.
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM plans WHERE code = 'starter' FOR UPDATE`
			confirmations = [confirmSignUp(env.db.sql, clock, 'first-link'), confirmSignUp(env.db.sql, clock, 'second-link')]
			await statementsWaitingOnLocks(env.db.sql, 2)
		})
		const outcomes = await Promise.all(confirmations)
		expect(outcomes.filter((outcome) => typeof outcome === 'object')).toHaveLength(1)
		expect(outcomes.filter((outcome) => outcome === 'unknown')).toHaveLength(1)
		expect(await env.db.sql`SELECT 1 FROM dashboard_users WHERE email = ${email}`).toHaveLength(1)
		expect(await env.db.sql`SELECT 1 FROM dashboard_sign_ups WHERE email = ${email}`).toHaveLength(0)
	})
})
