import { beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { awaitKeyChangesApplied, issueApiKey, revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { testApp } from '../test-support/gateway.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-10T12:00:00.000Z')
const env = databaseAndNatsPerFile('usage-test')
let app: ReturnType<typeof testApp>

beforeAll(async () => {
	await insertPlan(env.db.sql, { code: 'usage_tight', monthly_quota: 100, per_second_limit: 2 })
	await insertPlan(env.db.sql, { code: 'usage_open', monthly_quota: null, per_second_limit: null })
	app = testApp({ sql: env.db.sql, bus: env.bus, clock })
})
const get = (key: string, path: string) => app.handle(new Request(`http://localhost${path}`, { headers: bearer(key) }))

type MonthBody = {
	month: string
	calls: number
	refusals: number
	days: { date: string; calls: number; refusals: number }[]
	keys: (
		| { kind: 'key'; key_id: string; name: string | null; revoked: boolean; calls: number; refusals: number }
		| { kind: 'dashboard'; action: string; calls: number; refusals: number }
	)[]
	refusals_by_reason: { reason: string; status: number | null; count: number }[]
}
type UsageBody = {
	plan_tier: string
	quota: { limit: number | null; used: number; remaining: number | null; resets_at: string }
	months: MonthBody[]
}

async function usageOf(key: string, query = ''): Promise<UsageBody> {
	const response = await get(key, `/v1/usage${query}`)
	expect(response.status).toBe(200)
	return (await response.json()) as UsageBody
}

describe('GET /v1/usage', () => {
	test("shows the calling account's calls per day and per key, never another account's", async () => {
		clock.set('2026-11-10T12:00:00.000Z')
		const mine = await accountWithKey(env.db.sql, clock, 'usage_open')
		const theirs = await accountWithKey(env.db.sql, clock, 'usage_open')
		for (let i = 0; i < 3; i++) expect((await get(mine.key, '/v1/watchlist')).status).toBe(200)
		for (let i = 0; i < 5; i++) expect((await get(theirs.key, '/v1/watchlist')).status).toBe(200)

		const body = await usageOf(mine.key)
		const [november, october] = body.months as [MonthBody, MonthBody]
		expect(november.month).toBe('2026-11')
		expect(october.month).toBe('2026-10')
		// Three watchlist calls and this usage call itself.
		expect(november.calls).toBe(4)
		expect(november.days).toHaveLength(10)
		expect(november.days.at(-1)).toEqual({ date: '2026-11-10', calls: 4, refusals: 0 })
		expect(november.keys).toEqual([expect.objectContaining({ key_id: mine.keyId, name: 'test key', revoked: false, calls: 4 })])
		expect(october.days).toHaveLength(31)
		expect(october.calls).toBe(0)
		expect(JSON.stringify(body)).not.toContain(theirs.keyId)
		expect(body.quota).toEqual({ limit: null, used: 4, remaining: null, resets_at: '2026-12-01T00:00:00.000Z' })
	})

	test("reports the dashboard's one-call keys as one entry per action by its record, and a key merely named like one as its own", async () => {
		clock.set('2026-11-10T12:00:00.000Z')
		const account = await accountWithKey(env.db.sql, clock, 'usage_open')
		const named = await issueApiKey(env.db.sql, clock, account.accountId, 'dashboard: bulk')
		for (const action of ['bulk_check', 'bulk_check', 'usage']) {
			const issued = await issueApiKey(env.db.sql, clock, account.accountId, 'dashboard: bulk')
			await env.db.sql`INSERT INTO dashboard_action_keys (key_id, action, created_at) VALUES (${issued.id}, ${action}, ${clock.now()})`
			expect((await get(issued.key, '/v1/watchlist')).status).toBe(200)
		}
		expect((await get(named.key, '/v1/watchlist')).status).toBe(200)

		const [november] = (await usageOf(account.key)).months as [MonthBody, MonthBody]
		expect(november.keys[0]).toEqual({ kind: 'dashboard', action: 'bulk_check', calls: 2, refusals: 0 })
		expect(november.keys).toHaveLength(4)
		expect(november.keys).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ kind: 'key', key_id: account.keyId, calls: 1 }),
				expect.objectContaining({ kind: 'key', key_id: named.id, name: 'dashboard: bulk', calls: 1 }),
				{ kind: 'dashboard', action: 'usage', calls: 1, refusals: 0 }
			])
		)
	})

	test('counts 429s and revoked-key 401s of the account by reason, and the quota used and left', async () => {
		clock.set('2026-11-12T08:00:00.000Z')
		const account = await accountWithKey(env.db.sql, clock, 'usage_tight')
		const statuses = []
		for (let i = 0; i < 3; i++) statuses.push((await get(account.key, '/v1/watchlist')).status)
		expect(statuses).toEqual([200, 200, 429])
		await revokeApiKey(env.db.sql, clock, account.accountId, account.keyId)
		const other = await accountWithKey(env.db.sql, clock, 'usage_tight')
		await env.db.sql`UPDATE api_keys SET account_id = ${account.accountId} WHERE id = ${other.keyId}`
		// Moved by hand: certain on every replica once they have applied it, as the product's writers wait (ADR 0031).
		await awaitKeyChangesApplied(env.db.sql, clock)
		clock.advanceSeconds(1)
		expect((await get(account.key, '/v1/watchlist')).status).toBe(401)

		const body = await usageOf(other.key)
		const [november] = body.months as [MonthBody]
		expect(november.refusals_by_reason).toEqual([
			{ reason: 'api_key_revoked', status: 401, count: 1 },
			{ reason: 'per_second_limit_exceeded', status: 429, count: 1 }
		])
		expect(november.days.find((day) => day.date === '2026-11-12')).toEqual({ date: '2026-11-12', calls: 3, refusals: 2 })
		const revoked = november.keys.find((key) => key.kind === 'key' && key.key_id === account.keyId)
		expect(revoked).toMatchObject({ revoked: true, calls: 2, refusals: 2 })
		// Two watchlist calls and this one charged to the monthly quota of 100.
		expect(body.quota).toMatchObject({ limit: 100, used: 3, remaining: 97 })
	})

	test('puts each call on its own UTC day across the end of a month', async () => {
		clock.set('2026-10-31T23:59:59.500Z')
		const account = await accountWithKey(env.db.sql, clock, 'usage_open')
		expect((await get(account.key, '/v1/watchlist')).status).toBe(200)
		clock.advance(1_000)
		const body = await usageOf(account.key)
		const [november, october] = body.months as [MonthBody, MonthBody]
		expect(november.days).toEqual([{ date: '2026-11-01', calls: 1, refusals: 0 }])
		expect(october.days.at(-1)).toEqual({ date: '2026-10-31', calls: 1, refusals: 0 })
		expect(october.calls).toBe(1)

		const earlier = await usageOf(account.key, '?month=2026-10')
		expect(earlier.months.map((month) => [month.month, month.calls])).toEqual([
			['2026-10', 1],
			['2026-09', 0]
		])
		expect(earlier.months[0]?.days).toHaveLength(31)
	})

	test('a malformed, future or pruned month (more than 12 months back) is 400 invalid_query / invalid_month with details.field month', async () => {
		clock.set('2026-11-15T10:00:00.000Z')
		const { key } = await accountWithKey(env.db.sql, clock, 'usage_open')
		expect((await get(key, '/v1/usage?month=2025-11')).status).toBe(200)
		for (const month of ['2026-13', '2026-1', 'november', '2026-12', '2025-10', '2019-12', '2026-11-01', '']) {
			const response = await get(key, `/v1/usage?month=${encodeURIComponent(month)}`)
			expect(response.status).toBe(400)
			expect(await response.json()).toMatchObject({ code: 'invalid_query', details: { reason: 'invalid_month', field: 'month' } })
		}
	})

	test('fuzzed query strings answer 200 or the 400 envelope, never anything else', async () => {
		clock.set('2026-11-15T10:00:00.000Z')
		const { key } = await accountWithKey(env.db.sql, clock, 'usage_open')
		const valid = /^(\d{4})-(0[1-9]|1[0-2])$/
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.string({ unit: 'binary', maxLength: 40 }).map((month) => `month=${encodeURIComponent(month)}`),
					fc.stringMatching(/^[0-9-]{0,10}$/).map((month) => `month=${month}`),
					fc.date({ noInvalidDate: true }).map((date) => `month=${date.toISOString().slice(0, 7)}`),
					fc.stringMatching(/^[a-z_=&%0-9A-F.;+[\]]{0,40}$/),
					fc.constantFrom('month=%', 'month=%zz', 'month[]=2026-11', 'month=2026-11&month=2026-10', 'month=%00')
				),
				async (query) => {
					const response = await get(key, `/v1/usage?${query}`)
					const month = new URLSearchParams(query).get('month')
					if (response.status === 200) {
						expect(month === null || (valid.test(month) && month >= '2025-11' && month <= '2026-11')).toBe(true)
						return
					}
					expect(response.status).toBe(400)
					const body = (await response.json()) as { code: string; details: { reason: string } }
					expect(body.code).toBe('invalid_query')
					expect(['invalid_month', 'invalid_input']).toContain(body.details.reason)
				}
			),
			{ numRuns: 200 }
		)
	})
})
