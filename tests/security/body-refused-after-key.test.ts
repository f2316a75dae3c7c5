import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { request as httpRequest } from 'node:http'
import { revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { BODY_LIMITS } from '../../services/gateway/src/body-limit.ts'
import { accountWithKey, bearer, insertPlan } from '../../services/gateway/src/test-support/accounts.ts'
import { DEFAULT_KEY_LEASE_MS } from '../../services/gateway/src/config.ts'
import { testReplica } from '../../services/gateway/src/test-support/gateway.ts'
import { useStores } from './stores.ts'

const stores = useStores('body-after-key-test')
const clock = new TestClock('2026-11-26T10:00:00.000Z')
type Listening = ReturnType<ReturnType<typeof testReplica>['app']['listen']>
let gateway: Listening
let base: string

beforeAll(async () => {
	// No key leases: every keyed call is one counting statement, so limit_counters shows each call.
	const { app, auth } = testReplica({ sql: stores.db.sql, bus: stores.bus, clock })
	await auth.listening
	gateway = app.listen({ port: 0, hostname: '127.0.0.1' })
	base = `http://127.0.0.1:${gateway.server?.port}`
	await insertPlan(stores.db.sql, { code: 'one-per-second', monthly_quota: 1000, per_second_limit: 1 })
})
afterAll(async () => {
	await gateway.stop(true)
})

type Envelope = { code: string; details: { reason: string; field?: string } }
type Operation = { method: string; path: string }

const MALFORMED = '{"domains":'
const JSON_HEADERS = { 'content-type': 'application/json' }

/** Every keyed operation of /openapi.json but the GETs (a GET's body is never read), its path parameters filled in. */
async function keyedOperationsOtherThanGet(): Promise<(Operation & { documented: string })[]> {
	const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
		paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>
	}
	const fill = (path: string) =>
		path.replace(/\{([a-z_]+)\}/g, (_, name: string) => (name === 'slug' ? 'acme-gaming' : crypto.randomUUID()))
	return Object.entries(document.paths).flatMap(([path, item]) =>
		Object.entries(item)
			.filter(([method, operation]) => method !== 'get' && (operation.security ?? []).some((option) => 'apiKey' in option))
			.map(([method]) => ({ method: method.toUpperCase(), path: fill(path), documented: `${method.toUpperCase()} ${path}` }))
	)
}

const send = (operation: Operation, headers: Record<string, string>, body = MALFORMED) =>
	fetch(`${base}${operation.path}`, { method: operation.method, headers: { ...JSON_HEADERS, ...headers }, body })

const refusalOf = async (response: Response) => ({ status: response.status, ...((await response.json()) as Envelope) })

async function counters(accountId: string) {
	const [row] = await stores.db.sql<{ second_count: number; quota_count: number }[]>`
		SELECT second_count, quota_count FROM limit_counters WHERE subject = ${accountId}`
	return row ?? { second_count: 0, quota_count: 0 }
}

describe('a body is refused only after the key', () => {
	test('every keyed operation but the GETs answers the key before a malformed body: no key, a malformed header, an unknown, revoked, inactive or trial key', async () => {
		const operations = await keyedOperationsOtherThanGet()
		expect(operations.map((operation) => operation.documented)).toEqual(
			expect.arrayContaining([
				'POST /v1/check/batch',
				'POST /v1/webhooks',
				'PATCH /v1/webhooks/{id}',
				'POST /v1/watchlist/operators',
				'DELETE /v1/webhooks/{id}',
				'POST /v1/webhooks/{id}/rotate_secret',
				'POST /v1/webhooks/{id}/test',
				'POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend',
				'DELETE /v1/watchlist/operators/{slug}'
			])
		)
		const revoked = await accountWithKey(stores.db.sql, clock, 'pro')
		await revokeApiKey(stores.db.sql, clock, revoked.accountId, revoked.keyId)
		const inactive = await accountWithKey(stores.db.sql, clock, 'pro')
		await stores.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${inactive.accountId}`
		const trial = await accountWithKey(stores.db.sql, clock, 'trial')
		const cases: [string, Record<string, string>, number, string][] = [
			['no key', {}, 401, 'api_key_missing'],
			['a malformed header', { authorization: 'Token abc' }, 401, 'malformed_header'],
			['an unknown key', bearer('lvk_0123456789abcdef0123456789abcdef'), 401, 'api_key_invalid'],
			['a revoked key', bearer(revoked.key), 401, 'api_key_revoked'],
			['an inactive plan', bearer(inactive.key), 402, 'plan_inactive'],
			['a trial key', bearer(trial.key), 402, 'endpoint_requires_paid_plan']
		]
		const answers: string[] = []
		for (const operation of operations)
			for (const [what, headers] of cases) {
				const response = await send(operation, headers)
				const body = (await response.json()) as Envelope
				answers.push(`${operation.method} ${operation.path} ${what}: ${response.status} ${body.details.reason}`)
			}
		expect(answers).toEqual(
			operations.flatMap((operation) =>
				cases.map(([what, , status, reason]) => `${operation.method} ${operation.path} ${what}: ${status} ${reason}`)
			)
		)
	})

	test('a revoked key sending a body over the maximum, declared or not, is 401 auth_revoked', async () => {
		const revoked = await accountWithKey(stores.db.sql, clock, 'pro')
		await revokeApiKey(stores.db.sql, clock, revoked.accountId, revoked.keyId)
		const oversize = JSON.stringify({ domains: ['a'.repeat(BODY_LIMITS.checkBatch)] })
		const declared = await send({ method: 'POST', path: '/v1/check/batch' }, bearer(revoked.key), oversize)
		const streamed = await fetch(`${base}/v1/check/batch`, {
			method: 'POST',
			headers: { ...JSON_HEADERS, ...bearer(revoked.key) },
			body: new Blob([oversize]).stream(),
			// @ts-expect-error Bun's RequestInit takes duplex for streamed bodies
			duplex: 'half'
		})
		for (const response of [declared, streamed])
			expect(await refusalOf(response)).toMatchObject({ status: 401, code: 'auth_revoked', details: { reason: 'api_key_revoked' } })
	})

	test('a valid key with a malformed body: 400 invalid_input on body, counted toward the per-second limit, not charged to the month', async () => {
		const account = await accountWithKey(stores.db.sql, clock, 'pro')
		const bodies: [Operation, string][] = [
			[{ method: 'POST', path: '/v1/check/batch' }, MALFORMED],
			[{ method: 'POST', path: '/v1/check/batch' }, '{"domains":["a.example"],"domain":1}'],
			[{ method: 'POST', path: '/v1/webhooks' }, '[]'],
			[{ method: 'PATCH', path: `/v1/webhooks/${crypto.randomUUID()}` }, '{"activ":false}'],
			[{ method: 'POST', path: '/v1/watchlist/operators' }, 'operator_slug=acme']
		]
		for (const [operation, body] of bodies) {
			clock.advance(1_000)
			const response = await send(operation, bearer(account.key), body)
			expect({ operation, status: response.status, details: ((await response.json()) as Envelope).details }).toEqual({
				operation,
				status: 400,
				details: { reason: 'invalid_input', field: 'body' }
			})
			expect({ operation, counted: await counters(account.accountId) }).toEqual({
				operation,
				counted: { second_count: 1, quota_count: 0 }
			})
		}
	})

	test('a body over the maximum with a valid key: 413, counted toward the per-second limit, not charged to the month', async () => {
		const account = await accountWithKey(stores.db.sql, clock, 'pro')
		clock.advance(1_000)
		const oversize = JSON.stringify({ domains: ['a'.repeat(BODY_LIMITS.checkBatch)] })
		const response = await send({ method: 'POST', path: '/v1/check/batch' }, bearer(account.key), oversize)
		expect(response.status).toBe(413)
		expect(((await response.json()) as Envelope).details.reason).toBe('body_too_large')
		expect(await counters(account.accountId)).toEqual({ second_count: 1, quota_count: 0 })
	})

	test('the per-second limit comes before the body: a second malformed call in the same second is 429, not 400', async () => {
		const account = await accountWithKey(stores.db.sql, clock, 'one-per-second')
		clock.advance(1_000)
		const batch = { method: 'POST', path: '/v1/check/batch' }
		expect((await send(batch, bearer(account.key))).status).toBe(400)
		const limited = await send(batch, bearer(account.key))
		expect({ status: limited.status, reason: ((await limited.json()) as Envelope).details.reason }).toEqual({
			status: 429,
			reason: 'per_second_limit_exceeded'
		})
	})

	test("a call admitted from the replica's leases, without a statement, is admitted before its oversized body is refused", async () => {
		const { app, auth } = testReplica({ sql: stores.db.sql, bus: stores.bus, clock, keyLeaseMs: DEFAULT_KEY_LEASE_MS })
		await auth.listening
		const account = await accountWithKey(stores.db.sql, clock, 'business')
		const oversize = JSON.stringify({ operator_slug: 'a'.repeat(BODY_LIMITS.watchlist) })
		const watchlistAdd = () =>
			app.handle(
				new Request('http://gateway/v1/watchlist/operators', {
					method: 'POST',
					headers: { ...JSON_HEADERS, ...bearer(account.key) },
					body: oversize
				})
			)
		expect((await watchlistAdd()).status).toBe(413)
		await auth.leases?.checkRound()
		// This call asks for the account's allowance lease and takes its first call; the next is admitted from it.
		expect((await watchlistAdd()).status).toBe(413)
		const admitted = auth.leases?.admitted ?? 0
		const refused = await watchlistAdd()
		expect({ status: refused.status, reason: ((await refused.json()) as Envelope).details.reason }).toEqual({
			status: 413,
			reason: 'body_too_large'
		})
		expect(auth.leases?.admitted).toBe(admitted + 1)
	})

	test('a route that takes no body does not read one: a valid key with malformed JSON on DELETE /v1/watchlist/operators/{slug} is 204', async () => {
		const account = await accountWithKey(stores.db.sql, clock, 'pro')
		clock.advance(1_000)
		const response = await send({ method: 'DELETE', path: '/v1/watchlist/operators/acme-gaming' }, bearer(account.key))
		expect(response.status).toBe(204)
	})

	test('a keyless-capable GET sent a malformed body without a key is answered as SPEC says: the body is not read, the call counts against the address', async () => {
		const response = await new Promise<{ status: number; remaining: string | undefined; policy: string | undefined }>((resolve, reject) => {
			const call = httpRequest(
				`${base}/v1/jurisdictions`,
				{ method: 'GET', headers: { ...JSON_HEADERS, 'content-length': String(MALFORMED.length) } },
				(answer) => {
					answer.resume()
					answer.on('end', () =>
						resolve({
							status: answer.statusCode ?? 0,
							remaining: answer.headers['x-ratelimit-remaining'] as string | undefined,
							policy: answer.headers['x-ratelimit-policy'] as string | undefined
						})
					)
				}
			)
			call.on('error', reject)
			call.end(MALFORMED)
		})
		expect(response).toEqual({ status: 200, remaining: '9', policy: 'tier=public;limit=10;window=hour' })
	})
})
