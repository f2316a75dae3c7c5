import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, ensureStreams } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { type Sql, type StatementConnection, createSql, openStatementConnection } from '@lv/db'
import { type NatsHandle, type TcpProxy, type TestDatabase, createTestDatabase, startNats, startTcpProxy, waitFor } from '@lv/testing'
import { silentLogger } from '@lv/logger'
import { startExporter } from '../../../exporter/src/exporter.ts'
import { TEST_EXPORTER_CONFIG } from '../../../exporter/src/test-support/exporter-config.ts'
import { createApp } from '../app.ts'
import { createAuthRuntime } from '../auth/runtime.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { testDeps } from '../test-support/gateway.ts'
import { insertOperator } from '../test-support/register-data.ts'

/**
 * What the API answers when PostgreSQL goes away under it: the gateway's pool reaches the real
 * server through a TCP proxy that a test takes down (refused, reset) and brings back.
 */
const clock = new TestClock('2026-11-10T12:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let proxy: TcpProxy
let viaProxy: Sql
let counting: StatementConnection

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	bus = await connectBus({ servers: nats.url, name: 'dependency-failures-test' })
	const target = new URL(db.url)
	proxy = startTcpProxy({ hostname: target.hostname, port: Number(target.port) })
	viaProxy = createSql(proxy.urlFor(db.url), { max: 3, connectTimeoutSeconds: 2 })
	counting = openStatementConnection(db.url, { applicationName: 'dependency-failures-counting' })
	await insertOperator(db.sql, { slug: 'outage-ltd' })
}, 60_000)

afterAll(async () => {
	proxy.stop()
	await viaProxy.end({ timeout: 0 })
	await counting.close()
	await bus.close()
	await nats.stop()
	await db.drop()
})

const get = (app: ReturnType<typeof createApp>, path: string, headers: Record<string, string>) =>
	app.handle(new Request(`http://localhost${path}`, { headers }))

const envelopeOf = async (response: Response) => ({
	status: response.status,
	retryAfter: response.headers.get('retry-after'),
	body: (await response.json()) as Record<string, unknown>
})

describe('PostgreSQL unreachable for a request already admitted', () => {
	test('a lookup on a read replica that refuses connections answers 503 dependency_unavailable with Retry-After, then 200 once it is back', async () => {
		const { key } = await accountWithKey(db.sql, clock, 'enterprise')
		const app = createApp({ ...testDeps({ sql: db.sql, bus, clock }), readSql: viaProxy })
		expect((await get(app, '/v1/operators/outage-ltd', bearer(key))).status).toBe(200)
		proxy.down()
		try {
			for (const path of ['/v1/operators/outage-ltd', '/v1/jurisdictions', '/v1/stats']) {
				const failed = await envelopeOf(await get(app, path, bearer(key)))
				expect({ path, ...failed }).toEqual({
					path,
					status: 503,
					retryAfter: '1',
					body: { error: expect.any(String), code: 'service_unavailable', details: { reason: 'dependency_unavailable' } }
				})
			}
		} finally {
			proxy.up()
		}
		await waitFor(async () => (await get(app, '/v1/operators/outage-ltd', bearer(key))).status === 200, {
			timeoutMs: 30_000,
			what: 'the lookup to answer again'
		})
	}, 60_000)

	test('a keyed lookup that fails on the database after its call was counted answers 503 and the call is not charged', async () => {
		const { key } = await accountWithKey(db.sql, clock, 'starter')
		const app = createApp({ ...testDeps({ sql: db.sql, bus, clock, countingSql: counting }), readSql: viaProxy })
		const first = await get(app, '/v1/operators/outage-ltd', bearer(key))
		expect({ status: first.status, used: first.headers.get('x-monthly-quota-used') }).toEqual({ status: 200, used: '1' })
		proxy.down()
		try {
			const failed = await envelopeOf(await get(app, '/v1/operators/outage-ltd', bearer(key)))
			expect(failed).toMatchObject({
				status: 503,
				retryAfter: '1',
				body: { code: 'service_unavailable', details: { reason: 'dependency_unavailable' } }
			})
		} finally {
			proxy.up()
		}
		const after = await waitFor(
			async () => {
				const response = await get(app, '/v1/operators/outage-ltd', bearer(key))
				return response.status === 200 && response
			},
			{ timeoutMs: 30_000, what: 'the lookup to answer again' }
		)
		expect(after.headers.get('x-monthly-quota-used')).toBe('2')
	}, 60_000)
})

describe('PostgreSQL slow to answer', () => {
	test('a lookup waiting on a table another session holds locked answers 503 dependency_unavailable once the statement timeout passes', async () => {
		const { key } = await accountWithKey(db.sql, clock, 'enterprise')
		const bounded = createSql(db.url, { max: 2, statementTimeoutMs: 300, applicationName: 'statement-timeout-test' })
		const holder = await db.sql.reserve()
		try {
			const app = createApp({ ...testDeps({ sql: db.sql, bus, clock }), readSql: bounded })
			await holder`BEGIN`
			await holder`LOCK TABLE operators IN ACCESS EXCLUSIVE MODE`
			const failed = await envelopeOf(await get(app, '/v1/operators/outage-ltd', bearer(key)))
			expect(failed).toMatchObject({
				status: 503,
				retryAfter: '1',
				body: { code: 'service_unavailable', details: { reason: 'dependency_unavailable' } }
			})
		} finally {
			await holder`ROLLBACK`
			holder.release()
			await bounded.end({ timeout: 1 })
		}
	}, 30_000)
})

/** The bound of a gateway request's wait for PostgreSQL in these tests (DATABASE_WAIT_TIMEOUT_MS). */
const WAIT_MS = 300

/** The answer within `limitMs` of real time, or null: a request with no bound of its own fails its test instead of hanging it. */
async function answerWithin(answering: Promise<Response>, limitMs: number) {
	const startedAt = performance.now()
	const response = await Promise.race([answering, Bun.sleep(limitMs).then(() => null)])
	return response && { ...(await envelopeOf(response)), withinBound: performance.now() - startedAt < WAIT_MS + 1_500 }
}

const UNAVAILABLE_WITHIN_BOUND = {
	status: 503,
	retryAfter: '1',
	body: { error: expect.any(String), code: 'service_unavailable', details: { reason: 'dependency_unavailable' } },
	withinBound: true
}

/** A one-connection pool and a transaction that holds its connection until `release()`. */
async function poolHeldByATransaction(url: string) {
	const pool = createSql(url, { max: 1, connectTimeoutSeconds: 2, applicationName: 'held-pool-test' })
	let release = () => {}
	let holding: Promise<unknown> = Promise.resolve()
	await new Promise<void>((begun) => {
		holding = pool.begin(async (tx) => {
			await tx`SELECT 1`
			begun()
			await new Promise<void>((resolve) => {
				release = resolve
			})
		})
	})
	const releaseAndEnd = async () => {
		release()
		await holding
	}
	return { pool, release: releaseAndEnd }
}

/** An app whose route statements go to `pool`; keys and counts stay on the test database (their bound is LIMITS_STORE_TIMEOUT_MS). */
function appOnPool(pool: Sql, as: 'readSql' | 'sql') {
	const deps = testDeps({ sql: db.sql, bus, clock, countingSql: counting, config: { DATABASE_WAIT_TIMEOUT_MS: WAIT_MS } })
	const auth = createAuthRuntime(deps)
	return createApp({ ...deps, auth, [as]: pool })
}

const watchOperator = (app: ReturnType<typeof createApp>, key: string) =>
	app.handle(
		new Request('http://localhost/v1/watchlist/operators', {
			method: 'POST',
			headers: { ...bearer(key), 'content-type': 'application/json' },
			body: JSON.stringify({ operator_slug: 'outage-ltd' })
		})
	)

const watchlistOf = async (app: ReturnType<typeof createApp>, key: string) => {
	const response = await get(app, '/v1/watchlist', bearer(key))
	return {
		status: response.status,
		used: response.headers.get('x-monthly-quota-used'),
		count: ((await response.json()) as { count: number }).count
	}
}

describe('PostgreSQL that never answers a request (DATABASE_WAIT_TIMEOUT_MS)', () => {
	test('a keyed lookup sent to a server that stops answering with its connection open answers 503 dependency_unavailable within the bound, is not charged, and answers once the server does', async () => {
		const target = new URL(db.url)
		const partition = startTcpProxy({ hostname: target.hostname, port: Number(target.port) })
		const pool = createSql(partition.urlFor(db.url), { max: 2, connectTimeoutSeconds: 2 })
		try {
			const { key } = await accountWithKey(db.sql, clock, 'starter')
			const app = appOnPool(pool, 'readSql')
			expect((await get(app, '/v1/operators/outage-ltd', bearer(key))).headers.get('x-monthly-quota-used')).toBe('1')
			partition.silent()
			try {
				expect(await answerWithin(get(app, '/v1/operators/outage-ltd', bearer(key)), WAIT_MS + 3_000)).toEqual(UNAVAILABLE_WITHIN_BOUND)
			} finally {
				partition.up()
			}
			const after = await get(app, '/v1/operators/outage-ltd', bearer(key))
			expect({ status: after.status, used: after.headers.get('x-monthly-quota-used') }).toEqual({ status: 200, used: '2' })
		} finally {
			partition.stop()
			await pool.end({ timeout: 0 })
		}
	}, 30_000)

	test('a keyed lookup queued behind a pool whose every connection a transaction holds answers 503 dependency_unavailable within the bound, is not charged, and answers once a connection comes free', async () => {
		const { pool, release } = await poolHeldByATransaction(db.url)
		try {
			const { key } = await accountWithKey(db.sql, clock, 'starter')
			const app = appOnPool(pool, 'readSql')
			expect(await answerWithin(get(app, '/v1/operators/outage-ltd', bearer(key)), WAIT_MS + 3_000)).toEqual(UNAVAILABLE_WITHIN_BOUND)
			await release()
			const after = await get(app, '/v1/operators/outage-ltd', bearer(key))
			expect({ status: after.status, used: after.headers.get('x-monthly-quota-used') }).toEqual({ status: 200, used: '1' })
		} finally {
			await release()
			await pool.end({ timeout: 0 })
		}
	}, 30_000)

	test('every keyed route on the account rows answers 503 dependency_unavailable within the bound while every connection of the pool is held', async () => {
		const { pool, release } = await poolHeldByATransaction(db.url)
		try {
			const { key } = await accountWithKey(db.sql, clock, 'pro')
			const app = appOnPool(pool, 'sql')
			const paths = [
				'/v1/usage',
				'/v1/webhooks',
				'/v1/watchlist',
				'/v1/watchlist/events',
				'/v1/evidence/ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P',
				'/v1/export/licences'
			]
			for (const path of paths) {
				const answer = await answerWithin(get(app, path, bearer(key)), WAIT_MS + 3_000)
				expect({ path, ...answer }).toEqual({ path, ...UNAVAILABLE_WITHIN_BOUND })
			}
		} finally {
			await release()
			await pool.end({ timeout: 0 })
		}
	}, 30_000)

	test('a watchlist add that waited past the bound for a connection answers 503, is not charged, and is rolled back, not committed, once a connection comes free', async () => {
		const { pool, release } = await poolHeldByATransaction(db.url)
		try {
			const { key } = await accountWithKey(db.sql, clock, 'starter')
			const app = appOnPool(pool, 'sql')
			expect(await answerWithin(watchOperator(app, key), WAIT_MS + 3_000)).toEqual(UNAVAILABLE_WITHIN_BOUND)
			await release()
			// The add's BEGIN, queued first, has the connection before this read.
			expect(await watchlistOf(app, key)).toEqual({ status: 200, used: '1', count: 0 })
		} finally {
			await release()
			await pool.end({ timeout: 0 })
		}
	}, 30_000)

	test('a watchlist add whose BEGIN a silent server holds answers 503 within the bound and is rolled back, not committed, when the server answers again', async () => {
		const target = new URL(db.url)
		const partition = startTcpProxy({ hostname: target.hostname, port: Number(target.port) })
		const pool = createSql(partition.urlFor(db.url), { max: 1, connectTimeoutSeconds: 2 })
		try {
			const { key } = await accountWithKey(db.sql, clock, 'starter')
			const app = appOnPool(pool, 'sql')
			expect(await watchlistOf(app, key)).toEqual({ status: 200, used: '1', count: 0 })
			partition.silent()
			try {
				expect(await answerWithin(watchOperator(app, key), WAIT_MS + 3_000)).toEqual(UNAVAILABLE_WITHIN_BOUND)
			} finally {
				partition.up()
			}
			expect(await watchlistOf(app, key)).toEqual({ status: 200, used: '2', count: 0 })
		} finally {
			partition.stop()
			await pool.end({ timeout: 0 })
		}
	}, 30_000)
})

describe('nats-server that stops answering', () => {
	test('a check answers 503 checker_unavailable with Retry-After while the connection is open but silent', async () => {
		const natsTarget = new URL(nats.url)
		const natsProxy = startTcpProxy({ hostname: natsTarget.hostname, port: Number(natsTarget.port) })
		const silentBus = await connectBus({ servers: `nats://127.0.0.1:${natsProxy.port}`, name: 'silent-nats-test' })
		try {
			const { key } = await accountWithKey(db.sql, clock, 'enterprise')
			const app = createApp(testDeps({ sql: db.sql, bus: silentBus, clock }))
			natsProxy.silent()
			const check = await envelopeOf(await get(app, '/v1/check?domain=example.com', bearer(key)))
			expect(check).toMatchObject({ status: 503, retryAfter: '1', body: { details: { reason: 'checker_unavailable' } } })
		} finally {
			natsProxy.stop()
			await silentBus.close().catch(() => {})
		}
	}, 30_000)
})

describe('an exporter whose PostgreSQL is down', () => {
	test("an export answers 503 dependency_unavailable with Retry-After, not the exporter's 500, and uses up neither the day nor the month", async () => {
		await ensureStreams(bus)
		const exporter = await startExporter({
			sql: viaProxy,
			bus,
			clock,
			logger: silentLogger,
			config: { ...TEST_EXPORTER_CONFIG, EXPORTER_PREBUILD: false }
		})
		const { accountId, key } = await accountWithKey(db.sql, clock, 'pro')
		proxy.down()
		try {
			const app = createApp(testDeps({ sql: db.sql, bus, clock }))
			const failed = await envelopeOf(await get(app, '/v1/export/licences', bearer(key)))
			expect(failed).toMatchObject({
				status: 503,
				retryAfter: '1',
				body: { code: 'service_unavailable', details: { reason: 'dependency_unavailable' } }
			})
			const [day] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM export_requests WHERE account_id = ${accountId}`
			expect(day?.n).toBe(0)
		} finally {
			proxy.up()
			await exporter.stop()
		}
	}, 30_000)
})
