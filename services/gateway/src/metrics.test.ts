import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { type Bus, connectBus } from '@lv/bus'
import { revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { type NatsHandle, type TestDatabase, createTestDatabase, metricValue, startNats } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../checker/src/test-support/checker-harness.ts'
import { registerFactory } from '../../checker/src/test-support/register-factory.ts'
import { createApp } from './app.ts'
import { createGatewayMetrics, requestMetrics } from './metrics.ts'
import { accountWithKey, bearer } from './test-support/accounts.ts'
import { TEST_CONFIG } from './test-support/gateway.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const make = registerFactory(db.sql, new Date('2026-11-01T11:00:00.000Z'))
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	await make.link(acme, 'acmebet.co.uk', await make.licence(acme, { license_number: '000-012345-R-123456-002' }))
	await make.finishAllRuns()
	bus = await connectBus({ servers: nats.url, name: 'gateway-metrics-test' })
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock })
})

afterAll(async () => {
	await checker.stop()
	await bus.close()
	await nats.stop()
	await db.drop()
})

function appWithMetrics(enabled: boolean) {
	const service = createServiceMetrics('gateway', enabled)
	const app = createApp({ sql: db.sql, bus, clock, logger: silentLogger, config: TEST_CONFIG, metrics: createGatewayMetrics(service) })
	const value = (name: string, labels: Record<string, string> = {}) => metricValue(service.registry, name, labels)
	return { app, value, registry: service.registry }
}

describe('gateway metrics', () => {
	test('requests are counted by route template, status and plan, never by raw path, and timed by route', async () => {
		const { app, value, registry } = appWithMetrics(true)
		const key = (await accountWithKey(db.sql, clock, 'enterprise')).key
		const get = (path: string, headers: Record<string, string> = bearer(key)) =>
			app.handle(new Request(`http://localhost${path}`, { headers }))
		expect((await get('/v1/check?domain=acmebet.co.uk')).status).toBe(200)
		expect((await get('/v1/check?domain=acmebet.co.uk')).status).toBe(200)
		expect((await get('/v1/operators/acme-gaming')).status).toBe(200)
		expect((await get('/v1/operators/no-such-operator')).status).toBe(404)
		expect((await get('/v1/check?domain=acmebet.co.uk', bearer('lvk_00000000000000000000000000000000'))).status).toBe(401)
		expect((await get('/no/such/path/at/all')).status).toBe(404)
		expect(await value('gateway_http_requests_total')).toBe(6)

		expect(await value('gateway_http_requests_total', { route: '/v1/check', status: '200', plan: 'enterprise' })).toBe(2)
		expect(await value('gateway_http_requests_total', { route: '/v1/operators/:slug', status: '200', plan: 'enterprise' })).toBe(1)
		expect(await value('gateway_http_requests_total', { route: '/v1/operators/:slug', status: '404', plan: 'enterprise' })).toBe(1)
		expect(await value('gateway_http_requests_total', { route: '/v1/check', status: '401', plan: 'none' })).toBe(1)
		expect(await value('gateway_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1)
		expect(await value('gateway_http_request_duration_seconds_count', { route: '/v1/check' })).toBe(3)
		expect(await registry.metrics()).not.toContain('no-such-operator')
		expect(await registry.metrics()).not.toContain('/no/such/path')

		expect(await value('gateway_limiter_refusals_total', { reason: 'api_key_invalid' })).toBe(1)
		expect(await value('gateway_nats_request_duration_seconds_count', { subject: subjects.checkMany })).toBeGreaterThanOrEqual(1)
		// Five keyed calls, one at a time: the unknown key and the first call read the database (a reconnecting
		// change listener may flush the cache once more), the others found the key cached.
		const [hits, misses] = [await value('gateway_key_cache_hits_total'), await value('gateway_key_cache_misses_total')]
		expect(hits + misses).toBe(5)
		// Checks answered from held answers are the gateway's to count; the checker never sees them (ADR 0048).
		for (const name of ['gateway_held_answers_served_total', 'gateway_held_answers_confirmed_total'])
			expect(registry.getSingleMetric(name)).toBeDefined()
		expect(misses).toBeGreaterThanOrEqual(2)
		expect(hits).toBeGreaterThanOrEqual(2)
	})

	test('with metrics off no request is counted or timed', async () => {
		const { app, value } = appWithMetrics(false)
		const key = (await accountWithKey(db.sql, clock, 'enterprise')).key
		expect((await app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(key) }))).status).toBe(200)
		await new Promise((resolve) => setImmediate(() => setImmediate(resolve)))
		expect(await value('gateway_http_requests_total')).toBe(0)
		expect(await value('gateway_http_request_duration_seconds_count')).toBe(0)
	})

	test('the request hooks make Elysia prepare only the route and the response status per request, never query, headers, cookies or body', async () => {
		const app = new Elysia()
			.use(requestMetrics(createGatewayMetrics(createServiceMetrics('gateway', true))))
			.get('/v1/check', () => new Response('{}'))
		await app.handle(new Request('http://localhost/v1/check'))
		expect((app as unknown as { inference: Record<string, boolean> }).inference).toMatchObject({
			body: false,
			cookie: false,
			headers: false,
			query: false,
			url: false,
			path: false,
			server: false
		})
	})

	test('with metrics on the app has no hook on arrival and none after the response (no per-request setImmediate)', () => {
		const { app } = appWithMetrics(true)
		const events = (app as unknown as { event: Record<string, unknown[] | undefined> }).event
		expect({ request: events.request?.length ?? 0, afterResponse: events.afterResponse?.length ?? 0 }).toEqual({
			request: 0,
			afterResponse: 0
		})
	})

	test('a refusal after an overlapped handler is counted with its own status, once', async () => {
		const { app, value } = appWithMetrics(true)
		const { key, keyId, accountId } = await accountWithKey(db.sql, clock, 'enterprise')
		const get = () => app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(key) }))
		expect((await get()).status).toBe(200)
		expect(await revokeApiKey(db.sql, clock, accountId, keyId)).toBe(true)
		expect((await get()).status).toBe(401)
		expect(await value('gateway_http_requests_total', { route: '/v1/check', status: '200', plan: 'enterprise' })).toBe(1)
		expect(await value('gateway_http_requests_total', { route: '/v1/check', status: '401' })).toBe(1)
		expect(await value('gateway_http_requests_total')).toBe(2)
	})

	test('a checker that does not answer counts a NATS timeout on its subject', async () => {
		const { app, value } = appWithMetrics(true)
		const key = (await accountWithKey(db.sql, clock, 'enterprise')).key
		const silent = await connectBus({ servers: nats.url, name: 'metrics-test-no-checker' })
		await checker.stop()
		try {
			const response = await app.handle(new Request('http://localhost/v1/check?domain=another.example', { headers: bearer(key) }))
			expect(response.status).toBe(503)
			expect(await value('gateway_nats_request_timeouts_total', { subject: subjects.checkMany })).toBe(1)
		} finally {
			await silent.close()
			checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock })
		}
	})
})
