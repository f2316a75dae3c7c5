import { describe, expect, test } from 'bun:test'
import { t } from 'elysia'
import { connectBus } from '@lv/bus'
import { ManualTimers, TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { startNats, startTcpProxy, waitFor } from '@lv/testing'
import { createApp } from './app.ts'
import { HEALTH_CACHE_MS, HEALTH_PROBE_TIMEOUT_MS } from './routes/health.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile('gateway-test')
const config = {
	PUBLIC_BASE_URL: 'http://localhost',
	PRICING_URL: 'https://example.test/pricing',
	APP_URL: 'http://localhost:8090',
	CHECKER_TIMEOUT_MS: 500,
	LIMITS_STORE_TIMEOUT_MS: 2_000,
	TRUSTED_PROXIES: ''
}

const appFor = () => createApp({ sql: env.db.sql, bus: env.bus, clock: new TestClock(), logger: silentLogger, config })
const get = (path: string, init?: RequestInit) => appFor().handle(new Request(`http://localhost${path}`, init))

describe('gateway shell', () => {
	test('an unknown route is 404 not_found / route_not_found in the envelope', async () => {
		const response = await get('/v1/nope')
		expect(response.status).toBe(404)
		expect(await response.json()).toEqual({ error: expect.any(String), code: 'not_found', details: { reason: 'route_not_found' } })
	})

	test('a method no route takes at a path some route has is 405 method_not_allowed with Allow naming the methods taken there', async () => {
		const app = appFor()
		const call = (method: string, path: string) => app.handle(new Request(`http://localhost${path}`, { method }))
		for (const [method, path, allow] of [
			['DELETE', '/v1/jurisdictions', 'GET'],
			['POST', '/v1/operators/acme-gaming', 'GET'],
			['PUT', '/v1/watchlist/operators', 'GET, POST'],
			['PUT', '/v1/check/batch', 'POST']
		] as const) {
			const response = await call(method, path)
			expect({ method, path, status: response.status, allow: response.headers.get('allow') }).toEqual({ method, path, status: 405, allow })
			expect(await response.json()).toEqual({
				error: expect.any(String),
				code: 'method_not_allowed',
				details: { reason: 'method_not_allowed' }
			})
		}
		expect((await call('DELETE', '/v1/nope')).status).toBe(404)
		expect((await call('HEAD', '/v1/nope')).status).toBe(404)
	})

	test('every response carries a request id, and a sane incoming one is kept', async () => {
		const fresh = await get('/v1/nope')
		expect(fresh.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/)
		const kept = await get('/v1/health', { headers: { 'x-request-id': 'abc-123-def-456' } })
		expect(kept.headers.get('x-request-id')).toBe('abc-123-def-456')
		const app = appFor()
		const ids = await Promise.all(
			Array.from({ length: 500 }, async () => (await app.handle(new Request('http://localhost/v1/nope'))).headers.get('x-request-id'))
		)
		expect(new Set(ids).size).toBe(500)
	})

	test('a schema violation is 400 invalid_query / invalid_input naming the field, never 422', async () => {
		const app = appFor().post('/test/body', ({ body }) => body, { body: t.Object({ domains: t.Array(t.String(), { minItems: 1 }) }) })
		const response = await app.handle(
			new Request('http://localhost/test/body', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"domains":[]}' })
		)
		expect(response.status).toBe(400)
		const body = await response.json()
		expect(body.code).toBe('invalid_query')
		expect(body.details).toEqual({ reason: 'invalid_input', field: 'domains' })
	})

	test('malformed JSON is 400 invalid_query / invalid_input', async () => {
		const app = appFor().post('/test/body', ({ body }) => body, { body: t.Object({ a: t.String() }) })
		const response = await app.handle(
			new Request('http://localhost/test/body', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' })
		)
		expect(response.status).toBe(400)
		expect((await response.json()).details.reason).toBe('invalid_input')
	})

	test('an unhandled failure is 500 server_error / internal_error with no stack or SQL in the body', async () => {
		const app = appFor().get('/test/boom', async () => {
			await env.db.sql`SELECT * FROM no_such_table_here`
		})
		const response = await app.handle(new Request('http://localhost/test/boom'))
		expect(response.status).toBe(500)
		const text = await response.text()
		expect(JSON.parse(text)).toEqual({ error: expect.any(String), code: 'server_error', details: { reason: 'internal_error' } })
		expect(text).not.toContain('no_such_table_here')
		expect(text).not.toContain('at ')
	})

	test('GET /v1/health is 200 while PostgreSQL and NATS answer', async () => {
		const response = await get('/v1/health')
		expect(response.status).toBe(200)
		expect(await response.json()).toMatchObject({ status: 'ok', checks: { database: true, bus: true } })
	})
})

describe('GET /v1/health with a dependency down', () => {
	test('is 503 when NATS is stopped', async () => {
		const ownNats = await startNats()
		const ownBus = await connectBus({ servers: ownNats.url, name: 'health-test' })
		const clock = new TestClock()
		const app = createApp({ sql: env.db.sql, bus: ownBus, clock, logger: silentLogger, config })
		expect((await app.handle(new Request('http://localhost/v1/health'))).status).toBe(200)
		await ownNats.stop()
		// One probe answers for a second (routes/health.ts).
		clock.advance(HEALTH_CACHE_MS)
		const response = await app.handle(new Request('http://localhost/v1/health'))
		expect(response.status).toBe(503)
		expect(await response.json()).toMatchObject({ status: 'unavailable', checks: { bus: false } })
		await ownBus.close().catch(() => {})
	})

	test('is 503 within its probe timeout when NATS stops answering over a connection still open', async () => {
		const relay = startTcpProxy({ hostname: '127.0.0.1', port: env.nats.port })
		const stalledBus = await connectBus({ servers: `nats://127.0.0.1:${relay.port}`, name: 'health-stalled-test' })
		const timers = new ManualTimers()
		const app = createApp({
			sql: env.db.sql,
			bus: stalledBus,
			clock: new TestClock(),
			logger: silentLogger,
			config,
			healthProbeTimer: timers.startTimer
		})
		relay.silent()
		let answered = false
		const response = app.handle(new Request('http://localhost/v1/health')).finally(() => {
			answered = true
		})
		await timers.started()
		const [databaseProbe] = timers.pending
		await waitFor(() => databaseProbe?.cancelled, { intervalMs: 5, what: 'the database probe answered' })
		expect({ answered, deadlines: timers.pending.map((timer) => timer.ms) }).toEqual({
			answered: false,
			deadlines: [HEALTH_PROBE_TIMEOUT_MS, HEALTH_PROBE_TIMEOUT_MS]
		})
		timers.fireAll()
		expect((await response).status).toBe(503)
		expect(await (await response).json()).toMatchObject({ status: 'unavailable', checks: { database: true, bus: false } })
		await stalledBus.close().catch(() => {})
		relay.stop()
	})

	test('is 503 when PostgreSQL is unreachable', async () => {
		const { createSql } = await import('@lv/db')
		const deadSql = createSql('postgres://postgres@127.0.0.1:1/none', { max: 1, connectTimeoutSeconds: 1 })
		const app = createApp({ sql: deadSql, bus: env.bus, clock: new TestClock(), logger: silentLogger, config })
		const response = await app.handle(new Request('http://localhost/v1/health'))
		expect(response.status).toBe(503)
		expect(await response.json()).toMatchObject({ checks: { database: false, bus: true } })
		await deadSql.end({ timeout: 1 })
	})
})
