import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { acknowledgeKeys, createAccount, currentKeyRevision } from '@lv/accounts'
import { DAY, TestClock } from '@lv/clock'
import { type TestDatabase, createTestDatabase, waitFor } from '@lv/testing'
import { startSession } from '../auth/sessions.ts'
import { approveGrant, issueRefreshToken, redeemCode, registerClient, rotateRefreshToken } from './oauth-store.ts'

const LEASE_MS = 2_000
const clock = new TestClock('2026-11-24T12:00:00.000Z')
let db: TestDatabase

beforeAll(async () => {
	db = await createTestDatabase()
}, 30_000)
afterAll(async () => {
	await db.drop()
})

/** A live grant of a new account's user, and its one-time code. */
async function approvedGrant() {
	const { id: accountId } = await createAccount(db.sql, clock, { name: 'grant owner', plan: 'starter' })
	const userId = crypto.randomUUID()
	await db.sql`
		INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
		VALUES (${userId}, ${accountId}, ${`${userId}@example.com`}, 'not a hash', ${clock.now()})`
	const client = await registerClient(db.sql, clock, { clientName: 'assistant', redirectUris: ['https://assistant.example/cb'] })
	const session = await startSession(db.sql, clock, userId, DAY)
	const approved = await approveGrant(db.sql, clock, {
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
	if (typeof approved === 'string') throw new Error(`not approved: ${approved}`)
	return { clientId: client.id, grantId: approved.grantId, code: approved.code }
}

/** A gateway replica's check round acknowledging every key change so far; its lease runs on while the clock stands still. */
const replicaAcknowledges = async () =>
	acknowledgeKeys(db.sql, {
		replicaId: 'replica-holding-a-lease',
		revision: await currentKeyRevision(db.sql),
		readAtMs: clock.nowMs(),
		leaseMs: LEASE_MS
	})

/** Runs `reuse` while a replica holds a key lease: it must not return before the replica has acknowledged the grant's end. */
async function answeredOnlyOnceReplicasApplied<T>(grantId: string, reuse: () => Promise<T>): Promise<T> {
	await replicaAcknowledges()
	let returned = false
	const answer = reuse().then((result) => {
		returned = true
		return result
	})
	await waitFor(async () => (await db.sql`SELECT 1 FROM oauth_grants WHERE id = ${grantId} AND revoked_at IS NOT NULL`).length === 1, {
		what: 'the grant ended'
	})
	expect(returned).toBe(false)
	await replicaAcknowledges()
	return answer
}

describe('a reused OAuth code or refresh token ends the grant on every gateway replica before it is answered', () => {
	test('a code presented twice is answered only once every replica holding a key lease has applied the grant ending', async () => {
		const { grantId, code } = await approvedGrant()
		expect((await redeemCode(db.sql, clock, code)).outcome).toBe('redeemed')
		const reused = await answeredOnlyOnceReplicasApplied(grantId, () => redeemCode(db.sql, clock, code))
		expect(reused).toEqual({ outcome: 'reused' })
	})

	test('a spent refresh token presented again is answered only once every replica holding a key lease has applied the grant ending', async () => {
		const { clientId, grantId, code } = await approvedGrant()
		expect((await redeemCode(db.sql, clock, code)).outcome).toBe('redeemed')
		const token = await issueRefreshToken(db.sql, clock, grantId)
		expect((await rotateRefreshToken(db.sql, clock, token, clientId)).outcome).toBe('rotated')
		const reused = await answeredOnlyOnceReplicasApplied(grantId, () => rotateRefreshToken(db.sql, clock, token, clientId))
		expect(reused).toEqual({ outcome: 'reused' })
	})
})

describe('spent and expired OAuth rows are pruned', () => {
	test('a refresh deletes refresh tokens past their 30 days and codes a day past their minute, without any new approval', async () => {
		const { clientId, grantId, code } = await approvedGrant()
		expect((await redeemCode(db.sql, clock, code)).outcome).toBe('redeemed')
		const first = await issueRefreshToken(db.sql, clock, grantId)
		const rotated = await rotateRefreshToken(db.sql, clock, first, clientId)
		if (rotated.outcome !== 'rotated') throw new Error(`not rotated: ${rotated.outcome}`)
		const rows = async () => ({
			tokens: (await db.sql`SELECT 1 FROM oauth_refresh_tokens WHERE grant_id = ${grantId}`).length,
			codes: (await db.sql`SELECT 1 FROM oauth_authorization_codes WHERE grant_id = ${grantId}`).length
		})
		expect(await rows()).toEqual({ tokens: 2, codes: 1 })

		clock.advanceDays(29)
		const next = await rotateRefreshToken(db.sql, clock, rotated.refreshToken, clientId)
		expect(next.outcome).toBe('rotated')
		expect(await rows()).toEqual({ tokens: 3, codes: 0 })

		clock.advanceDays(2)
		if (next.outcome !== 'rotated') throw new Error('not rotated')
		expect((await rotateRefreshToken(db.sql, clock, next.refreshToken, clientId)).outcome).toBe('rotated')
		expect(await rows()).toEqual({ tokens: 2, codes: 0 })
	})
})

describe('an approval of a registration deleted meanwhile', () => {
	test('makes no grant or key and says the client is gone, so the consent answers the unknown-client page rather than a 500', async () => {
		const { id: accountId } = await createAccount(db.sql, clock, { name: 'late approval', plan: 'starter' })
		const userId = crypto.randomUUID()
		await db.sql`
			INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
			VALUES (${userId}, ${accountId}, ${`${userId}@example.com`}, 'not a hash', ${clock.now()})`
		const client = await registerClient(db.sql, clock, { clientName: 'pruned meanwhile', redirectUris: ['https://assistant.example/cb'] })
		const session = await startSession(db.sql, clock, userId, DAY)
		await db.sql`DELETE FROM oauth_clients WHERE id = ${client.id}`

		const approved = await approveGrant(db.sql, clock, {
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

		expect(approved).toBe('client_gone')
		expect(await db.sql`SELECT 1 FROM oauth_grants WHERE user_id = ${userId}`).toHaveLength(0)
		expect(await db.sql`SELECT 1 FROM api_keys WHERE account_id = ${accountId}`).toHaveLength(0)
	})
})
