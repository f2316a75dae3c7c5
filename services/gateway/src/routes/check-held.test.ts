import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import { awaitKeyChangesApplied } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { seedOneListedDomain } from '../../../checker/src/test-support/register-factory.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { revokeUnannounced } from '../test-support/revocations.ts'
import { proveCheckerStates } from '../test-support/checker-states.ts'
import { TEST_CONFIG, testApp } from '../test-support/gateway.ts'
import { keyedSuccessHeaders } from '../limits/headers.ts'
import { utcMonthWindow } from '@lv/fixed-window'
import { limitHeaders } from '../test-support/limit-headers.ts'
import { hasAllHeaders } from '../auth/plugin.ts'
import { type CheckerStateWatch, watchCheckerStates } from './checker-states-watch.ts'

/**
 * GET /v1/check through the whole gateway app with held answers served without the round trip (ADR 0048): the
 * key check, counting and headers are those of a call the checker answers, and so are the bytes.
 */
const clock = new TestClock('2026-11-01T12:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker
let watch: CheckerStateWatch
let app: ReturnType<typeof testApp>
/** check.many messages sent, read by a plain subscriber beside the checker's queue group. */
let messagesSent = 0

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	await seedOneListedDomain(db.sql, new Date('2026-11-01T11:00:00.000Z'))
	bus = await connectBus({ servers: nats.url, name: 'check-held-test' })
	bus.nc.subscribe(subjects.checkMany, {
		callback: () => {
			messagesSent++
		}
	})
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock, announceState: true })
	watch = watchCheckerStates({ bus, clock, logger: silentLogger, proofMs: 60_000, probeEveryMs: 3_600_000 })
	app = testApp({ sql: db.sql, bus, clock, checkerStates: watch.states })
	await bus.nc.flush()
}, 60_000)

afterAll(async () => {
	await watch?.stop()
	await checker?.stop()
	await bus?.close()
	await nats?.stop()
	await db?.drop()
})

/** A call, and whether a check.many message went out for it. */
async function call(path: string, key: string) {
	const before = messagesSent
	const response = await app.handle(new Request(`http://localhost${path}`, { headers: bearer(key) }))
	await bus.nc.flush()
	return { response, asked: messagesSent > before, body: await response.text() }
}

describe('GET /v1/check from a held answer (ADR 0048)', () => {
	test('is the checker’s bytes, counted against the quota and carrying the limit headers as a call the checker answers', async () => {
		const { key } = await accountWithKey(db.sql, clock, 'pro')
		const path = '/v1/check?domain=acmebet.co.uk'
		for (let i = 0; i < 3; i++) await call(path, key)
		// Past the proof bound, so that this call asks the checker.
		clock.advance(60_000)
		const asked = await call(path, key)
		expect(asked.asked).toBe(true)
		await proveCheckerStates(watch, clock, 1)
		const served = await call(path, key)
		expect(served.asked).toBe(false)
		expect(served.response.status).toBe(200)
		expect(served.body).toBe(asked.body)
		expect(served.response.headers.get('content-type')).toBe(asked.response.headers.get('content-type'))
		expect(Number(served.response.headers.get('x-monthly-quota-used'))).toBe(Number(asked.response.headers.get('x-monthly-quota-used')) + 1)
		expect(limitHeaders(served.response)).toEqual({
			...limitHeaders(asked.response),
			remaining: String(Number(asked.response.headers.get('x-ratelimit-remaining')) - 1)
		})
	})

	test('a call admitted before its handler runs is answered with every header built at once: content type, request id and the success headers', async () => {
		const { key } = await accountWithKey(db.sql, clock, 'pro')
		const { response } = await call('/v1/check?domain=acmebet.co.uk', key)
		expect(hasAllHeaders(response)).toBe(true)
		expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/)
		const success = keyedSuccessHeaders({
			monthlyQuota: Number(response.headers.get('x-monthly-quota-limit')),
			used: Number(response.headers.get('x-monthly-quota-used')),
			window: utcMonthWindow(clock.nowMs()),
			publicEndpoint: true,
			pricingUrl: TEST_CONFIG.PRICING_URL
		})
		const expected = new Headers({ 'content-type': 'application/json; charset=utf-8', ...success })
		expected.set('x-request-id', response.headers.get('x-request-id') as string)
		expect(Object.fromEntries(response.headers)).toEqual(Object.fromEntries(expected))
	})

	test('a key revoked without any notification is refused 401 auth_revoked on its next call, while the answer it would have had is still held and served to other keys', async () => {
		const path = '/v1/check?domain=acmebet.co.uk'
		const [revoked, other] = [await accountWithKey(db.sql, clock, 'pro'), await accountWithKey(db.sql, clock, 'pro')]
		for (let i = 0; i < 3; i++) for (const { key } of [revoked, other]) await call(path, key)
		await proveCheckerStates(watch, clock, 1)
		expect((await call(path, revoked.key)).asked).toBe(false)
		await revokeUnannounced(db.sql, clock, revoked.keyId)
		await awaitKeyChangesApplied(db.sql, clock)
		const refused = await call(path, revoked.key)
		expect(refused.response.status).toBe(401)
		expect(JSON.parse(refused.body)).toMatchObject({ code: 'auth_revoked', details: { reason: 'api_key_revoked' } })
		const served = await call(path, other.key)
		expect({ status: served.response.status, asked: served.asked }).toEqual({ status: 200, asked: false })
	})

	test('a check with as_of, and a domain asked once, go to the checker every time', async () => {
		const { key } = await accountWithKey(db.sql, clock, 'pro')
		for (let i = 0; i < 3; i++) await call('/v1/check?domain=acmebet.co.uk', key)
		await proveCheckerStates(watch, clock, 1)
		expect((await call('/v1/check?domain=acmebet.co.uk', key)).asked).toBe(false)
		for (let i = 0; i < 3; i++) expect((await call('/v1/check?domain=acmebet.co.uk&as_of=2026-10-01', key)).asked).toBe(true)
		expect((await call('/v1/check?domain=never-asked-before.example', key)).asked).toBe(true)
	})
})
