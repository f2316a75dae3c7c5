import { beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { startNats } from '@lv/testing'
import { readCsvObjects, readNdjson } from '../../../exporter/src/test-support/csv-reader.ts'
import { TEST_EXPORTER_CONFIG } from '../../../exporter/src/test-support/exporter-config.ts'
import { seeder } from '../../../exporter/src/test-support/seed.ts'
import { type TestAccount, accountWithKey, bearer } from '../test-support/accounts.ts'
import { TEST_CONFIG, testApp } from '../test-support/gateway.ts'
import { exportStackPerFile } from '../test-support/export-stack.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T06:00:00.000Z')
const BULK_LICENCES = 300
let pro: TestAccount
let enterprise: TestAccount

const env = exportStackPerFile('export-route-test', clock, async (sql) => {
	const seed = seeder(sql, READ_AT)
	const acme = await seed.operator('acme-gaming', 'Acme Gaming')
	const licence = await seed.licence(acme, { number: '000-039217-R-319300-001' })
	await seed.link(acme, 'acmebet.co.uk', { licence })
	const beta = await seed.operator('beta-bets', 'Beta Bets')
	for (let i = 0; i < BULK_LICENCES - 1; i++)
		await seed.licence(beta, {
			number: `MGA/B2C/${String(i).padStart(4, '0')}/2020`,
			jurisdiction: 'MGA',
			status: i % 3 === 0 ? 'revoked' : 'active'
		})
	for (const code of ['UKGC', 'MGA']) await seed.finishRun(code, READ_AT)
	await sql`INSERT INTO plans (code, name, monthly_quota, per_second_limit, watchlist_cap, webhook_cap, polls_per_hour, exports_per_day, trial_daily_cap, is_trial, rank)
		VALUES ('two_exports', 'Two exports', NULL, NULL, 5, 1, 10, 2, NULL, false, 9)`
})

beforeAll(async () => {
	pro = await accountWithKey(env.db.sql, clock, 'pro')
	enterprise = await accountWithKey(env.db.sql, clock, 'enterprise')
})

/** Each call one second after the last, so per-second limits never interfere. */
const get = (path: string, account: TestAccount | null = enterprise, gateway = env.app) => {
	clock.advanceSeconds(1)
	return gateway.handle(new Request(`http://localhost${path}`, { headers: account ? bearer(account.key) : {} }))
}

async function expectError(response: Response, status: number, code: string, reason: string, field?: string) {
	const body = await response.json()
	expect({ status: response.status, code: body.code, reason: body.details?.reason, field: body.details?.field }).toEqual({
		status,
		code,
		reason,
		field
	})
	return body
}

const exportsToday = async (accountId: string) =>
	(await env.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM export_requests WHERE account_id = ${accountId}`)[0]?.n ?? 0

describe('GET /v1/export/{dataset}: files', () => {
	test('default format is CSV with a filename, the size, and every licence with its provenance', async () => {
		const response = await get('/v1/export/licences', pro)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present')
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="licences-2026-11-01.csv"')
		expect(response.headers.get('x-request-id')).toMatch(/^req_/)
		expect(response.headers.get('x-monthly-quota-used')).toBe('1')
		// It carries Last-Modified: without a rule of its own a browser could reuse it heuristically after a register change.
		expect(response.headers.get('cache-control')).toBe('no-store')
		const bytes = new Uint8Array(await response.arrayBuffer())
		expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
		expect(Number(response.headers.get('x-export-bytes'))).toBe(bytes.length)
		expect(response.headers.get('etag')).toBe(`"${new Bun.CryptoHasher('sha256').update(bytes).digest('hex')}"`)
		const rows = readCsvObjects(new TextDecoder().decode(bytes))
		expect(rows).toHaveLength(BULK_LICENCES)
		expect(response.headers.get('x-export-rows')).toBe(String(BULK_LICENCES))
		expect(rows[0]).toMatchObject({
			license_number: '000-039217-R-319300-001',
			status_source_url: 'https://registers.example/ukgc/register',
			last_verified_at: READ_AT.toISOString()
		})
	})

	test('a file carries register data only: no account, key or export request of anyone is in it', async () => {
		const other = await accountWithKey(env.db.sql, clock, 'business')
		await (await get('/v1/export/operators', other)).arrayBuffer()
		const text = await (await get('/v1/export/operators?format=json', pro)).text()
		const [request] = await env.db.sql<{ id: string }[]>`SELECT id FROM export_requests WHERE account_id = ${other.accountId}`
		for (const secret of [other.accountId, other.keyId, other.key.slice(0, 12), pro.accountId, request?.id ?? 'missing'])
			expect(text).not.toContain(secret)
	})

	test('the file is streamed in chunks, not sent as one buffer', async () => {
		const response = await get('/v1/export/licences?format=json', pro)
		const reader = response.body?.getReader()
		if (!reader) throw new Error('no body stream')
		const pieces: number[] = []
		for (let read = await reader.read(); !read.done; read = await reader.read()) pieces.push(read.value.length)
		expect(pieces.length).toBeGreaterThan(1)
		expect(Math.max(...pieces)).toBeLessThanOrEqual(TEST_EXPORTER_CONFIG.EXPORTER_CHUNK_BYTES)
		expect(pieces.reduce((a, b) => a + b, 0)).toBe(Number(response.headers.get('content-length')))
	})

	test('format=json is NDJSON; jurisdiction in any letter case and status slice the rows', async () => {
		const response = await get('/v1/export/licences?format=json&jurisdiction=mga&status=revoked')
		expect(response.headers.get('content-type')).toBe('application/x-ndjson')
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="licences-MGA-revoked-2026-11-01.ndjson"')
		const rows = readNdjson(await response.text())
		expect(rows.length).toBe(Math.ceil((BULK_LICENCES - 1) / 3))
		expect(rows.every((row) => row.jurisdiction_code === 'MGA' && row.status === 'revoked')).toBe(true)
	})

	test('operators and domains export; the status of domains is the link status', async () => {
		const operators = readCsvObjects(await (await get('/v1/export/operators?jurisdiction=UKGC')).text())
		expect(operators.map((row) => row.slug)).toEqual(['acme-gaming'])
		const domains = await get('/v1/export/domains?status=active&format=json')
		expect(domains.status).toBe(200)
		expect(readNdjson(await domains.text()).map((row) => row.hostname)).toEqual(['acmebet.co.uk'])
	})
})

describe('GET /v1/export/{dataset}: refusals', () => {
	test('a dataset other than licences, operators, domains is 404 dataset_not_found', async () => {
		for (const dataset of ['accounts', 'Licences', 'licenses', 'api_keys'])
			await expectError(await get(`/v1/export/${dataset}`), 404, 'not_found', 'dataset_not_found', 'dataset')
	})

	test('as_of is 400 as_of_not_supported whatever else is sent', async () => {
		await expectError(await get('/v1/export/licences?as_of=2026-01-01'), 400, 'invalid_query', 'as_of_not_supported', 'as_of')
		await expectError(await get('/v1/export/domains?format=xml&as_of='), 400, 'invalid_query', 'as_of_not_supported', 'as_of')
	})

	test('a bad format, jurisdiction or status, or a parameter exports do not take, is 400 invalid_input naming it', async () => {
		const cases: [string, string][] = [
			['/v1/export/licences?format=xlsx', 'format'],
			['/v1/export/licences?format=', 'format'],
			['/v1/export/licences?format=CSV', 'format'],
			['/v1/export/licences?jurisdiction=XX', 'jurisdiction'],
			['/v1/export/licences?jurisdiction=UK.GC', 'jurisdiction'],
			['/v1/export/licences?jurisdiction=', 'jurisdiction'],
			['/v1/export/licences?status=licensed', 'status'],
			['/v1/export/domains?status=revoked', 'status'],
			['/v1/export/operators?status=delisted', 'status'],
			['/v1/export/licences?limit=10', 'limit'],
			['/v1/export/licences?format=csv&format=json', 'format'],
			['/v1/export/licences?account_id=other', 'account_id']
		]
		for (const [path, field] of cases) await expectError(await get(path), 400, 'invalid_query', 'invalid_input', field)
	})

	test('HEAD is 405 with Allow: GET and counts nothing (it would otherwise run the whole export)', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		clock.advanceSeconds(1)
		const response = await env.app.handle(
			new Request('http://localhost/v1/export/licences', { method: 'HEAD', headers: bearer(account.key) })
		)
		expect(response.status).toBe(405)
		expect(response.headers.get('allow')).toBe('GET')
		expect(await exportsToday(account.accountId)).toBe(0)
	})

	test('no key is 401; a Starter key is 402 export_requires_pro with plan_tier, required_plan and X-Upgrade-URL', async () => {
		await expectError(await get('/v1/export/licences', null), 401, 'auth_required', 'api_key_missing')
		const starter = await accountWithKey(env.db.sql, clock, 'starter')
		const response = await get('/v1/export/licences', starter)
		const body = await expectError(response, 402, 'payment_required', 'export_requires_pro')
		expect(body.details).toMatchObject({ plan_tier: 'starter', required_plan: 'pro' })
		expect(response.headers.get('x-upgrade-url')).toBe(TEST_CONFIG.PRICING_URL)
		expect(await exportsToday(starter.accountId)).toBe(0)
	})
})

describe('GET /v1/export/{dataset}: daily cap', () => {
	test('over the cap is 429 export_daily_limit_reached with Retry-After and reset_at at 00:00 UTC, API and dashboard exports together', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'two_exports')
		await env.db.sql`INSERT INTO export_requests (id, account_id, dataset, format, requested_at, via)
			VALUES (${crypto.randomUUID()}, ${account.accountId}, 'licences', 'csv', ${clock.now()}, 'dashboard')`
		expect((await get('/v1/export/operators', account)).status).toBe(200)
		const refused = await get('/v1/export/operators', account)
		const body = await expectError(refused, 429, 'rate_limited', 'export_daily_limit_reached')
		expect(body.details).toMatchObject({ limit: 2, current_usage: 2, reset_at: '2026-11-02T00:00:00.000Z', plan_tier: 'two_exports' })
		expect(Number(refused.headers.get('retry-after'))).toBe(Math.ceil((Date.parse('2026-11-02T00:00:00.000Z') - clock.nowMs()) / 1000))
		expect(await exportsToday(account.accountId)).toBe(2)
	})

	test("an export through a dashboard action key is recorded with via 'dashboard', a plain key with via 'api'", async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		await env.db.sql`INSERT INTO dashboard_action_keys (key_id, action, created_at) VALUES (${account.keyId}, 'export', ${clock.now()})`
		await (await get('/v1/export/operators', account)).arrayBuffer()
		await (await get('/v1/export/operators', pro)).arrayBuffer()
		const rows = await env.db.sql<{ account_id: string; via: string }[]>`
			SELECT account_id, via FROM export_requests WHERE account_id IN ${env.db.sql([account.accountId, pro.accountId])} AND dataset = 'operators'`
		expect(rows.filter((row) => row.account_id === account.accountId).map((row) => row.via)).toEqual(['dashboard'])
		expect(new Set(rows.filter((row) => row.account_id === pro.accountId).map((row) => row.via))).toEqual(new Set(['api']))
	})

	test('the cap is per account and resets at 00:00 UTC', async () => {
		const first = await accountWithKey(env.db.sql, clock, 'two_exports')
		const second = await accountWithKey(env.db.sql, clock, 'two_exports')
		for (let i = 0; i < 2; i++) expect((await get('/v1/export/domains', first)).status).toBe(200)
		expect((await get('/v1/export/domains', first)).status).toBe(429)
		expect((await get('/v1/export/domains', second)).status).toBe(200)
		const saved = clock.nowMs()
		clock.set('2026-11-02T00:00:00.000Z')
		expect((await get('/v1/export/domains', first)).status).toBe(200)
		clock.set(saved)
	})

	test('concurrent exports over two gateway replicas never pass the cap', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'two_exports')
		const replicas = [env.app, testApp({ sql: env.db.sql, bus: env.bus, clock })]
		clock.advanceSeconds(1)
		const responses = await Promise.all(
			Array.from({ length: 8 }, (_, i) =>
				(replicas[i % 2] ?? env.app).handle(new Request('http://localhost/v1/export/operators', { headers: bearer(account.key) }))
			)
		)
		const statuses = responses.map((response) => response.status).sort()
		await Promise.all(responses.map((response) => response.arrayBuffer()))
		expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429])
		expect(await exportsToday(account.accountId)).toBe(2)
	})

	test('Pro allows 10 a day and Enterprise has no cap', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		for (let i = 0; i < 10; i++) expect((await get('/v1/export/operators?format=json', account)).status).toBe(200)
		await expectError(await get('/v1/export/operators?format=json', account), 429, 'rate_limited', 'export_daily_limit_reached')
		const unlimited = await accountWithKey(env.db.sql, clock, 'enterprise')
		for (let i = 0; i < 12; i++) expect((await get('/v1/export/operators?format=json', unlimited)).status).toBe(200)
	})

	test('an export the exporter cannot answer is 503 and counts neither against the day nor the month', async () => {
		const empty = await startNats()
		const lonelyBus = await connectBus({ servers: empty.url, name: 'no-exporter' })
		try {
			const lonely = testApp({ sql: env.db.sql, bus: lonelyBus, clock })
			const account = await accountWithKey(env.db.sql, clock, 'pro')
			const response = await get('/v1/export/licences', account, lonely)
			await expectError(response, 503, 'service_unavailable', 'dependency_unavailable')
			expect(await exportsToday(account.accountId)).toBe(0)
			const ok = await get('/v1/export/licences', account)
			expect(ok.headers.get('x-monthly-quota-used')).toBe('1')
			await ok.arrayBuffer()
		} finally {
			await lonelyBus.close()
			await empty.stop()
		}
	})
})

describe('GET /v1/export/{dataset}: fuzzed input', () => {
	const token = fc.oneof(
		fc.constantFrom(
			'format',
			'jurisdiction',
			'status',
			'as_of',
			'csv',
			'json',
			'UKGC',
			'ukgc',
			'active',
			'delisted',
			'revoked',
			'',
			'%',
			'%00',
			'..',
			'licences'
		),
		fc.string({ maxLength: 12 }),
		fc.string({ unit: 'binary', maxLength: 8 })
	)
	const dataset = fc.oneof(fc.constantFrom('licences', 'operators', 'domains'), token)
	const query = fc.array(fc.tuple(token, token), { maxLength: 4 })

	test('a path or query that is not validly percent-encoded is refused with the envelope, never a 500', async () => {
		for (const path of ['/v1/export/%E0%A4%A', '/v1/export/licences?format=%E0', '/v1/export/licences?%zz=1', '/v1/export/licen%00ces']) {
			const response = await get(path)
			const body = await response.json()
			expect([path, response.status < 500, typeof body.details?.reason]).toEqual([path, true, 'string'])
		}
	})

	test('any dataset and query answers 2xx with a file or the error envelope, never a 500', async () => {
		await fc.assert(
			fc.asyncProperty(dataset, query, async (name, pairs) => {
				const search = new URLSearchParams(pairs).toString()
				const response = await get(`/v1/export/${encodeURIComponent(name)}${search ? `?${search}` : ''}`)
				expect(response.status).toBeLessThan(500)
				if (response.status === 200) {
					expect(response.headers.get('content-disposition')).toMatch(
						/^attachment; filename="[a-z]+(-[A-Z0-9]+)?(-[a-z_]+)?-\d{4}-\d{2}-\d{2}\.(csv|ndjson)"$/
					)
					await response.arrayBuffer()
					return
				}
				const body = await response.json()
				expect(typeof body.error).toBe('string')
				expect(typeof body.code).toBe('string')
				expect(typeof body.details.reason).toBe('string')
			}),
			{ numRuns: 150 }
		)
	})
})
