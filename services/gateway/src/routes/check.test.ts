import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { type Bus, connectBus, requestBytes } from '@lv/bus'
import { awaitKeyChangesApplied } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { CheckBatchRequest, answerTag, subjects } from '@lv/contracts'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, handleFrom } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { registerFactory } from '../../../checker/src/test-support/register-factory.ts'
import { BatchResultModel, CheckResultModel } from '../models/check.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { revokeUnannounced } from '../test-support/revocations.ts'
import type { AuthRuntime } from '../auth/runtime.ts'
import { testApp, testReplica } from '../test-support/gateway.ts'
import { callUntilKeyCached } from '../test-support/key-cache.ts'
import { limitHeaders } from '../test-support/limit-headers.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T11:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker
let app: ReturnType<typeof testApp>
let auth: AuthRuntime
let enterpriseKey: string

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const make = registerFactory(db.sql, READ_AT)
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	const active = await make.licence(acme, { license_number: '000-012345-R-123456-002' })
	await make.link(acme, 'acmebet.co.uk', active)
	await make.history(active, { changed_at: new Date('2026-02-01T00:00:00Z'), previous_status: null, new_status: 'active' })
	await make.finishAllRuns()
	bus = await connectBus({ servers: nats.url, name: 'check-route-test' })
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock })
	// No lease: the revocation test below proves the statement refusing a key whose check already went out, a path
	// every call the leases do not admit still takes (with leases, `auth/leases.test.ts`).
	;({ app, auth } = testReplica({ sql: db.sql, bus, clock }))
	enterpriseKey = (await accountWithKey(db.sql, clock, 'enterprise')).key
})

afterAll(async () => {
	await checker.stop()
	await bus.close()
	await nats.stop()
	await db.drop()
})

/** Keyed by default (Enterprise: no per-second or monthly cap), so the keyless hourly cap stays out of the way. */
const get = (path: string, init: RequestInit = {}) =>
	app.handle(
		new Request(`http://localhost${path}`, { ...init, headers: { ...bearer(enterpriseKey), ...(init.headers as Record<string, string>) } })
	)
const postBatch = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
	app.handle(new Request('http://localhost/v1/check/batch', { method: 'POST', headers: { ...bearer(enterpriseKey), ...headers }, body }))
/** A batch of `domains` posted to another gateway app of this file's world, with the Enterprise key. */
const postBatchTo = (gateway: { handle(request: Request): Promise<Response> }, domains: unknown[]) =>
	gateway.handle(
		new Request('http://localhost/v1/check/batch', {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...bearer(enterpriseKey) },
			body: JSON.stringify({ domains })
		})
	)
const q = encodeURIComponent

async function expectError(response: Response, status: number, reason: string, field?: string) {
	const body = await response.json()
	expect({ status: response.status, code: body.code, reason: body.details?.reason, field: body.details?.field }).toEqual({
		status,
		code: status === 405 ? 'method_not_allowed' : status === 503 ? 'service_unavailable' : 'invalid_query',
		reason,
		field
	})
	return body
}

describe('GET /v1/check', () => {
	test('a listed domain is answered by the checker with the documented Check result', async () => {
		const response = await get('/v1/check?domain=WWW.AcmeBet.co.uk')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toContain('application/json')
		expect(response.headers.get('x-request-id')).toMatch(/^req_/)
		const body = await response.json()
		expect(body.verdict).toBe('licensed')
		expect(body.query).toEqual({ domain: 'www.acmebet.co.uk', input: 'WWW.AcmeBet.co.uk' })
		expect([...Value.Errors(CheckResultModel, body)].map((error) => error.path)).toEqual([])
	})

	test('a licence number query answers with match_type license_number', async () => {
		const body = await (await get(`/v1/check?license_number=${q('000 012345 r 123456 002')}`)).json()
		expect(body.verdict).toBe('licensed')
		expect(body.match.match_type).toBe('license_number')
		expect(Value.Check(CheckResultModel, body)).toBe(true)
	})

	test('as_of adds the documented as_of object and keeps the current verdict', async () => {
		const body = await (await get('/v1/check?domain=acmebet.co.uk&as_of=2026-01-15')).json()
		expect(body.verdict).toBe('licensed')
		expect(body.as_of).toMatchObject({ basis: 'before_tracking', status: null, resolved_at: '2026-01-15T23:59:59.999Z' })
		expect([...Value.Errors(CheckResultModel, body)].map((error) => error.path)).toEqual([])
	})

	test('neither parameter (or only empty ones) is 400 missing_required_parameter', async () => {
		await expectError(await get('/v1/check'), 400, 'missing_required_parameter')
		await expectError(await get('/v1/check?domain=&license_number='), 400, 'missing_required_parameter')
		await expectError(await get('/v1/check?as_of=2026-01-01'), 400, 'missing_required_parameter')
	})

	test('both parameters are 400 conflicting_parameters', async () => {
		await expectError(await get('/v1/check?domain=acmebet.co.uk&license_number=123'), 400, 'conflicting_parameters')
	})

	test('hostname rules: over 253 characters is hostname_too_long, a URL or underscore is not_a_valid_hostname, on field domain', async () => {
		await expectError(await get(`/v1/check?domain=${'a'.repeat(250)}.com`), 400, 'hostname_too_long', 'domain')
		await expectError(await get(`/v1/check?domain=${q('https://acmebet.co.uk/')}`), 400, 'not_a_valid_hostname', 'domain')
		await expectError(await get('/v1/check?domain=acme_bet.co.uk'), 400, 'not_a_valid_hostname', 'domain')
		await expectError(await get('/v1/check?domain=localhost'), 400, 'not_a_valid_hostname', 'domain')
		await expectError(await get('/v1/check?domain=acmebet.co.uk:443'), 400, 'not_a_valid_hostname', 'domain')
	})

	test('size limits: license_number over 64 and as_of over 40 characters are invalid_input on their field', async () => {
		await expectError(await get(`/v1/check?license_number=${'1'.repeat(65)}`), 400, 'invalid_input', 'license_number')
		await expectError(await get(`/v1/check?domain=acmebet.co.uk&as_of=${'2'.repeat(41)}`), 400, 'invalid_input', 'as_of')
	})

	test('an as_of that is not a date, not a real date, or in the future is 400 invalid_input on field as_of', async () => {
		for (const asOf of ['yesterday', '2026-02-30', '2026-11-02', '2026-11-01T12:00:01Z', '2026-05-01T10:00:00']) {
			await expectError(await get(`/v1/check?domain=acmebet.co.uk&as_of=${q(asOf)}`), 400, 'invalid_input', 'as_of')
		}
	})

	test('a repeated parameter is 400 invalid_input, not a 500', async () => {
		const response = await get('/v1/check?domain=a.com&domain=b.com')
		expect(response.status).toBe(400)
		expect((await response.json()).details.reason).toBe('invalid_input')
	})
})

describe('POST /v1/check/batch', () => {
	test('answers one row per entry in order; bad entries are per-row errors that do not fail the batch', async () => {
		const response = await postBatch(
			JSON.stringify({ domains: ['acmebet.co.uk', 'https://x.com/', 7, null, { a: 1 }, 'Nowhere.Example.'] })
		)
		expect(response.status).toBe(200)
		const body = await response.json()
		expect(body.results.map((row: { verdict?: string; error?: string }) => row.verdict ?? row.error)).toEqual([
			'licensed',
			'invalid_hostname',
			'invalid_input',
			'invalid_input',
			'invalid_input',
			'not_found'
		])
		expect(body.results[2]).toEqual({ query: { input: 7 }, error: 'invalid_input', error_detail: expect.any(String), match: null })
		expect(body.results[5].query).toEqual({ domain: 'nowhere.example', input: 'Nowhere.Example.' })
		for (const row of body.results) for (const key of ['alternatives', 'jurisdictions', 'as_of']) expect(row).not.toHaveProperty(key)
		expect([...Value.Errors(BatchResultModel, body)].map((error) => error.path)).toEqual([])
	})

	test('with parts of 25, a batch of 100 travels as four parts that two checker replicas share, answered in input order exactly as one message is', async () => {
		const parted = testApp({ sql: db.sql, bus, clock, config: { CHECK_BATCH_PART_DOMAINS: 25 } })
		const domains = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 'acmebet.co.uk' : i % 7 === 0 ? i : `site-${i}.example`))
		const second = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock, name: 'second-checker' })
		const parts: unknown[][] = []
		const spy = bus.nc.subscribe(subjects.checkBatch, {
			callback: (_, message) => {
				parts.push((JSON.parse(new TextDecoder().decode(message.data)) as { domains: unknown[] }).domains)
			}
		})
		try {
			await bus.nc.flush()
			const response = await postBatchTo(parted, domains)
			expect(response.status).toBe(200)
			const whole = await requestBytes(bus, {
				subject: subjects.checkBatch,
				schema: CheckBatchRequest,
				body: { id: crypto.randomUUID(), sent_at: clock.now().toISOString(), domains },
				timeoutMs: 5_000,
				unavailableReason: 'checker_unavailable'
			})
			expect(parts.slice(0, 4)).toEqual([domains.slice(0, 25), domains.slice(25, 50), domains.slice(50, 75), domains.slice(75)])
			expect(await response.json()).toEqual(JSON.parse(new TextDecoder().decode(whole)))
		} finally {
			spy.unsubscribe()
			await second.stop()
		}
	})

	test('a batch asked again offers the rows the gateway holds as known tags and answers byte for byte what the checker answers plainly, also once a register goes stale', async () => {
		const holding = testApp({ sql: db.sql, bus, clock })
		const domains = ['www.acmebet.co.uk', 7, 'held-rows-never-listed.example', 'bad_host.com']
		const offered: string[][] = []
		const spy = bus.nc.subscribe(subjects.checkBatch, {
			callback: (_, message) => {
				const { known } = JSON.parse(new TextDecoder().decode(message.data)) as { known?: string[] }
				if (known) offered.push(known)
			}
		})
		const viaGateway = async () => {
			const response = await postBatchTo(holding, domains)
			expect(response.status).toBe(200)
			return response.text()
		}
		const plainly = async () =>
			new TextDecoder().decode(
				await requestBytes(bus, {
					subject: subjects.checkBatch,
					schema: CheckBatchRequest,
					body: { id: crypto.randomUUID(), sent_at: clock.now().toISOString(), domains },
					timeoutMs: 5_000,
					unavailableReason: 'checker_unavailable'
				})
			)
		const started = clock.now()
		try {
			await bus.nc.flush()
			for (let i = 0; i < 4; i++) expect(await viaGateway()).toBe(await plainly())
			const rowTags = JSON.parse(await plainly()).results.map((row: unknown) => answerTag(new TextEncoder().encode(JSON.stringify(row))))
			expect(offered[0]).toEqual(['', '', '', ''])
			expect(offered.at(-1)).toEqual([rowTags[0], '', rowTags[2], rowTags[3]])
			clock.set(READ_AT.getTime() + 24 * 3_600_000)
			const stale = await viaGateway()
			expect(stale).toBe(await plainly())
			expect(JSON.parse(stale).results[0]._meta.register.fresh).toBe(false)
		} finally {
			clock.set(started)
			spy.unsubscribe()
		}
	})

	test('entries of 10 kB come back exactly as sent in their error rows', async () => {
		const long = 'é'.repeat(10_000)
		const big = { nested: ['x'.repeat(10_000)] }
		const body = await (await postBatch(JSON.stringify({ domains: [long, big, 'acmebet.co.uk'] }))).json()
		expect(body.results[0]).toMatchObject({ query: { input: long }, error: 'invalid_hostname' })
		expect(body.results[1]).toMatchObject({ query: { input: big }, error: 'invalid_input' })
		expect(body.results[2].verdict).toBe('licensed')
	})

	test('100 entries of 600 bytes (just under the 64 KiB body maximum) still answer 200 with per-row errors; 100 of 10 kB are 413', async () => {
		const domains = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(600, 'z'))
		const response = await postBatch(JSON.stringify({ domains }))
		expect(response.status).toBe(200)
		const body = await response.json()
		expect(body.results).toHaveLength(100)
		expect(body.results[99].query.input).toBe(domains[99])
		const oversized = await postBatch(JSON.stringify({ domains: domains.map((domain) => domain.padEnd(10_000, 'z')) }))
		expect(oversized.status).toBe(413)
		expect((await oversized.json()).details.reason).toBe('body_too_large')
	})

	test('any body other than { domains: [1–100 entries] } is 400 invalid_query / invalid_input', async () => {
		const bodies = [
			'{}',
			'[]',
			'null',
			'"acmebet.co.uk"',
			'{"domains":[]}',
			'{"domains":"acmebet.co.uk"}',
			`{"domains":${JSON.stringify(Array(101).fill('a.com'))}}`,
			'{"domains":',
			'',
			'{"domains":["acmebet.co.uk"],"extra":1}',
			'{"domains":["acmebet.co.uk"],"as_of":"2026-01-01"}'
		]
		for (const body of bodies) {
			const response = await postBatch(body)
			expect({ body, status: response.status }).toEqual({ body, status: 400 })
			expect((await response.json()).details.reason).toBe('invalid_input')
		}
	})

	test('every method but POST is 405 method_not_allowed with Allow: POST, with or without a key', async () => {
		for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']) {
			for (const headers of [{}, bearer(enterpriseKey), bearer('lvk_abcdefghijklmnopqrstuvwxyz012345')]) {
				const response = await app.handle(new Request('http://localhost/v1/check/batch', { method, headers }))
				expect({ method, status: response.status, allow: response.headers.get('allow') }).toEqual({ method, status: 405, allow: 'POST' })
				if (method !== 'HEAD') expect((await response.json()).code).toBe('method_not_allowed')
			}
		}
	})
})

describe('keys and limits on the check routes', () => {
	test('keyless: domain and license_number share one per-IP hourly counter, with the keyless headers', async () => {
		const keyless = (path: string) => handleFrom(app, new Request(`http://localhost${path}`), '203.0.113.50')
		for (let call = 1; call <= 10; call++) {
			const response = await keyless(call % 2 === 0 ? '/v1/check?domain=acmebet.co.uk' : '/v1/check?license_number=000-012345-R-123456-002')
			expect(response.status).toBe(200)
			expect(response.headers.get('x-ratelimit-limit')).toBe('10')
			expect(response.headers.get('x-ratelimit-remaining')).toBe(String(10 - call))
			expect(response.headers.get('x-ratelimit-policy')).toBe('tier=public;limit=10;window=hour')
			expect(response.headers.get('x-upgrade-url')).toBe('https://example.test/pricing')
		}
		const capped = await keyless('/v1/check?license_number=000-012345-R-123456-002')
		expect(capped.status).toBe(429)
		expect((await capped.json()).details.reason).toBe('quota_exceeded')
		expect((await handleFrom(app, new Request('http://localhost/v1/check?domain=acmebet.co.uk'), '203.0.113.51')).status).toBe(200)
	})

	test('a key on GET /v1/check switches to the plan quota and says tier=authenticated; an unknown key is 401', async () => {
		const pro = await accountWithKey(db.sql, clock, 'pro')
		const response = await app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(pro.key) }))
		expect(response.status).toBe(200)
		expect(response.headers.get('x-ratelimit-policy')).toBe('tier=authenticated')
		expect(response.headers.get('x-monthly-quota-limit')).toBe('100000')
		const unknown = await app.handle(
			new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer('lvk_abcdefghijklmnopqrstuvwxyz012345') })
		)
		expect(unknown.status).toBe(401)
		expect((await unknown.json()).details.reason).toBe('api_key_invalid')
	})

	test('POST /v1/check/batch needs a key, and a batch of 100 counts one against the monthly quota', async () => {
		const body = JSON.stringify({ domains: Array.from({ length: 100 }, (_, i) => `site${i}.example`) })
		const anonymous = await app.handle(
			new Request('http://localhost/v1/check/batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
		)
		expect(anonymous.status).toBe(401)
		expect((await anonymous.json()).details.reason).toBe('api_key_missing')
		const pro = await accountWithKey(db.sql, clock, 'pro')
		const send = () =>
			app.handle(
				new Request('http://localhost/v1/check/batch', {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...bearer(pro.key) },
					body
				})
			)
		const first = await send()
		expect(first.status).toBe(200)
		expect(first.headers.get('x-monthly-quota-used')).toBe('1')
		clock.advanceSeconds(1)
		expect((await send()).headers.get('x-monthly-quota-used')).toBe('2')
	})

	test('a refused call (400) is not charged against the monthly quota', async () => {
		const pro = await accountWithKey(db.sql, clock, 'pro')
		const refused = await app.handle(new Request('http://localhost/v1/check?domain=bad_host.com', { headers: bearer(pro.key) }))
		expect(refused.status).toBe(400)
		clock.advanceSeconds(1)
		const answered = await app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(pro.key) }))
		expect(answered.headers.get('x-monthly-quota-used')).toBe('1')
	})
})

describe('limit headers on every GET /v1/check response', () => {
	const monthlyReset = () => {
		const now = clock.now()
		return String(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000)
	}

	test('a keyed 400 on GET /v1/check carries the monthly X-RateLimit-* (its own call not charged) and X-Upgrade-URL but no X-Monthly-Quota-*', async () => {
		const pro = await accountWithKey(db.sql, clock, 'pro')
		const answered = await app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(pro.key) }))
		expect(answered.headers.get('x-ratelimit-remaining')).toBe('99999')
		for (const path of [
			'/v1/check?domain=bad_host.com',
			`/v1/check?domain=${'a'.repeat(254)}`,
			'/v1/check',
			'/v1/check?domain=a.example&license_number=1'
		]) {
			const refused = await app.handle(new Request(`http://localhost${path}`, { headers: bearer(pro.key) }))
			expect({ path, status: refused.status, headers: limitHeaders(refused) }).toEqual({
				path,
				status: 400,
				headers: { limit: '100000', remaining: '99999', reset: monthlyReset(), upgrade: 'https://example.test/pricing', monthly: [] }
			})
		}
	})

	test('an enterprise (unlimited) keyed 400 on GET /v1/check carries only X-Upgrade-URL among them', async () => {
		const refused = await get('/v1/check?domain=bad_host.com')
		expect({ status: refused.status, headers: limitHeaders(refused) }).toEqual({
			status: 400,
			headers: { limit: null, remaining: null, reset: null, upgrade: 'https://example.test/pricing', monthly: [] }
		})
	})

	test('a 401 on GET /v1/check (unknown key, malformed header) carries X-Upgrade-URL', async () => {
		for (const authorization of ['Bearer lvk_abcdefghijklmnopqrstuvwxyz012345', 'Basic abc']) {
			const refused = await app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: { authorization } }))
			expect({ authorization, status: refused.status, upgrade: refused.headers.get('x-upgrade-url') }).toEqual({
				authorization,
				status: 401,
				upgrade: 'https://example.test/pricing'
			})
		}
	})

	test('a keyed 503 checker_unavailable on GET /v1/check carries the monthly X-RateLimit-*, Retry-After and X-Upgrade-URL', async () => {
		const lonely = await startNats()
		const lonelyBus = await connectBus({ servers: lonely.url, name: 'no-checker-headers' })
		try {
			const pro = await accountWithKey(db.sql, clock, 'pro')
			const response = await testApp({ sql: db.sql, bus: lonelyBus, clock }).handle(
				new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(pro.key) })
			)
			await expectError(response, 503, 'checker_unavailable')
			expect({ retryAfter: response.headers.get('retry-after'), headers: limitHeaders(response) }).toEqual({
				retryAfter: '1',
				headers: { limit: '100000', remaining: '100000', reset: monthlyReset(), upgrade: 'https://example.test/pricing', monthly: [] }
			})
		} finally {
			await lonelyBus.close()
			await lonely.stop()
		}
	})
})

describe('checks sent while the call is being counted', () => {
	/** Every check.many message the checker receives, read by a plain subscriber beside the checker's queue group. */
	async function watchChecks() {
		const seen: unknown[] = []
		const watcher = bus.nc.subscribe(subjects.checkMany, {
			callback: (_error, msg) => {
				seen.push(...(JSON.parse(new TextDecoder().decode(msg.data)) as { checks: unknown[] }).checks)
			}
		})
		await bus.nc.flush()
		return { seen, stop: () => watcher.unsubscribe() }
	}

	test('a call with a cached live key sends its check once and answers exactly what a later call answers', async () => {
		const pro = await accountWithKey(db.sql, clock, 'pro')
		const call = () =>
			app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk&as_of=2026-10-01', { headers: bearer(pro.key) }))
		const first = await call()
		clock.advanceSeconds(1)
		const watch = await watchChecks()
		try {
			const second = await call()
			await bus.nc.flush()
			expect(watch.seen).toEqual([{ domain: 'acmebet.co.uk', as_of: '2026-10-01' }])
			expect(second.status).toBe(200)
			expect(second.headers.get('x-monthly-quota-used')).toBe('2')
			expect(await second.json()).toEqual(await first.json())
		} finally {
			watch.stop()
		}
	})

	test('a key revoked without any notification is 401 auth_revoked even though its check already went out, and is not charged', async () => {
		const pro = await accountWithKey(db.sql, clock, 'pro')
		const call = () => app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(pro.key) }))
		await callUntilKeyCached(auth.keys, pro.keyId, call)
		await revokeUnannounced(db.sql, clock, pro.keyId)
		await awaitKeyChangesApplied(db.sql, clock)
		clock.advanceSeconds(1)
		expect(auth.keys.peek(pro.keyId)?.status).toBe('live')
		const watch = await watchChecks()
		try {
			const refused = await call()
			await bus.nc.flush()
			expect(watch.seen).toHaveLength(1)
			expect(refused.status).toBe(401)
			expect((await refused.json()).details.reason).toBe('api_key_revoked')
			expect(refused.headers.get('x-monthly-quota-used')).toBeNull()
		} finally {
			watch.stop()
		}
	})

	test('an account over its per-second limit stops sending checks early until the next second', async () => {
		const starter = await accountWithKey(db.sql, clock, 'starter')
		const call = () => app.handle(new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(starter.key) }))
		const statuses: number[] = []
		for (let i = 0; i < 6; i++) statuses.push((await call()).status)
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
		const watch = await watchChecks()
		try {
			expect((await call()).status).toBe(429)
			await bus.nc.flush()
			expect(watch.seen).toHaveLength(0)
			clock.advanceSeconds(1)
			expect((await call()).status).toBe(200)
			await bus.nc.flush()
			expect(watch.seen).toHaveLength(1)
		} finally {
			watch.stop()
		}
	})
})

describe('no checker answering', () => {
	test('no responder at all is a 503 envelope straight away', async () => {
		const lonely = await startNats()
		const lonelyBus = await connectBus({ servers: lonely.url, name: 'no-checker' })
		try {
			const started = performance.now()
			const response = await testApp({ sql: db.sql, bus: lonelyBus, clock }).handle(
				new Request('http://localhost/v1/check?domain=acmebet.co.uk', { headers: bearer(enterpriseKey) })
			)
			await expectError(response, 503, 'checker_unavailable')
			expect(performance.now() - started).toBeLessThan(1_000)
		} finally {
			await lonelyBus.close()
			await lonely.stop()
		}
	})

	test('a batch one of whose parts is never answered is a 503 envelope, not a partial answer', async () => {
		const lonely = await startNats()
		const lonelyBus = await connectBus({ servers: lonely.url, name: 'first-part-only' })
		const firstPartOnly = lonelyBus.nc.subscribe(subjects.checkBatch, {
			callback: (_, message) => {
				const { domains } = JSON.parse(new TextDecoder().decode(message.data)) as { domains: string[] }
				const rows = domains.map((domain) => ({ query: { domain }, verdict: 'not_found', match: null }))
				if (domains[0] === 'a0.com') message.respond(JSON.stringify({ results: rows, checked_jurisdictions: [], _meta: {} }))
			}
		})
		try {
			await lonelyBus.nc.flush()
			const response = await testApp({
				sql: db.sql,
				bus: lonelyBus,
				clock,
				config: { CHECKER_TIMEOUT_MS: 300, CHECK_BATCH_PART_DOMAINS: 25 }
			}).handle(
				new Request('http://localhost/v1/check/batch', {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...bearer(enterpriseKey) },
					body: JSON.stringify({ domains: Array.from({ length: 100 }, (_, i) => `a${i}.com`) })
				})
			)
			await expectError(response, 503, 'checker_unavailable')
		} finally {
			firstPartOnly.unsubscribe()
			await lonelyBus.close()
			await lonely.stop()
		}
	})

	test('a checker that never replies is a 503 envelope after CHECKER_TIMEOUT_MS, not a hang', async () => {
		const lonely = await startNats()
		const lonelyBus = await connectBus({ servers: lonely.url, name: 'silent-checker' })
		const silent = lonelyBus.nc.subscribe(subjects.checkBatch, { callback: () => {} })
		try {
			await lonelyBus.nc.flush()
			const started = performance.now()
			const response = await testApp({ sql: db.sql, bus: lonelyBus, clock, config: { CHECKER_TIMEOUT_MS: 300 } }).handle(
				new Request('http://localhost/v1/check/batch', {
					method: 'POST',
					headers: { 'content-type': 'application/json', ...bearer(enterpriseKey) },
					body: '{"domains":["a.com"]}'
				})
			)
			const elapsed = performance.now() - started
			await expectError(response, 503, 'checker_unavailable')
			expect(response.headers.get('retry-after')).toBe('1')
			expect(elapsed).toBeGreaterThanOrEqual(250)
			expect(elapsed).toBeLessThan(1_500)
		} finally {
			silent.unsubscribe()
			await lonelyBus.close()
			await lonely.stop()
		}
	})
})
