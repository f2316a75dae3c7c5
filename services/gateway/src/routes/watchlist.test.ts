import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { insertLicence, insertOperator, newSecretKey, notificationsApp } from '../test-support/webhooks.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const env = databaseAndNatsPerFile('watchlist-test')
let app: ReturnType<typeof notificationsApp>

beforeAll(async () => {
	app = notificationsApp({ sql: env.db.sql, bus: env.bus, clock, secretKey: newSecretKey() })
})
const call = (key: string, method: string, path: string, body?: unknown) =>
	app.handle(
		new Request(`http://localhost${path}`, {
			method,
			headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body)
		})
	)
const add = (key: string, slug: string) => call(key, 'POST', '/v1/watchlist/operators', { operator_slug: slug })

describe('POST /v1/watchlist/operators', () => {
	test('adds an operator by slug in any case and answers 201 with the watchlist entry and its headline licence', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const operatorId = await insertOperator(env.db.sql, clock.now(), 'acme-gaming')
		await insertLicence(env.db.sql, clock.now(), operatorId, 'suspended', 'CW')
		await insertLicence(env.db.sql, clock.now(), operatorId, 'active', 'MGA')
		const response = await add(key, 'ACME-Gaming')
		expect(response.status).toBe(201)
		expect(await response.json()).toEqual({
			id: operatorId,
			slug: 'acme-gaming',
			display_name: 'Operator acme-gaming',
			country: 'MT',
			added_at: clock.now().toISOString(),
			license_status: 'active',
			jurisdiction_code: 'MGA'
		})
	})

	test('an operator already listed is 409 invalid_query / watchlist_duplicate', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		await insertOperator(env.db.sql, clock.now(), 'dup-op')
		expect((await add(key, 'dup-op')).status).toBe(201)
		const again = await add(key, 'dup-op')
		expect(again.status).toBe(409)
		expect(await again.json()).toMatchObject({ code: 'invalid_query', details: { reason: 'watchlist_duplicate' } })
	})

	test('at the plan cap it is 403 quota_exceeded / watchlist_quota_exceeded with current_usage, limit and plan_tier', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'starter')
		for (let index = 0; index < 25; index++) {
			await insertOperator(env.db.sql, clock.now(), `cap-${index}`)
			expect((await add(key, `cap-${index}`)).status).toBe(201)
			clock.advance(1_000)
		}
		await insertOperator(env.db.sql, clock.now(), 'cap-over')
		const over = await add(key, 'cap-over')
		expect(over.status).toBe(403)
		expect(await over.json()).toMatchObject({
			code: 'quota_exceeded',
			details: { reason: 'watchlist_quota_exceeded', current_usage: 25, limit: 25, plan_tier: 'starter' }
		})
	})

	test('concurrent adds never take a watchlist past its cap', async () => {
		// a plan without a per-second limit and a watchlist cap of 5
		const { key } = await accountWithKey(env.db.sql, clock, await insertPlan(env.db.sql, { code: 'race-plan', per_second_limit: null }))
		const slugs = Array.from({ length: 30 }, (_, index) => `race-${index}`)
		for (const slug of slugs) await insertOperator(env.db.sql, clock.now(), slug)
		const statuses = (await Promise.all(slugs.map((slug) => add(key, slug)))).map((response) => response.status)
		expect(statuses.filter((status) => status === 201)).toHaveLength(5)
		expect(statuses.filter((status) => status === 403)).toHaveLength(25)
	})

	test('an unknown slug is 404 operator_not_found; an empty slug is 400 invalid_slug', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const unknown = await add(key, 'no-such-operator')
		expect(unknown.status).toBe(404)
		expect((await unknown.json()).details.reason).toBe('operator_not_found')
		const empty = await add(key, ' ')
		expect(empty.status).toBe(400)
		expect((await empty.json()).code).toBe('invalid_slug')
	})

	test('a slug holding a NUL character is 400 invalid_slug on operator_slug, and nothing is added', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		for (const slug of ['\u0000', 'acme\u0000gaming']) {
			const response = await add(key, slug)
			expect({ status: response.status, body: await response.json() }).toMatchObject({
				status: 400,
				body: { code: 'invalid_slug', details: { reason: 'invalid_input', field: 'operator_slug' } }
			})
		}
		expect(await (await call(key, 'GET', '/v1/watchlist')).json()).toMatchObject({ count: 0 })
	})

	test('a body with a field beside operator_slug is 400 invalid_input on body, and nothing is added', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		const response = await call(key, 'POST', '/v1/watchlist/operators', { operator_slug: 'acme-gaming', note: 'x' })
		expect({ status: response.status, body: await response.json() }).toMatchObject({
			status: 400,
			body: { code: 'invalid_query', details: { reason: 'invalid_input', field: 'body' } }
		})
		expect(await (await call(key, 'GET', '/v1/watchlist')).json()).toMatchObject({ count: 0 })
	})

	test('without a key it is 401 auth_required', async () => {
		const response = await app.handle(
			new Request('http://localhost/v1/watchlist/operators', {
				method: 'POST',
				body: '{}',
				headers: { 'content-type': 'application/json' }
			})
		)
		expect(response.status).toBe(401)
	})
})

describe('DELETE /v1/watchlist/operators/{slug}', () => {
	test('is 204 whether or not the operator was listed, and removes it when it was', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		await insertOperator(env.db.sql, clock.now(), 'gone-op')
		await add(key, 'gone-op')
		expect((await call(key, 'DELETE', '/v1/watchlist/operators/gone-op')).status).toBe(204)
		expect((await call(key, 'DELETE', '/v1/watchlist/operators/gone-op')).status).toBe(204)
		expect((await call(key, 'DELETE', '/v1/watchlist/operators/never-listed')).status).toBe(204)
		expect((await (await call(key, 'GET', '/v1/watchlist')).json()).count).toBe(0)
	})

	test('a slug that is not lowercase letters, digits and hyphens is 400 invalid_slug', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		for (const slug of ['Upper-Case', 'under_score', 'dot.ted', 'a'.repeat(129)]) {
			const response = await call(key, 'DELETE', `/v1/watchlist/operators/${slug}`)
			expect({ slug, status: response.status, code: (await response.json()).code }).toEqual({ slug, status: 400, code: 'invalid_slug' })
		}
	})
})

describe('GET /v1/watchlist and /v1/watchlist/operators', () => {
	test('the summary has count, the plan cap as limit, and the 50 newest entries; the list pages newest first with total', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		for (let index = 0; index < 55; index++) {
			await insertOperator(env.db.sql, clock.now(), `list-${String(index).padStart(2, '0')}`)
			await add(key, `list-${String(index).padStart(2, '0')}`)
			clock.advance(1_000)
		}
		const summary = await (await call(key, 'GET', '/v1/watchlist')).json()
		expect(summary.count).toBe(55)
		expect(summary.limit).toBe(250)
		expect(summary.operators).toHaveLength(50)
		expect(summary.operators[0].slug).toBe('list-54')

		const page = await (await call(key, 'GET', '/v1/watchlist/operators?limit=10&offset=50')).json()
		expect(page.total).toBe(55)
		expect(page.limit).toBe(10)
		expect(page.offset).toBe(50)
		expect(page.operators.map((entry: { slug: string }) => entry.slug)).toEqual(['list-04', 'list-03', 'list-02', 'list-01', 'list-00'])
	})

	test('an enterprise watchlist reports limit null', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'enterprise')
		expect((await (await call(key, 'GET', '/v1/watchlist')).json()).limit).toBeNull()
	})

	test('limit outside 1–200 or a negative offset is 400 invalid_query / invalid_pagination, never clamped', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		for (const query of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1', 'limit=1.5']) {
			const response = await call(key, 'GET', `/v1/watchlist/operators?${query}`)
			expect({ query, status: response.status, body: await response.json() }).toMatchObject({
				query,
				status: 400,
				body: { code: 'invalid_query', details: { reason: 'invalid_pagination' } }
			})
		}
	})

	test('any non-negative offset is accepted: past the last entry it is 200 with no rows and the real total', async () => {
		const { key } = await accountWithKey(env.db.sql, clock, 'pro')
		await insertOperator(env.db.sql, clock.now(), 'far-offset')
		await add(key, 'far-offset')
		for (const offset of [1, 1_000_000_000, 9_007_199_254_740_991]) {
			const response = await call(key, 'GET', `/v1/watchlist/operators?offset=${offset}`)
			expect({ offset, status: response.status, body: await response.json() }).toEqual({
				offset,
				status: 200,
				body: { total: 1, limit: 50, offset, operators: [] }
			})
		}
	})

	test("one account never sees another account's watchlist", async () => {
		const first = await accountWithKey(env.db.sql, clock, 'pro')
		const second = await accountWithKey(env.db.sql, clock, 'pro')
		await insertOperator(env.db.sql, clock.now(), 'private-watch')
		await add(first.key, 'private-watch')
		expect((await (await call(second.key, 'GET', '/v1/watchlist')).json()).count).toBe(0)
	})
})
