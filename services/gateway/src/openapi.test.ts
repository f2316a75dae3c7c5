import { beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { REPO_ROOT, TMP_ROOT } from '@lv/testing'
import { createApp } from './app.ts'
import { HEADER_NAMES } from './openapi/header-catalog.ts'
import { OPERATIONS } from './openapi/operations.ts'
import { authModeOf, isSuccess, outcomesAt } from './openapi/response-headers.ts'
import { accountWithKey, bearer, insertPlan } from './test-support/accounts.ts'
import { schemaProblems } from './test-support/json-schema.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile('openapi-test')
let app: ReturnType<typeof createApp>
type Example = { summary: string; value: unknown } | { $ref: string }
type MediaType = { schema: Record<string, unknown>; examples?: Record<string, Example> }
type DocResponse = { description: string; headers?: Record<string, { $ref?: string }>; content?: Record<string, MediaType> }
type DocOperation = { security?: Record<string, unknown>[]; responses: Record<string, DocResponse> }
let document: { openapi: string; paths: Record<string, Record<string, DocOperation>>; components: Record<string, Record<string, unknown>> }
let clock: TestClock

beforeAll(async () => {
	clock = new TestClock('2026-11-05T12:34:56.789Z')
	app = createApp({
		sql: env.db.sql,
		bus: env.bus,
		clock,
		logger: silentLogger,
		config: {
			PUBLIC_BASE_URL: 'https://api.example.test',
			PRICING_URL: 'https://example.test/pricing',
			APP_URL: 'https://app.example.test',
			CHECKER_TIMEOUT_MS: 500,
			LIMITS_STORE_TIMEOUT_MS: 2_000,
			TRUSTED_PROXIES: ''
		}
	})
	document = await (await app.handle(new Request('http://localhost/openapi.json'))).json()
})

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
const INTERNAL = new Set(['/openapi', '/openapi.json'])

describe('GET /openapi.json', () => {
	test('is an OpenAPI 3.1 document', () => {
		expect(document.openapi).toStartWith('3.1.')
	})

	test('documents every registered route', () => {
		const routes = app.routes.filter((route) => !INTERNAL.has(route.path) && route.method !== 'HEAD')
		expect(routes.length).toBeGreaterThan(0)
		for (const route of routes) {
			const item = document.paths[toOpenApiPath(route.path)]
			expect({ route: `${route.method} ${route.path}`, documented: item?.[route.method.toLowerCase()] !== undefined }).toEqual({
				route: `${route.method} ${route.path}`,
				documented: true
			})
		}
	})

	test('passes redocly lint with the recommended rules and zero errors', () => {
		const dir = mkdtempSync(join(TMP_ROOT, 'openapi-'))
		try {
			const file = join(dir, 'openapi.json')
			writeFileSync(file, JSON.stringify(document))
			const lint = Bun.spawnSync(
				['node', join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--extends=recommended', '--format=stylish', file],
				{
					env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
					stdout: 'pipe',
					stderr: 'pipe'
				}
			)
			const output = `${lint.stdout.toString()}\n${lint.stderr.toString()}`
			expect({ exitCode: lint.exitCode, output: lint.exitCode === 0 ? '' : output }).toEqual({ exitCode: 0, output: '' })
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
	})
})

const operations = () =>
	Object.entries(document.paths).flatMap(([path, item]) =>
		Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation }))
	)
const responsesOf = () =>
	operations().flatMap(({ key, operation }) =>
		Object.entries(operation.responses).map(([status, response]) => ({ key, operation, status: Number(status), response }))
	)
/** An example in place, or the one its $ref names under components.examples. */
const exampleValue = (example: Example): unknown =>
	'$ref' in example
		? (document.components.examples?.[example.$ref.replace('#/components/examples/', '')] as { value: unknown } | undefined)?.value
		: example.value
const declared = (key: string, status: number): string[] => {
	const [method, path] = key.split(' ') as [string, string]
	return Object.keys(document.paths[path]?.[method.toLowerCase()]?.responses[String(status)]?.headers ?? {})
}

describe('GET /openapi.json response headers', () => {
	test('every documented operation has an entry in the operations table, and every entry is documented', () => {
		expect(
			operations()
				.map(({ key }) => key)
				.sort()
		).toEqual(Object.keys(OPERATIONS).sort())
	})

	test('every response of every operation declares X-Request-Id, and every declared header resolves in components.headers', () => {
		const headers = document.components.headers ?? {}
		for (const { key, status, response } of responsesOf()) {
			expect({ key, status, requestId: 'X-Request-Id' in (response.headers ?? {}) }).toEqual({ key, status, requestId: true })
			for (const [name, header] of Object.entries(response.headers ?? {}))
				expect({ key, name, resolves: header.$ref === `#/components/headers/${name}` && name in headers }).toEqual({
					key,
					name,
					resolves: true
				})
		}
	})

	test('keyed 2xx declare X-RateLimit-* and X-Monthly-Quota-*; every 429 declares Retry-After; every 402 X-Upgrade-URL; the 405 Allow', () => {
		for (const { key, operation, status, response } of responsesOf()) {
			const names = Object.keys(response.headers ?? {})
			const keyed = authModeOf(operation.security) !== 'none'
			const expected = [
				...(keyed && isSuccess(status)
					? [
							'X-RateLimit-Limit',
							'X-RateLimit-Remaining',
							'X-RateLimit-Reset',
							'X-Monthly-Quota-Limit',
							'X-Monthly-Quota-Used',
							'X-Upgrade-URL'
						]
					: []),
				...(status === 429 ? ['Retry-After'] : []),
				...(status === 402 ? ['X-Upgrade-URL'] : []),
				...(status === 405 ? ['Allow'] : [])
			]
			expect({ key, status, names }).toEqual({ key, status, names: expect.arrayContaining(expected) })
		}
	})

	test('the DELETE operations document their 204', () => {
		expect(Object.keys(document.paths['/v1/watchlist/operators/{slug}']?.delete?.responses ?? {})).toContain('204')
		expect(Object.keys(document.paths['/v1/webhooks/{id}']?.delete?.responses ?? {})).toContain('204')
	})
})

describe('GET /openapi.json examples', () => {
	test('every success with a body and every error response carries whole-body examples, except the statuses recorded as not produced', () => {
		for (const { key, status, response } of responsesOf()) {
			if (status === 204 || status === 304 || OPERATIONS[key]?.notProduced?.includes(status)) continue
			const count = Object.values(response.content ?? {}).reduce((sum, media) => sum + Object.keys(media.examples ?? {}).length, 0)
			expect({ key, status, hasExamples: count > 0 }).toEqual({ key, status, hasExamples: true })
		}
	})

	test('every example is valid against the schema of its own response', () => {
		let checked = 0
		for (const { key, status, response } of responsesOf()) {
			for (const [mediaType, media] of Object.entries(response.content ?? {})) {
				for (const [name, example] of Object.entries(media.examples ?? {})) {
					checked++
					expect({ key, status, mediaType, name, problems: schemaProblems(media.schema, exampleValue(example), document) }).toEqual({
						key,
						status,
						mediaType,
						name,
						problems: []
					})
				}
			}
		}
		expect(checked).toBeGreaterThan(100)
	})

	test('an error example names the code and reason of an outcome the operation has at that status', () => {
		for (const { key, operation, status, response } of responsesOf()) {
			if (isSuccess(status)) continue
			const outcomes = outcomesAt(OPERATIONS[key] ?? { outcomes: [] }, authModeOf(operation.security), status)
			for (const example of Object.values(response.content?.['application/json']?.examples ?? {})) {
				expect(outcomes.map(([, outcome]) => outcome.value)).toContainEqual(exampleValue(example))
			}
		}
	})

	test('every outcome of an operation is at a status the operation documents', () => {
		for (const { key, operation } of operations()) {
			const spec = OPERATIONS[key] ?? { outcomes: [] }
			for (const status of [400, 401, 402, 403, 404, 405, 409, 429, 500, 503]) {
				if (outcomesAt(spec, authModeOf(operation.security), status).length > 0)
					expect({ key, status, documented: String(status) in operation.responses }).toEqual({ key, status, documented: true })
			}
		}
	})
})

/** The catalogue headers a real response carries, by their catalogue spelling. */
const CATALOG = new Map(HEADER_NAMES.map((name) => [name.toLowerCase(), name]))
const carried = (response: Response): string[] => [...response.headers.keys()].flatMap((name) => CATALOG.get(name.toLowerCase()) ?? [])

describe('GET /openapi.json against real responses', () => {
	const call = async (key: string, status: number, path: string, init: RequestInit = {}) => {
		const response = await app.handle(new Request(`http://localhost${path}`, init))
		await response.arrayBuffer()
		expect({ key, path, status: response.status }).toEqual({ key, path, status })
		const names = carried(response)
		expect({ key, status, undeclared: names.filter((name) => !declared(key, status).includes(name)) }).toEqual({
			key,
			status,
			undeclared: []
		})
		return names
	}
	const keyFor = async (plan: Parameters<typeof insertPlan>[1]) => {
		await insertPlan(env.db.sql, plan)
		return bearer((await accountWithKey(env.db.sql, clock, plan.code)).key)
	}

	test('GET /v1/jurisdictions: keyless, capped, uncapped and trial calls together carry exactly the declared 200 and 429 headers', async () => {
		const key = 'GET /v1/jurisdictions'
		const nearCap = await keyFor({ code: 'oa-near-cap', monthly_quota: 1 })
		const uncapped = await keyFor({ code: 'oa-uncapped', monthly_quota: null })
		const perSecond = await keyFor({ code: 'oa-per-second', monthly_quota: 1000, per_second_limit: 1 })
		const trial = await keyFor({ code: 'oa-trial', is_trial: true, trial_daily_cap: 1 })
		const ok = new Set([
			...(await call(key, 200, '/v1/jurisdictions', { headers: { 'x-forwarded-for': '203.0.113.7' } })),
			...(await call(key, 200, '/v1/jurisdictions', { headers: nearCap })),
			...(await call(key, 200, '/v1/jurisdictions', { headers: uncapped })),
			...(await call(key, 200, '/v1/jurisdictions', { headers: perSecond })),
			...(await call(key, 200, '/v1/jurisdictions', { headers: trial }))
		])
		expect([...ok].sort()).toEqual(declared(key, 200).sort())
		for (let i = 0; i < 10; i++) await app.handle(new Request('http://localhost/v1/jurisdictions'))
		const limited = new Set([
			...(await call(key, 429, '/v1/jurisdictions')),
			...(await call(key, 429, '/v1/jurisdictions', { headers: nearCap })),
			...(await call(key, 429, '/v1/jurisdictions', { headers: perSecond })),
			...(await call(key, 429, '/v1/jurisdictions', { headers: trial }))
		])
		expect([...limited].sort()).toEqual(declared(key, 429).sort())
		expect((await call(key, 401, '/v1/jurisdictions', { headers: bearer('lvk_00000000000000000000000000000000') })).sort()).toEqual(
			declared(key, 401).sort()
		)
		expect(declared(key, 401).sort()).toEqual(['X-Request-Id', 'X-Upgrade-URL'])
	})

	test('GET /v1/check: keyless, capped and uncapped 400s and 503s together carry exactly the declared headers; a refused key X-Upgrade-URL', async () => {
		const key = 'GET /v1/check'
		const keyed = await keyFor({ code: 'oa-check', monthly_quota: 1000 })
		const uncapped = await keyFor({ code: 'oa-check-uncapped', monthly_quota: null })
		clock.advance(3_600_000)
		const bad = [
			await call(key, 400, '/v1/check'),
			await call(key, 400, '/v1/check?domain=a.example&license_number=1', { headers: keyed }),
			await call(key, 400, '/v1/check?domain=bad_host.example', { headers: uncapped })
		]
		expect([...new Set(bad.flat())].sort()).toEqual(declared(key, 400).sort())
		expect(bad[2]?.sort()).toEqual(['X-Request-Id', 'X-Upgrade-URL'])
		// No checker listens in this test: a well-formed check is 503 checker_unavailable, after the call was counted.
		const unavailable = new Set([
			...(await call(key, 503, '/v1/check?domain=a.example')),
			...(await call(key, 503, '/v1/check?domain=a.example', { headers: keyed })),
			...(await call(key, 503, '/v1/check?domain=a.example', { headers: uncapped }))
		])
		expect([...unavailable].sort()).toEqual(declared(key, 503).sort())
		for (const authorization of ['Token nope', 'Bearer lvk_00000000000000000000000000000000'])
			expect((await call(key, 401, '/v1/check?domain=a.example', { headers: { authorization } })).sort()).toEqual(declared(key, 401).sort())
	})

	test('keyed routes: a 402 for a trial key, a 405, a 404, a 204 and the events feed carry only declared headers, and the always-sent ones', async () => {
		const keyed = await keyFor({ code: 'oa-keyed', monthly_quota: 1000 })
		const trial = await keyFor({ code: 'oa-trial-2', is_trial: true, trial_daily_cap: 100 })
		const always = (names: string[], expected: string[]) => expect(names).toEqual(expect.arrayContaining(expected))
		always(await call('GET /v1/jurisdictions/{code}', 402, '/v1/jurisdictions/UKGC', { headers: trial }), ['X-Request-Id', 'X-Upgrade-URL'])
		always(await call('POST /v1/check/batch', 405, '/v1/check/batch', { headers: keyed }), ['X-Request-Id', 'Allow'])
		always(await call('GET /v1/jurisdictions/{code}', 404, '/v1/jurisdictions/ZZ', { headers: keyed }), ['X-Request-Id'])
		always(await call('GET /v1/jurisdictions/{code}', 200, '/v1/jurisdictions/ukgc', { headers: keyed }), [
			'X-Request-Id',
			'X-Monthly-Quota-Limit',
			'X-RateLimit-Limit',
			'X-Upgrade-URL'
		])
		always(
			await call('DELETE /v1/watchlist/operators/{slug}', 204, '/v1/watchlist/operators/acme-gaming', { method: 'DELETE', headers: keyed }),
			['X-Request-Id', 'X-Monthly-Quota-Limit']
		)
		always(await call('GET /v1/watchlist/events', 200, '/v1/watchlist/events', { headers: keyed }), [
			'X-Request-Id',
			'X-Poll-RateLimit-Limit',
			'X-Poll-RateLimit-Remaining',
			'X-Poll-RateLimit-Reset',
			'X-Poll-RateLimit-Window',
			'X-Poll-Recommended-Interval'
		])
	})
})
