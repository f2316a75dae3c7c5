import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { waitFor } from '@lv/testing'
import { holdExportBuild } from '../../../exporter/src/test-support/build-lock.ts'
import { seeder } from '../../../exporter/src/test-support/seed.ts'
import { type TestAccount, accountWithKey, bearer } from '../test-support/accounts.ts'
import { exportStackPerFile } from '../test-support/export-stack.ts'
import { testReplica } from '../test-support/gateway.ts'

const clock = new TestClock('2026-11-26T09:00:00.000Z')
const READ_AT = new Date('2026-11-26T06:00:00.000Z')

const env = exportStackPerFile('export-revalidation-test', clock, async (sql) => {
	const seed = seeder(sql, READ_AT)
	const acme = await seed.operator('acme-gaming', 'Acme Gaming')
	const licence = await seed.licence(acme, { number: '000-039217-R-319300-001' })
	await seed.link(acme, 'acmebet.co.uk', { licence })
	const beta = await seed.operator('beta-bets', 'Beta Bets')
	await seed.licence(beta, { number: 'MGA/B2C/0001/2020', jurisdiction: 'MGA' })
	for (const code of ['UKGC', 'MGA']) await seed.finishRun(code, READ_AT)
	await sql`INSERT INTO plans (code, name, monthly_quota, per_second_limit, watchlist_cap, webhook_cap, polls_per_hour, exports_per_day, trial_daily_cap, is_trial, rank)
		VALUES ('two_exports', 'Two exports', 1000, 1, 5, 1, 10, 2, NULL, false, 9)`
})

type Listening = ReturnType<ReturnType<typeof testReplica>['app']['listen']>
let listening: Listening
let base: string

beforeAll(() => {
	// No key leases: every call is one counting statement, so limit_counters shows each call.
	listening = testReplica({ sql: env.db.sql, bus: env.bus, clock }).app.listen({ port: 0, hostname: '127.0.0.1' })
	base = `http://127.0.0.1:${listening.server?.port}`
})
afterAll(async () => {
	await listening.stop(true)
})

/** Each call in a second of its own, so the per-second limit (1 on `two_exports`) never interferes unless a test wants it to. */
const exportOf = (path: string, account: TestAccount, headers: Record<string, string> = {}) => {
	clock.advanceSeconds(1)
	return fetch(`${base}${path}`, { headers: { ...bearer(account.key), ...headers } })
}

const exportsToday = async (accountId: string) =>
	(await env.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM export_requests WHERE account_id = ${accountId}`)[0]?.n ?? 0

async function counters(accountId: string) {
	const [row] = await env.db.sql<{ second_count: number; quota_count: number }[]>`
		SELECT second_count, quota_count FROM limit_counters WHERE subject = ${accountId}`
	return row ?? { second_count: 0, quota_count: 0 }
}

describe('GET /v1/export/{dataset} with If-None-Match', () => {
	test('naming the current file: 304 with its validators and no body, counted neither against the day nor the month', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'two_exports')
		const first = await exportOf('/v1/export/licences', account)
		const etag = first.headers.get('etag') ?? ''
		await first.arrayBuffer()
		expect(etag).toMatch(/^"[0-9a-f]{64}"$/)

		const again = await exportOf('/v1/export/licences', account, { 'if-none-match': etag })
		expect({
			status: again.status,
			body: await again.text(),
			etag: again.headers.get('etag'),
			cacheControl: again.headers.get('cache-control'),
			lastModified: again.headers.get('last-modified'),
			quotaUsed: again.headers.get('x-monthly-quota-used')
		}).toEqual({
			status: 304,
			body: '',
			etag,
			cacheControl: 'no-store',
			lastModified: first.headers.get('last-modified'),
			quotaUsed: null
		})
		expect(await exportsToday(account.accountId)).toBe(1)
		expect(await counters(account.accountId)).toEqual({ second_count: 1, quota_count: 1 })
	})

	test('a weak form of the tag, a list holding it, or * also match; another tag gets the file and is counted', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'enterprise')
		const first = await exportOf('/v1/export/operators?format=json', account)
		const etag = first.headers.get('etag') ?? ''
		await first.arrayBuffer()
		for (const header of [`W/${etag}`, `"a,b", ${etag}`, '*']) {
			const response = await exportOf('/v1/export/operators?format=json', account, { 'if-none-match': header })
			expect({ header, status: response.status }).toEqual({ header, status: 304 })
		}
		const other = await exportOf('/v1/export/operators?format=json', account, { 'if-none-match': `"${'0'.repeat(64)}"` })
		expect(other.status).toBe(200)
		expect(other.headers.get('etag')).toBe(etag)
		await other.arrayBuffer()
		expect(await exportsToday(account.accountId)).toBe(2)
	})

	test('a 304 still counts toward the per-second limit', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'two_exports')
		const first = await exportOf('/v1/export/domains', account)
		const etag = first.headers.get('etag') ?? ''
		await first.arrayBuffer()
		clock.advanceSeconds(1)
		const unchanged = await fetch(`${base}/v1/export/domains`, { headers: { ...bearer(account.key), 'if-none-match': etag } })
		expect(unchanged.status).toBe(304)
		const limited = await fetch(`${base}/v1/export/domains`, { headers: { ...bearer(account.key), 'if-none-match': etag } })
		expect(limited.status).toBe(429)
		expect(((await limited.json()) as { details: { reason: string } }).details.reason).toBe('per_second_limit_exceeded')
	})

	test('at the daily cap a request naming the current file is 429 like any export: the cap is checked before the file is known', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'two_exports')
		let etag = ''
		for (let i = 0; i < 2; i++) {
			const response = await exportOf('/v1/export/licences?format=json', account)
			etag = response.headers.get('etag') ?? ''
			await response.arrayBuffer()
		}
		const capped = await exportOf('/v1/export/licences?format=json', account, { 'if-none-match': etag })
		expect(capped.status).toBe(429)
		expect(((await capped.json()) as { details: { reason: string } }).details.reason).toBe('export_daily_limit_reached')
	})
})

describe('GET /v1/export/{dataset}: a client that leaves', () => {
	test('before the file is ready (a first build under way): the export is given back to the day and the month', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'enterprise')
		const build = await holdExportBuild(env.db.sql, { dataset: 'domains', jurisdiction: 'MGA', status: null }, 'json')
		clock.advanceSeconds(1)
		const leaving = new AbortController()
		const download = fetch(`${base}/v1/export/domains?format=json&jurisdiction=MGA`, {
			headers: bearer(account.key),
			signal: leaving.signal
		}).catch((error: unknown) => error)
		try {
			await build.waitedFor()
			expect(await exportsToday(account.accountId)).toBe(1)
			leaving.abort()
			expect(await download).toBeInstanceOf(Error)
			await waitFor(async () => (await exportsToday(account.accountId)) === 0, { what: 'the export given back to the day' })
		} finally {
			await build.release()
		}
		await waitFor(async () => (await counters(account.accountId)).quota_count === 0, { what: 'the call given back to the month' })
		expect(await exportsToday(account.accountId)).toBe(0)
	})

	test('after the 200 started: the export counts, as it was answered', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'enterprise')
		clock.advanceSeconds(1)
		const leaving = new AbortController()
		const response = await fetch(`${base}/v1/export/licences?status=active`, { headers: bearer(account.key), signal: leaving.signal })
		expect(response.status).toBe(200)
		await response.body?.getReader().read()
		leaving.abort()
		expect(await exportsToday(account.accountId)).toBe(1)
		expect(await counters(account.accountId)).toMatchObject({ quota_count: 1 })
	})
})
