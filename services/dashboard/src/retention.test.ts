import { describe, expect, test } from 'bun:test'
import { createAccount } from '@lv/accounts'
import { DAY, TestClock } from '@lv/clock'
import { databasePerFile } from '@lv/testing/per-file'
import { startSession } from './auth/sessions.ts'
import { BULK_JOB_RETENTION_DAYS, jobDeletedAt, pruneEndedJobs } from './bulk/job-retention.ts'
import { createJob, findJobForWorker, storeBatches } from './bulk/job-store.ts'
import { UNUSED_CLIENT_RETENTION_MS } from './oauth/oauth-retention.ts'
import { approveGrant, issueRefreshToken, redeemCode, registerClient, revokeAccountGrant, rotateRefreshToken } from './oauth/oauth-store.ts'
import { runRetentionPass } from './retention.ts'

const env = databasePerFile()
const clock = new TestClock('2026-11-25T12:00:00.000Z')

describe('bulk check jobs are kept 90 days after they end', () => {
	const now = clock.now()
	const daysAgo = (days: number) => new Date(now.getTime() - days * DAY)

	/** A one-domain job of the account, its answer stored as the worker stores it, then set to `state`. */
	async function job(accountId: string, state: 'ready' | 'running' | 'done' | 'stopped', readAt: Date, finishedAt: Date | null) {
		const entries = [{ line: 1, input: 'site.example', domain: 'site.example' }]
		const report = { lines: 1, header: null, blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }
		const id = await createJob(env.db.sql, { accountId, sourceName: `${state} list`, entries, report, now: readAt })
		if (state !== 'ready') {
			await env.db.sql`INSERT INTO bulk_check_batches (job_id, batch, charged_at) VALUES (${id}, 0, ${readAt})`
			const reply = JSON.stringify({ results: [{ query: { domain: 'site.example' }, verdict: 'not_found', match: null }], _meta: {} })
			await storeBatches(env.db.sql, id, [{ batch: 0, first: 0, count: 1, reply }], readAt)
			await env.db.sql`INSERT INTO bulk_check_summaries (job_id, answered, tallies, licensed_operators) VALUES (${id}, 1, '[]'::jsonb, 0)`
		}
		await env.db.sql`UPDATE bulk_check_jobs SET state = ${state}, started_at = ${readAt}, finished_at = ${finishedAt} WHERE id = ${id}`
		return id
	}
	const rowsOf = async (jobId: string) => {
		const [row] = await env.db.sql<{ n: number }[]>`
			SELECT (SELECT count(*) FROM bulk_check_jobs WHERE id = ${jobId}) + (SELECT count(*) FROM bulk_check_entries WHERE job_id = ${jobId})
				+ (SELECT count(*) FROM bulk_check_batches WHERE job_id = ${jobId}) + (SELECT count(*) FROM bulk_check_results WHERE job_id = ${jobId})
				+ (SELECT count(*) FROM bulk_check_summaries WHERE job_id = ${jobId}) AS n`
		return Number(row?.n)
	}

	test('a job that ended, or a list never started, is deleted with all it holds 90 days on; a running job never is', async () => {
		const { id: accountId } = await createAccount(env.db.sql, clock, { name: 'bulk lists', plan: 'pro' })
		const over = BULK_JOB_RETENTION_DAYS + 1
		const under = BULK_JOB_RETENTION_DAYS - 1
		const gone = [
			await job(accountId, 'done', daysAgo(over + 1), daysAgo(over)),
			await job(accountId, 'stopped', daysAgo(over + 1), daysAgo(over)),
			await job(accountId, 'ready', daysAgo(over), null)
		]
		const kept = [
			await job(accountId, 'done', daysAgo(over), daysAgo(under)),
			await job(accountId, 'ready', daysAgo(under), null),
			await job(accountId, 'running', daysAgo(400), null)
		]
		expect(await rowsOf(gone[0] as string)).toBe(5)

		expect(await pruneEndedJobs(env.db.sql, now)).toBe(3)

		for (const id of gone) expect(await rowsOf(id)).toBe(0)
		for (const id of kept) expect(await findJobForWorker(env.db.sql, id)).not.toBeNull()
		expect(await rowsOf(kept[0] as string)).toBe(5)
	})

	test('the date the pages give is the one the pass deletes the job at', async () => {
		const { id: accountId } = await createAccount(env.db.sql, clock, { name: 'dated list', plan: 'pro' })
		const id = await job(accountId, 'done', daysAgo(10), daysAgo(5))
		const deletedAt = jobDeletedAt((await findJobForWorker(env.db.sql, id)) as NonNullable<Awaited<ReturnType<typeof findJobForWorker>>>)
		expect(deletedAt).toEqual(new Date(daysAgo(5).getTime() + BULK_JOB_RETENTION_DAYS * DAY))
		await pruneEndedJobs(env.db.sql, new Date((deletedAt as Date).getTime() - 1))
		expect(await rowsOf(id)).toBe(5)
		await pruneEndedJobs(env.db.sql, new Date((deletedAt as Date).getTime() + 1))
		expect(await rowsOf(id)).toBe(0)
	})
})

describe('connector grants and registrations', () => {
	/** A signed-in user of a new account approving a newly registered client at the clock's time. */
	async function approval() {
		const { id: accountId } = await createAccount(env.db.sql, clock, { name: 'connector owner', plan: 'starter' })
		const userId = crypto.randomUUID()
		await env.db.sql`
			INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
			VALUES (${userId}, ${accountId}, ${`${userId}@example.com`}, 'not a hash', ${clock.now()})`
		const client = await registerClient(env.db.sql, clock, { clientName: 'assistant', redirectUris: ['https://assistant.example/cb'] })
		const session = await startSession(env.db.sql, clock, userId, DAY)
		const approved = await approveGrant(env.db.sql, clock, {
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
		const [grant] = await env.db.sql<{ key_id: string }[]>`SELECT key_id FROM oauth_grants WHERE id = ${approved.grantId}`
		return { accountId, clientId: client.id, grantId: approved.grantId, keyId: grant?.key_id as string, code: approved.code }
	}

	/** The code exchanged as the token endpoint does: the first refresh token, 30 days. */
	async function connected() {
		const grant = await approval()
		expect((await redeemCode(env.db.sql, clock, grant.code)).outcome).toBe('redeemed')
		return { ...grant, refreshToken: await issueRefreshToken(env.db.sql, clock, grant.grantId) }
	}

	const unusedClient = async (at: string) => {
		clock.set(at)
		return (await registerClient(env.db.sql, clock, { clientName: 'never connected', redirectUris: ['https://assistant.example/cb'] })).id
	}
	const present = async (table: string, column: string, value: string) =>
		(await env.db.sql`SELECT 1 FROM ${env.db.sql(table)} WHERE ${env.db.sql(column)} = ${value}`).length > 0

	test('a grant whose every token lapsed before the usage history goes with its tokens and key, then its unused registration; the rest stay', async () => {
		clock.set('2025-08-01T12:00:00.000Z')
		const lapsed = await connected()
		const refreshed = await connected()
		let token = refreshed.refreshToken
		for (const at of ['2025-08-25T12:00:00.000Z', '2025-09-15T12:00:00.000Z']) {
			clock.set(at)
			const rotation = await rotateRefreshToken(env.db.sql, clock, token, refreshed.clientId)
			if (rotation.outcome !== 'rotated') throw new Error(`not rotated: ${rotation.outcome}`)
			token = rotation.refreshToken
		}
		clock.set('2025-09-20T12:00:00.000Z')
		const revoked = await connected()
		clock.set('2025-09-21T12:00:00.000Z')
		expect(await revokeAccountGrant(env.db.sql, clock, revoked.accountId, revoked.grantId)).toBe(true)
		const oldUnused = await unusedClient('2026-10-20T12:00:00.000Z')
		const newUnused = await unusedClient('2026-11-10T12:00:00.000Z')
		clock.set('2026-11-20T12:00:00.000Z')
		const recent = await approval()

		// 2026-11-25: the usage history starts on 2025-10-01; registrations made before 2026-10-26 and never used go.
		clock.set('2026-11-25T12:00:00.000Z')
		expect(await runRetentionPass(env.db.sql, clock.now())).toMatchObject({ oauthGrants: 2, oauthClients: 3 })

		for (const gone of [lapsed, revoked]) {
			expect(await present('oauth_grants', 'id', gone.grantId)).toBe(false)
			expect(await present('oauth_refresh_tokens', 'grant_id', gone.grantId)).toBe(false)
			expect(await present('oauth_authorization_codes', 'grant_id', gone.grantId)).toBe(false)
			expect(await present('api_keys', 'id', gone.keyId)).toBe(false)
			expect(await present('oauth_clients', 'id', gone.clientId)).toBe(false)
		}
		for (const kept of [refreshed, recent]) {
			expect(await present('oauth_grants', 'id', kept.grantId)).toBe(true)
			expect(await present('api_keys', 'id', kept.keyId)).toBe(true)
			expect(await present('oauth_clients', 'id', kept.clientId)).toBe(true)
		}
		expect(await present('oauth_clients', 'id', oldUnused)).toBe(false)
		expect(await present('oauth_clients', 'id', newUnused)).toBe(true)
	})

	test('a registration an approval is naming is left to it, however old', async () => {
		const held = await unusedClient('2026-01-01T12:00:00.000Z')
		clock.set(new Date(Date.parse('2026-01-01T12:00:00.000Z') + UNUSED_CLIENT_RETENTION_MS + DAY))
		await env.db.sql.begin(async (tx) => {
			await tx`SELECT 1 FROM oauth_clients WHERE id = ${held} FOR KEY SHARE`
			expect((await runRetentionPass(env.db.sql, clock.now())).oauthClients).toBe(0)
		})
		expect(await present('oauth_clients', 'id', held)).toBe(true)
	})
})
