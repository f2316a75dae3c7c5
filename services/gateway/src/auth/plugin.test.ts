import { beforeAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { awaitKeyChangesApplied, revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { createSql } from '@lv/db'
import { notFound } from '@lv/errors'
import { handleFrom } from '@lv/testing'
import { accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { revokeUnannounced } from '../test-support/revocations.ts'
import { testReplica } from '../test-support/gateway.ts'
import { authPlugin } from './plugin.ts'
import { callUntilKeyCached } from '../test-support/key-cache.ts'
import { limitHeaders } from '../test-support/limit-headers.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile('auth-test')

beforeAll(async () => {
	await insertPlan(env.db.sql, { code: 'tiny', monthly_quota: 5, per_second_limit: null })
	await insertPlan(env.db.sql, { code: 'tiny_trial', trial_daily_cap: 3, is_trial: true })
	await insertPlan(env.db.sql, { code: 'concurrent', monthly_quota: 25, per_second_limit: null })
})

/** How often the read-only keyed probe's handler ran (it may run before its call is admitted). */
let readRequiredRuns = 0

/**
 * A gateway replica with probe routes for each auth mode, and its auth runtime. It holds no lease (no `keyLeaseMs`):
 * these tests prove the per-batch statement path and the key cache, which every call the leases do not admit still
 * takes; the same guarantees with leases are proven in `leases.test.ts`.
 */
function probeReplica(clock: TestClock, config: { TRUSTED_PROXIES?: string; LIMITS_STORE_TIMEOUT_MS?: number } = {}, sql = env.db.sql) {
	const { app, auth } = testReplica({ sql, bus: env.bus, clock, config })
	const withProbes = app.use(
		new Elysia()
			.use(authPlugin(auth))
			.get('/probe/required', ({ caller }) => ({ tier: caller.tier, account: caller.accountId }), { auth: 'required' })
			.get('/probe/public', ({ caller }) => ({ tier: caller.tier }), { auth: 'optional' })
			.get('/probe/other-public', ({ caller }) => ({ tier: caller.tier }), { auth: 'optional' })
			.get('/probe/none', ({ caller }) => ({ tier: caller.tier }), { auth: 'none' })
			.get('/probe/read-public', ({ caller }) => ({ tier: caller.tier, account: caller.accountId }), {
				auth: { mode: 'optional', readOnly: true }
			})
			.get(
				'/probe/read-required',
				({ caller }) => {
					readRequiredRuns++
					return { tier: caller.tier, account: caller.accountId }
				},
				{ auth: { mode: 'required', readOnly: true } }
			)
			.get(
				'/probe/read-missing',
				() => {
					throw notFound('operator_not_found', 'No such operator.')
				},
				{ auth: { mode: 'optional', readOnly: true } }
			)
			.get(
				'/probe/public-missing',
				() => {
					throw notFound('operator_not_found', 'No such operator.')
				},
				{ auth: 'optional' }
			)
			.get(
				'/probe/public-broken',
				() => {
					throw new Error('the handler failed')
				},
				{ auth: 'optional' }
			)
			.get(
				'/probe/missing',
				() => {
					throw notFound('operator_not_found', 'No such operator.')
				},
				{ auth: 'required' }
			)
	)
	return { app: withProbes, auth }
}

const gateway = (...args: Parameters<typeof probeReplica>) => probeReplica(...args).app

/** A call on `path` with a key the replica has cached and counted once, made after its limits store went away. */
async function cachedKeyCallAfterStoreGoesAway(clock: TestClock, path: string): Promise<Response> {
	const account = await accountWithKey(env.db.sql, clock, 'pro')
	const flaky = createSql(env.db.url, { max: 1 })
	try {
		const app = gateway(clock, {}, flaky)
		expect((await call(app, path, bearer(account.key))).status).toBe(200)
		await flaky.end({ timeout: 1 })
		return await call(app, path, bearer(account.key))
	} finally {
		await flaky.end({ timeout: 1 })
	}
}

type App = ReturnType<typeof gateway>
const call = (app: App, path: string, headers: Record<string, string> = {}, peer = '203.0.113.7') =>
	handleFrom(app, new Request(`http://localhost${path}`, { headers }), peer)
const bodyOf = async (response: Response) => (await response.json()) as { code: string; details: Record<string, unknown> }

describe('auth: keys', () => {
	const clock = new TestClock('2026-11-05T10:00:00.000Z')

	test('no Authorization header on a keyed route is 401 auth_required / api_key_missing', async () => {
		const response = await call(gateway(clock), '/probe/required')
		expect(response.status).toBe(401)
		expect(await bodyOf(response)).toMatchObject({ code: 'auth_required', details: { reason: 'api_key_missing' } })
	})

	test('a header that is not Bearer <key> is 401 auth_invalid / malformed_header', async () => {
		for (const header of ['Basic abc', 'Bearer', 'Bearer ', '', 'lvk_0123456789abcdef0123456789abcdef', 'Bearer a b']) {
			const response = await call(gateway(clock), '/probe/required', { authorization: header })
			expect({ header, status: response.status, reason: (await bodyOf(response)).details.reason }).toEqual({
				header,
				status: 401,
				reason: 'malformed_header'
			})
		}
	})

	test('an unknown or wrongly shaped key is 401 auth_invalid / api_key_invalid, on public endpoints too', async () => {
		for (const key of ['lvk_0123456789abcdef0123456789abcdef', 'xyz_0123456789abcdef0123456789abcdef', 'lvk_short', 'a'.repeat(10_000)]) {
			for (const path of ['/probe/required', '/probe/public']) {
				const response = await call(gateway(clock), path, bearer(key))
				expect({ path, status: response.status, body: await bodyOf(response) }).toMatchObject({
					path,
					status: 401,
					body: { code: 'auth_invalid', details: { reason: 'api_key_invalid' } }
				})
			}
		}
	})

	test('a valid key reaches the handler with the account as caller and stamps last_used_at', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const response = await call(gateway(clock), '/probe/required', bearer(account.key))
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ tier: 'keyed', account: account.accountId })
		const [row] = await env.db.sql<{ last_used_at: Date }[]>`SELECT last_used_at FROM api_keys WHERE id = ${account.keyId}`
		expect(row?.last_used_at.toISOString()).toBe(clock.now().toISOString())
	})

	test('revocation is immediate on every replica: the next call on another instance is 401 auth_revoked', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const [replicaA, replicaB] = [gateway(clock), gateway(clock)]
		expect((await call(replicaA, '/probe/required', bearer(account.key))).status).toBe(200)
		expect((await call(replicaB, '/probe/required', bearer(account.key))).status).toBe(200)
		expect(await revokeApiKey(env.db.sql, clock, account.accountId, account.keyId)).toBe(true)
		for (const replica of [replicaB, replicaA]) {
			const response = await call(replica, '/probe/required', bearer(account.key))
			expect(response.status).toBe(401)
			expect(await bodyOf(response)).toMatchObject({ code: 'auth_revoked', details: { reason: 'api_key_revoked' } })
		}
	})

	test('an account with no plan or a cancelled one is 402 payment_required / plan_inactive', async () => {
		const canceled = await accountWithKey(env.db.sql, clock, 'starter')
		await env.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${canceled.accountId}`
		const planless = await accountWithKey(env.db.sql, clock, 'starter')
		await env.db.sql`UPDATE accounts SET plan_code = NULL WHERE id = ${planless.accountId}`
		for (const account of [canceled, planless]) {
			const response = await call(gateway(clock), '/probe/required', bearer(account.key))
			expect(response.status).toBe(402)
			expect(await bodyOf(response)).toMatchObject({ code: 'payment_required', details: { reason: 'plan_inactive' } })
		}
	})

	test('a legacy trial key is 402 endpoint_requires_paid_plan on a keyed route and allowed on a public one', async () => {
		const trial = await accountWithKey(env.db.sql, clock, 'trial')
		const refused = await call(gateway(clock), '/probe/required', bearer(trial.key))
		expect(refused.status).toBe(402)
		expect(await bodyOf(refused)).toMatchObject({ code: 'payment_required', details: { reason: 'endpoint_requires_paid_plan' } })
		const allowed = await call(gateway(clock), '/probe/public', bearer(trial.key))
		expect(allowed.status).toBe(200)
		expect(await allowed.json()).toEqual({ tier: 'trial' })
		expect(allowed.headers.get('x-ratelimit-policy')).toBe('tier=authenticated')
	})

	test('a key sent to an auth: none route is ignored: not validated, not counted', async () => {
		const response = await call(gateway(clock), '/probe/none', bearer('lvk_0123456789abcdef0123456789abcdef'))
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ tier: 'keyless' })
		expect(response.headers.get('x-ratelimit-limit')).toBeNull()
	})
})

describe('limits: monthly quota', () => {
	test('successful keyed responses carry the monthly headers, the 80 % warning, then 429 monthly_request_limit_reached', async () => {
		const clock = new TestClock('2026-11-30T23:59:58.000Z')
		const app = gateway(clock)
		const account = await accountWithKey(env.db.sql, clock, 'tiny')
		const seen: { used: string | null; remaining: string | null; warning: boolean }[] = []
		for (let index = 0; index < 5; index++) {
			const response = await call(app, '/probe/required', bearer(account.key))
			expect(response.status).toBe(200)
			expect(response.headers.get('x-monthly-quota-limit')).toBe('5')
			expect(response.headers.get('x-monthly-quota-reset')).toBe('2026-12-01T00:00:00.000Z')
			expect(response.headers.get('x-ratelimit-limit')).toBe('5')
			expect(response.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2026-12-01T00:00:00Z') / 1000))
			expect(response.headers.get('x-ratelimit-remaining')).toBe(response.headers.get('x-monthly-quota-remaining'))
			expect(response.headers.get('x-ratelimit-policy')).toBeNull()
			expect(response.headers.get('x-upgrade-url')).toBe('https://example.test/pricing')
			seen.push({
				used: response.headers.get('x-monthly-quota-used'),
				remaining: response.headers.get('x-monthly-quota-remaining'),
				warning: response.headers.has('x-monthly-quota-warning')
			})
		}
		expect(seen).toEqual([
			{ used: '1', remaining: '4', warning: false },
			{ used: '2', remaining: '3', warning: false },
			{ used: '3', remaining: '2', warning: false },
			{ used: '4', remaining: '1', warning: true },
			{ used: '5', remaining: '0', warning: true }
		])
		const refused = await call(app, '/probe/required', bearer(account.key))
		expect(refused.status).toBe(429)
		const body = await bodyOf(refused)
		expect(body).toMatchObject({
			code: 'quota_exceeded',
			details: { reason: 'monthly_request_limit_reached', current_usage: 5, limit: 5, plan_tier: 'tiny' }
		})
		expect(Date.parse(String(body.details.reset_at)) / 1000).toBe(Number(refused.headers.get('x-ratelimit-reset')))
		expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
		expect(refused.headers.get('retry-after')).toBeNull()
		expect(refused.headers.get('x-monthly-quota-used')).toBeNull()
		clock.advanceSeconds(2)
		const nextMonth = await call(app, '/probe/required', bearer(account.key))
		expect(nextMonth.status).toBe(200)
		expect(nextMonth.headers.get('x-monthly-quota-used')).toBe('1')
	})

	test('a refused (4xx) response is not charged against the monthly quota', async () => {
		const clock = new TestClock('2026-11-10T12:00:00.000Z')
		const app = gateway(clock)
		const account = await accountWithKey(env.db.sql, clock, 'tiny')
		for (let index = 0; index < 8; index++) expect((await call(app, '/probe/missing', bearer(account.key))).status).toBe(404)
		const response = await call(app, '/probe/required', bearer(account.key))
		expect(response.headers.get('x-monthly-quota-used')).toBe('1')
		expect((await call(app, '/probe/missing', bearer(account.key))).headers.get('x-monthly-quota-used')).toBeNull()
	})

	test('plans without a monthly cap say unlimited and omit the counts', async () => {
		const clock = new TestClock('2026-11-10T12:00:00.000Z')
		const account = await accountWithKey(env.db.sql, clock, 'enterprise')
		const keyed = await call(gateway(clock), '/probe/required', bearer(account.key))
		expect(keyed.headers.get('x-monthly-quota-limit')).toBe('unlimited')
		for (const name of [
			'x-monthly-quota-used',
			'x-monthly-quota-remaining',
			'x-monthly-quota-reset',
			'x-ratelimit-limit',
			'x-ratelimit-remaining',
			'x-ratelimit-reset'
		])
			expect({ name, value: keyed.headers.get(name) }).toEqual({ name, value: null })
		expect(keyed.headers.get('x-ratelimit-policy')).toBe('tier=unlimited')
		const onPublic = await call(gateway(clock), '/probe/public', bearer(account.key))
		expect(onPublic.headers.get('x-ratelimit-policy')).toBe('tier=authenticated')
		expect(onPublic.headers.get('ratelimit-policy')).toBeNull()
	})

	test('two replicas on one database fired at concurrently admit exactly the monthly quota', async () => {
		const clock = new TestClock('2026-11-10T12:00:00.000Z')
		const account = await accountWithKey(env.db.sql, clock, 'concurrent')
		const sqlB = createSql(env.db.url, { max: 10 })
		try {
			const replicas = [gateway(clock), gateway(clock, {}, sqlB)]
			const responses = await Promise.all(
				Array.from({ length: 80 }, (_, index) => call(replicas[index % 2] as App, '/probe/required', bearer(account.key)))
			)
			const statuses = responses.map((response) => response.status)
			expect(statuses.filter((status) => status === 200)).toHaveLength(25)
			expect(statuses.filter((status) => status === 429)).toHaveLength(55)
			const used = responses.map((response) => Number(response.headers.get('x-monthly-quota-used'))).filter((value) => value > 0)
			expect(new Set(used).size).toBe(25)
		} finally {
			await sqlB.end({ timeout: 1 })
		}
	})
})

describe('limits: per-second', () => {
	test('over the plan per-second limit is 429 per_second_limit_exceeded with Retry-After: 1; the next second is open again', async () => {
		const clock = new TestClock('2026-11-10T12:00:00.250Z')
		const app = gateway(clock)
		const account = await accountWithKey(env.db.sql, clock, 'starter')
		for (let index = 0; index < 5; index++) expect((await call(app, '/probe/required', bearer(account.key))).status).toBe(200)
		const refused = await call(app, '/probe/required', bearer(account.key))
		expect(refused.status).toBe(429)
		const body = await bodyOf(refused)
		expect(body).toMatchObject({
			code: 'rate_limited',
			details: { reason: 'per_second_limit_exceeded', limit: 5, plan_tier: 'starter', reset_at: '2026-11-10T12:00:01.000Z' }
		})
		expect(refused.headers.get('retry-after')).toBe('1')
		expect(refused.headers.get('x-ratelimit-limit')).toBe('5')
		expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
		expect(refused.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2026-11-10T12:00:01.000Z') / 1000))
		clock.advance(750)
		const next = await call(app, '/probe/required', bearer(account.key))
		expect(next.status).toBe(200)
		expect(next.headers.get('x-monthly-quota-used')).toBe('6')
	})

	test('refused calls count toward the per-second limit, and all keys of an account share it', async () => {
		const clock = new TestClock('2026-11-10T13:00:00.000Z')
		const app = gateway(clock)
		const account = await accountWithKey(env.db.sql, clock, 'starter')
		const { issueApiKey } = await import('@lv/accounts')
		const second = await issueApiKey(env.db.sql, clock, account.accountId, 'second key')
		for (let index = 0; index < 3; index++) expect((await call(app, '/probe/missing', bearer(account.key))).status).toBe(404)
		expect((await call(app, '/probe/required', bearer(second.key))).status).toBe(200)
		expect((await call(app, '/probe/required', bearer(account.key))).status).toBe(200)
		expect((await call(app, '/probe/required', bearer(second.key))).status).toBe(429)
	})
})

describe('limits: replicas with skewed clocks', () => {
	test('a replica whose clock lags counts into the newer window instead of resetting it', async () => {
		const ahead = new TestClock('2026-11-10T14:00:01.000Z')
		const behind = new TestClock('2026-11-10T14:00:00.900Z')
		const account = await accountWithKey(env.db.sql, ahead, 'starter')
		for (let index = 0; index < 5; index++) expect((await call(gateway(ahead), '/probe/required', bearer(account.key))).status).toBe(200)
		const lagging = await call(gateway(behind), '/probe/required', bearer(account.key))
		expect(lagging.status).toBe(429)
		expect((await bodyOf(lagging)).details.reason).toBe('per_second_limit_exceeded')
	})
})

describe('limits: legacy trial daily cap', () => {
	test('over the daily cap is 429 prelaunch_daily_cap with Retry-After and X-Prelaunch-* headers; the next UTC day is open', async () => {
		const clock = new TestClock('2026-11-10T23:00:00.000Z')
		const app = gateway(clock)
		const trial = await accountWithKey(env.db.sql, clock, 'tiny_trial')
		for (let index = 0; index < 3; index++) expect((await call(app, '/probe/public', bearer(trial.key))).status).toBe(200)
		const refused = await call(app, '/probe/public', bearer(trial.key))
		expect(refused.status).toBe(429)
		expect(await bodyOf(refused)).toMatchObject({
			code: 'rate_limited',
			details: { reason: 'prelaunch_daily_cap', limit: 3, current_usage: 3, reset_at: '2026-11-11T00:00:00.000Z' }
		})
		expect(refused.headers.get('retry-after')).toBe('3600')
		expect(refused.headers.get('x-prelaunch-daily-limit')).toBe('3')
		expect(refused.headers.get('x-prelaunch-daily-used')).toBe('3')
		expect(refused.headers.get('x-prelaunch-daily-reset')).toBe('2026-11-11T00:00:00.000Z')
		clock.advanceHours(1)
		expect((await call(app, '/probe/public', bearer(trial.key))).status).toBe(200)
	})

	test("a legacy trial key's refused (4xx) and failed (5xx) calls are not counted against its day, like any plan's quota", async () => {
		const clock = new TestClock('2026-11-10T10:00:00.000Z')
		const app = gateway(clock)
		const trial = await accountWithKey(env.db.sql, clock, 'tiny_trial')
		for (let index = 0; index < 4; index++) {
			expect((await call(app, '/probe/public-missing', bearer(trial.key))).status).toBe(404)
			expect((await call(app, '/probe/public-broken', bearer(trial.key))).status).toBe(500)
		}
		for (let index = 0; index < 3; index++) expect((await call(app, '/probe/public', bearer(trial.key))).status).toBe(200)
		const refused = await call(app, '/probe/public', bearer(trial.key))
		expect({ status: refused.status, used: refused.headers.get('x-prelaunch-daily-used') }).toEqual({ status: 429, used: '3' })
	})
})

describe('limits: keyless per IP', () => {
	test('10 keyless calls per IP per route per UTC hour with headers, then 429 rate_limited / quota_exceeded', async () => {
		const clock = new TestClock('2026-11-10T12:59:00.000Z')
		const app = gateway(clock)
		const reset = String(Date.parse('2026-11-10T13:00:00Z') / 1000)
		for (let index = 1; index <= 10; index++) {
			const response = await call(app, '/probe/public', {}, '198.51.100.1')
			expect(response.status).toBe(200)
			expect({
				limit: response.headers.get('x-ratelimit-limit'),
				remaining: response.headers.get('x-ratelimit-remaining'),
				reset: response.headers.get('x-ratelimit-reset'),
				policy: response.headers.get('x-ratelimit-policy'),
				ietf: response.headers.get('ratelimit-policy'),
				upgrade: response.headers.get('x-upgrade-url')
			}).toEqual({
				limit: '10',
				remaining: String(10 - index),
				reset,
				policy: 'tier=public;limit=10;window=hour',
				ietf: '"default";q=10;w=3600',
				upgrade: 'https://example.test/pricing'
			})
		}
		const refused = await call(app, '/probe/public', {}, '198.51.100.1')
		expect(refused.status).toBe(429)
		const body = await bodyOf(refused)
		expect(body).toMatchObject({
			code: 'rate_limited',
			details: { reason: 'quota_exceeded', limit: 10, reset_at: '2026-11-10T13:00:00.000Z' }
		})
		expect(Date.parse(String(body.details.reset_at)) / 1000).toBe(Number(refused.headers.get('x-ratelimit-reset')))
		expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
		expect(refused.headers.get('x-ratelimit-policy')).toBe('tier=public;limit=10;window=hour')
		expect((await call(app, '/probe/other-public', {}, '198.51.100.1')).status).toBe(200)
		expect((await call(app, '/probe/public', {}, '198.51.100.2')).status).toBe(200)
		clock.advance(60_000)
		const nextHour = await call(app, '/probe/public', {}, '198.51.100.1')
		expect(nextHour.status).toBe(200)
		expect(nextHour.headers.get('x-ratelimit-remaining')).toBe('9')
	})

	test('a key removes the per-IP cap on a public endpoint', async () => {
		const clock = new TestClock('2026-11-10T15:00:00.000Z')
		const app = gateway(clock)
		for (let index = 0; index < 10; index++) await call(app, '/probe/public', {}, '198.51.100.9')
		expect((await call(app, '/probe/public', {}, '198.51.100.9')).status).toBe(429)
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const keyed = await call(app, '/probe/public', bearer(account.key), '198.51.100.9')
		expect(keyed.status).toBe(200)
		expect(keyed.headers.get('x-ratelimit-policy')).toBe('tier=authenticated')
		expect(keyed.headers.get('ratelimit-policy')).toBeNull()
		expect(keyed.headers.get('x-monthly-quota-used')).toBe('1')
	})

	test('X-Forwarded-For from an untrusted peer is ignored, so a client cannot spoof past the cap', async () => {
		const clock = new TestClock('2026-11-10T16:00:00.000Z')
		const app = gateway(clock)
		for (let index = 0; index < 10; index++) await call(app, '/probe/public', { 'x-forwarded-for': `192.0.2.${index}` }, '198.51.100.20')
		expect((await call(app, '/probe/public', { 'x-forwarded-for': '192.0.2.200' }, '198.51.100.20')).status).toBe(429)
	})

	test('behind a trusted proxy the nearest untrusted X-Forwarded-For hop is the client; prepended hops do not help', async () => {
		const clock = new TestClock('2026-11-10T17:00:00.000Z')
		const app = gateway(clock, { TRUSTED_PROXIES: '10.0.0.0/8' })
		for (let index = 0; index < 10; index++) {
			expect((await call(app, '/probe/public', { 'x-forwarded-for': `6.6.6.${index}, 198.51.100.30, 10.1.1.1` }, '10.0.0.2')).status).toBe(
				200
			)
		}
		expect((await call(app, '/probe/public', { 'x-forwarded-for': '198.51.100.30' }, '10.0.0.3')).status).toBe(429)
		expect((await call(app, '/probe/public', { 'x-forwarded-for': '198.51.100.31' }, '10.0.0.3')).status).toBe(200)
	})
})

describe('read-only routes: the handler runs while the call is counted', () => {
	test('keyless: ten answers with their headers, then the refusal replaces the answer; a handler error keeps its status and headers', async () => {
		const clock = new TestClock('2026-11-11T08:00:00.000Z')
		const app = gateway(clock)
		for (let index = 1; index <= 10; index++) {
			const answered = await call(app, '/probe/read-public', {}, '198.51.100.40')
			expect({ status: answered.status, body: await answered.json(), remaining: answered.headers.get('x-ratelimit-remaining') }).toEqual({
				status: 200,
				body: { tier: 'keyless', account: null },
				remaining: String(10 - index)
			})
			const missing = await call(app, '/probe/read-missing', {}, '198.51.100.40')
			expect({
				status: missing.status,
				reason: (await bodyOf(missing)).details.reason,
				remaining: missing.headers.get('x-ratelimit-remaining')
			}).toEqual({
				status: 404,
				reason: 'operator_not_found',
				remaining: String(10 - index)
			})
			expect(missing.headers.get('x-request-id')).toMatch(/^req_/)
		}
		for (const path of ['/probe/read-public', '/probe/read-missing']) {
			const refused = await call(app, path, {}, '198.51.100.40')
			expect(refused.status).toBe(429)
			expect(await bodyOf(refused)).toMatchObject({ code: 'rate_limited', details: { reason: 'quota_exceeded' } })
			expect(refused.headers.get('x-ratelimit-remaining')).toBe('0')
		}
	})

	test('keyed: a cached key gets its answer with the monthly headers; past the quota the 429 replaces it and nothing is charged for it', async () => {
		const clock = new TestClock('2026-11-11T09:00:00.000Z')
		const app = gateway(clock)
		const account = await accountWithKey(env.db.sql, clock, 'tiny')
		for (let index = 1; index <= 5; index++) {
			const response = await call(app, '/probe/read-required', bearer(account.key))
			expect(response.status).toBe(200)
			expect(await response.json()).toEqual({ tier: 'keyed', account: account.accountId })
			expect(response.headers.get('x-monthly-quota-used')).toBe(String(index))
			clock.advance(1_000)
		}
		const refused = await call(app, '/probe/read-required', bearer(account.key))
		expect(refused.status).toBe(429)
		expect((await bodyOf(refused)).details.reason).toBe('monthly_request_limit_reached')
		const [counted] = await env.db.sql<
			{ quota_count: number }[]
		>`SELECT quota_count FROM limit_counters WHERE subject = ${account.accountId}`
		expect(counted?.quota_count).toBe(5)
	})

	test('a key revoked without any notification is refused 401 although its handler already ran', async () => {
		const clock = new TestClock('2026-11-11T10:00:00.000Z')
		const { app, auth } = probeReplica(clock)
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		await callUntilKeyCached(auth.keys, account.keyId, () => call(app, '/probe/read-required', bearer(account.key)))
		await revokeUnannounced(env.db.sql, clock, account.keyId)
		await awaitKeyChangesApplied(env.db.sql, clock)
		expect(auth.keys.peek(account.keyId)?.status).toBe('live')
		const runs = readRequiredRuns
		const refused = await call(app, '/probe/read-required', bearer(account.key))
		expect(readRequiredRuns).toBe(runs + 1)
		expect(refused.status).toBe(401)
		expect((await bodyOf(refused)).details.reason).toBe('api_key_revoked')
	})

	test('a cached key fails closed with 503 when the limits store goes away', async () => {
		const response = await cachedKeyCallAfterStoreGoesAway(new TestClock('2026-11-11T11:00:00.000Z'), '/probe/read-required')
		expect(response.status).toBe(503)
		expect(await bodyOf(response)).toMatchObject({ code: 'service_unavailable', details: { reason: 'limits_store_unavailable' } })
	})
})

describe('headers of keyed calls that fail on a public endpoint', () => {
	test('a keyed 404 on a public endpoint carries the monthly X-RateLimit-* without its own (released) call and X-Upgrade-URL, but no X-Monthly-Quota-*', async () => {
		const clock = new TestClock('2026-11-12T08:00:00.000Z')
		const app = gateway(clock)
		const account = await accountWithKey(env.db.sql, clock, 'tiny')
		for (let index = 0; index < 2; index++) expect((await call(app, '/probe/public', bearer(account.key))).status).toBe(200)
		for (const path of ['/probe/public-missing', '/probe/read-missing']) {
			const failed = await call(app, path, bearer(account.key))
			expect({ path, status: failed.status, headers: limitHeaders(failed) }).toEqual({
				path,
				status: 404,
				headers: {
					limit: '5',
					remaining: '3',
					reset: String(Date.parse('2026-12-01T00:00:00Z') / 1000),
					upgrade: 'https://example.test/pricing',
					monthly: []
				}
			})
		}
		expect((await call(app, '/probe/public', bearer(account.key))).headers.get('x-monthly-quota-used')).toBe('3')
	})

	test('a keyed call failing with one monthly call left says that call is still left, and the next success takes it', async () => {
		const clock = new TestClock('2026-11-12T09:00:00.000Z')
		const app = gateway(clock)
		const account = await accountWithKey(env.db.sql, clock, 'tiny')
		for (let index = 0; index < 4; index++) expect((await call(app, '/probe/public', bearer(account.key))).status).toBe(200)
		const failed = await call(app, '/probe/public-missing', bearer(account.key))
		expect({ status: failed.status, remaining: failed.headers.get('x-ratelimit-remaining') }).toEqual({ status: 404, remaining: '1' })
		const last = await call(app, '/probe/public', bearer(account.key))
		expect({
			status: last.status,
			used: last.headers.get('x-monthly-quota-used'),
			remaining: last.headers.get('x-ratelimit-remaining')
		}).toEqual({ status: 200, used: '5', remaining: '0' })
	})

	test('an enterprise (unlimited) keyed 404 on a public endpoint carries only X-Upgrade-URL among the limit headers', async () => {
		const clock = new TestClock('2026-11-12T10:00:00.000Z')
		const account = await accountWithKey(env.db.sql, clock, 'enterprise')
		const failed = await call(gateway(clock), '/probe/public-missing', bearer(account.key))
		expect({ status: failed.status, headers: limitHeaders(failed), policy: failed.headers.get('x-ratelimit-policy') }).toEqual({
			status: 404,
			headers: { limit: null, remaining: null, reset: null, upgrade: 'https://example.test/pricing', monthly: [] },
			policy: null
		})
	})

	test('a legacy trial key failing on a public endpoint carries only X-Upgrade-URL (its plan has no monthly cap)', async () => {
		const clock = new TestClock('2026-11-12T11:00:00.000Z')
		const trial = await accountWithKey(env.db.sql, clock, 'trial')
		const failed = await call(gateway(clock), '/probe/public-missing', bearer(trial.key))
		expect({ status: failed.status, headers: limitHeaders(failed) }).toEqual({
			status: 404,
			headers: { limit: null, remaining: null, reset: null, upgrade: 'https://example.test/pricing', monthly: [] }
		})
	})

	test('a keyed 404 on a route that needs a key still carries none of the limit headers', async () => {
		const clock = new TestClock('2026-11-12T12:00:00.000Z')
		const account = await accountWithKey(env.db.sql, clock, 'tiny')
		const failed = await call(gateway(clock), '/probe/missing', bearer(account.key))
		expect({ status: failed.status, headers: limitHeaders(failed) }).toEqual({
			status: 404,
			headers: { limit: null, remaining: null, reset: null, upgrade: null, monthly: [] }
		})
	})
})

describe('refusals of the key on a public endpoint', () => {
	test('401 (malformed header, unknown key, revoked key) and 402 on a public endpoint carry X-Upgrade-URL; a 401 on a keyed route does not', async () => {
		const clock = new TestClock('2026-11-13T08:00:00.000Z')
		const app = gateway(clock)
		const revoked = await accountWithKey(env.db.sql, clock, 'pro')
		await revokeApiKey(env.db.sql, clock, revoked.accountId, revoked.keyId)
		const canceled = await accountWithKey(env.db.sql, clock, 'starter')
		await env.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${canceled.accountId}`
		const cases = [
			{ headers: { authorization: 'Token nope' }, status: 401, reason: 'malformed_header' },
			{ headers: bearer('lvk_0123456789abcdef0123456789abcdef'), status: 401, reason: 'api_key_invalid' },
			{ headers: bearer(revoked.key), status: 401, reason: 'api_key_revoked' },
			{ headers: bearer(canceled.key), status: 402, reason: 'plan_inactive' }
		]
		for (const path of ['/probe/public', '/probe/read-public']) {
			for (const { headers, status, reason } of cases) {
				const refused = await call(app, path, headers)
				expect({
					path,
					status: refused.status,
					reason: (await bodyOf(refused)).details.reason,
					upgrade: refused.headers.get('x-upgrade-url'),
					limit: refused.headers.get('x-ratelimit-limit')
				}).toEqual({
					path,
					status,
					reason,
					upgrade: 'https://example.test/pricing',
					limit: null
				})
			}
		}
		const onKeyedRoute = await call(app, '/probe/required', bearer('lvk_0123456789abcdef0123456789abcdef'))
		expect({ status: onKeyedRoute.status, upgrade: onKeyedRoute.headers.get('x-upgrade-url') }).toEqual({ status: 401, upgrade: null })
	})

	test('a cached key on a read-only public endpoint failing closed (503 limits_store_unavailable) carries X-Upgrade-URL', async () => {
		const response = await cachedKeyCallAfterStoreGoesAway(new TestClock('2026-11-13T09:00:00.000Z'), '/probe/read-public')
		expect({
			status: response.status,
			reason: (await bodyOf(response)).details.reason,
			upgrade: response.headers.get('x-upgrade-url')
		}).toEqual({
			status: 503,
			reason: 'limits_store_unavailable',
			upgrade: 'https://example.test/pricing'
		})
	})
})

describe('limits store unreachable', () => {
	test('keyed and keyless calls fail closed with 503 in the envelope', async () => {
		const deadSql = createSql('postgres://postgres@127.0.0.1:1/none', { max: 1, connectTimeoutSeconds: 1 })
		const clock = new TestClock()
		try {
			const app = gateway(clock, {}, deadSql)
			for (const [path, headers] of [
				['/probe/public', {}],
				['/probe/required', bearer('lvk_0123456789abcdef0123456789abcdef')]
			] as const) {
				const response = await call(app, path, headers)
				expect(response.status).toBe(503)
				expect(await bodyOf(response)).toMatchObject({ code: 'service_unavailable', details: { reason: 'limits_store_unavailable' } })
				// The public endpoint's refusal carries X-Upgrade-URL (SPEC: on every response there); a keyed route's does not.
				expect({ path, upgrade: response.headers.get('x-upgrade-url') }).toEqual({
					path,
					upgrade: path === '/probe/public' ? 'https://example.test/pricing' : null
				})
			}
		} finally {
			await deadSql.end({ timeout: 1 })
		}
	})

	test('a store that accepts connections but never answers: keyed and keyless calls fail closed with 503 once LIMITS_STORE_TIMEOUT_MS has passed, never hang', async () => {
		const clock = new TestClock('2026-11-11T14:00:00.000Z')
		// Accepts connections and reads whatever is sent, but never answers: a wedged database.
		const silent = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
		const hung = createSql(`postgres://nobody@127.0.0.1:${silent.port}/none`, { max: 2, connectTimeoutSeconds: 60 })
		try {
			const app = gateway(clock, { LIMITS_STORE_TIMEOUT_MS: 100 }, hung)
			for (const [path, headers] of [
				['/probe/read-required', bearer('lvk_0123456789abcdef0123456789abcdef')],
				['/probe/public', {}]
			] as const) {
				const refused = await call(app, path, headers)
				expect(refused.status).toBe(503)
				expect(await bodyOf(refused)).toMatchObject({ code: 'service_unavailable', details: { reason: 'limits_store_unavailable' } })
			}
		} finally {
			await hung.end({ timeout: 0 })
			silent.stop(true)
		}
	})
})
