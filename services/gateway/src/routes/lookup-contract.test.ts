import { beforeAll, describe, expect, test } from 'bun:test'
import { revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { handleFrom } from '@lv/testing'
import fc from 'fast-check'
import { type TestAccount, accountWithKey, bearer } from '../test-support/accounts.ts'
import { testApp } from '../test-support/gateway.ts'
import { schemaProblems } from '../test-support/json-schema.ts'
import { insertDomain, insertHistory, insertLicence, insertOperator, insertRegulatoryAction } from '../test-support/register-data.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile('lookup-contract-test')
let owner: TestAccount
let otherAccount: TestAccount
let revokedKey: string
const licenceId = crypto.randomUUID()
let document: {
	paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>
}
const clock = new TestClock('2026-11-05T12:00:00.000Z')
let app: ReturnType<typeof testApp>

beforeAll(async () => {
	owner = await accountWithKey(env.db.sql, clock, 'enterprise')
	otherAccount = await accountWithKey(env.db.sql, clock, 'business')
	const revoked = await accountWithKey(env.db.sql, clock, 'pro')
	await revokeApiKey(env.db.sql, clock, revoked.accountId, revoked.keyId)
	revokedKey = revoked.key
	const operatorId = await insertOperator(env.db.sql, { slug: 'contract-op', display_name: 'Contract Op' })
	await insertLicence(env.db.sql, { id: licenceId, operatorId, jurisdiction: 'UKGC', statusSourceUrl: 'https://register.example/s' })
	await insertHistory(env.db.sql, { licenceId, changedAt: '2026-02-01T00:00:00Z', previous: null, next: 'active' })
	await insertDomain(env.db.sql, {
		operatorId,
		licenceId,
		jurisdiction: 'UKGC',
		hostname: 'contract.example',
		verificationUrl: 'https://seal.example/1'
	})
	await insertRegulatoryAction(env.db.sql, { operatorId, jurisdiction: 'UKGC', type: 'fine', amount: 1000, date: '2026-01-01' })
	app = testApp({ sql: env.db.sql, bus: env.bus, clock })
	document = await (await app.handle(new Request('http://localhost/openapi.json'))).json()
})

let peer = 0
const send = (path: string, headers: Record<string, string>) =>
	handleFrom(app, new Request(`http://localhost${path}`, { headers }), `10.9.${Math.floor(++peer / 250) % 250}.${peer % 250}`)

/** Route pattern (as documented) and a concrete path for each lookup route this module owns. */
const routes = () => [
	{ pattern: '/v1/jurisdictions', path: '/v1/jurisdictions' },
	{ pattern: '/v1/jurisdictions/{code}', path: '/v1/jurisdictions/ukgc' },
	{ pattern: '/v1/jurisdictions/{code}/operators', path: '/v1/jurisdictions/UKGC/operators?limit=5' },
	{ pattern: '/v1/operators/search', path: '/v1/operators/search?q=contract' },
	{ pattern: '/v1/operators/{slug}', path: '/v1/operators/Contract-Op?as_of=2026-03-01' },
	{ pattern: '/v1/operators/{slug}/licenses', path: '/v1/operators/contract-op/licenses?include_history=true' },
	{ pattern: '/v1/operators/{slug}/regulatory-actions', path: '/v1/operators/contract-op/regulatory-actions?sort=amount_desc' },
	{ pattern: '/v1/licenses/{license_id}', path: `/v1/licenses/${licenceId}?as_of=2026-03-01` },
	{ pattern: '/v1/licenses/{license_id}/history', path: `/v1/licenses/${licenceId}/history` },
	{ pattern: '/v1/health/coverage', path: '/v1/health/coverage' },
	{ pattern: '/v1/stats', path: '/v1/stats' }
]

async function expectDocumented(pattern: string, response: Response) {
	const body = await response.json()
	const schema = document.paths[pattern]?.get?.responses[String(response.status)]?.content?.['application/json']?.schema
	expect({ pattern, status: response.status, documented: schema !== undefined }).toEqual({
		pattern,
		status: response.status,
		documented: true
	})
	expect({
		pattern,
		status: response.status,
		problems: schemaProblems(schema as Record<string, unknown>, body, document as unknown as Record<string, unknown>)
	}).toEqual({
		pattern,
		status: response.status,
		problems: []
	})
	return body
}

describe('lookup routes against /openapi.json', () => {
	test('every lookup route answers 200 with a body valid against its documented schema', async () => {
		for (const route of routes()) {
			const response = await send(route.path, bearer(owner.key))
			expect({ path: route.path, status: response.status }).toEqual({ path: route.path, status: 200 })
			await expectDocumented(route.pattern, response)
		}
	})

	test('error responses are documented envelopes too', async () => {
		const cases: [string, string, Record<string, string>][] = [
			['/v1/jurisdictions/{code}', '/v1/jurisdictions/X', bearer(owner.key)],
			['/v1/jurisdictions/{code}', '/v1/jurisdictions/ZZZ', bearer(owner.key)],
			['/v1/jurisdictions/{code}/operators', '/v1/jurisdictions/UKGC/operators?limit=0', bearer(owner.key)],
			['/v1/operators/{slug}', '/v1/operators/none-such', bearer(owner.key)],
			['/v1/operators/{slug}', '/v1/operators/contract-op', {}],
			['/v1/licenses/{license_id}', '/v1/licenses/not-a-uuid', bearer(owner.key)],
			['/v1/operators/search', '/v1/operators/search', {}]
		]
		for (const [pattern, path, headers] of cases) {
			const response = await send(path, headers)
			expect(response.status).toBeGreaterThanOrEqual(400)
			await expectDocumented(pattern, response)
		}
	})
})

const AUTHORIZATION_VARIANTS = () => [
	undefined,
	'Basic dXNlcjpwYXNz',
	'',
	'Bearer ',
	`Bearer ${'x'.repeat(10_000)}`,
	'Bearer xyz_0123456789abcdef0123456789abcdef',
	`Bearer ${revokedKey}`,
	`Bearer ${otherAccount.key}`,
	`Bearer ${owner.key}`,
	`bearer   ${owner.key}`
]

/** Text mixing the characters stores and parsers trip on (NUL, controls, bidi and BOM) with ordinary ones. */
const awkwardText = (maxLength: number) =>
	fc.string({ unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\u202e', '\ufeff', '\uffff', 'a', '-', '.', '%'), maxLength })
const segment = fc.oneof(
	fc.string({ maxLength: 40 }),
	awkwardText(40),
	fc.constantFrom('ukgc', 'UKGC', 'contract-op', 'CONTRACT-OP', licenceId, '..', '%00', '%F0%9F%92%A9', 'a'.repeat(300), '-1', ' ')
)
const queryValue = fc.oneof(
	fc.string({ maxLength: 50 }),
	awkwardText(50),
	fc.constantFrom('-1', '0', '1', '100', '201', '1e3', '2.5', 'true', 'date_desc', '2026-02-30', '2099-01-01', '', 'x'.repeat(1000))
)

describe('fuzz: lookup routes', () => {
	test('any path, query and Authorization gets 2xx or the SPEC envelope, never a 500', async () => {
		const templates = [
			'/v1/jurisdictions',
			'/v1/jurisdictions/:a',
			'/v1/jurisdictions/:a/operators',
			'/v1/operators/search',
			'/v1/operators/:a',
			'/v1/operators/:a/licenses',
			'/v1/operators/:a/regulatory-actions',
			'/v1/licenses/:a',
			'/v1/licenses/:a/history',
			'/v1/health/coverage',
			'/v1/stats'
		]
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(...templates),
				segment,
				fc.dictionary(fc.constantFrom('limit', 'offset', 'q', 'as_of', 'include_history', 'sort', 'extra'), queryValue, { maxKeys: 4 }),
				fc.constantFrom(...AUTHORIZATION_VARIANTS()),
				fc.dictionary(
					fc.constantFrom('x-forwarded-for', 'accept', 'x-request-id', 'content-type'),
					fc.string({ maxLength: 60 }).filter((value) => !/[\r\n\0]/.test(value)),
					{ maxKeys: 2 }
				),
				async (template, rawSegment, query, authorization, extraHeaders) => {
					const path = template.replace(':a', encodeURIComponent(rawSegment) || 'x')
					const search = new URLSearchParams(query).toString()
					const headers: Record<string, string> = { ...extraHeaders }
					if (authorization !== undefined) headers.authorization = authorization
					const response = await send(`${path}${search ? `?${search}` : ''}`, headers)
					expect(response.status).not.toBe(500)
					if (response.status >= 300) {
						const body = await response.json()
						expect(body).toMatchObject({ error: expect.any(String), code: expect.any(String), details: { reason: expect.any(String) } })
					}
				}
			),
			{ numRuns: 400 }
		)
	})

	test('the Authorization variants get exactly the SPEC answers on a keyed route', async () => {
		const expected = [
			'api_key_missing',
			'malformed_header',
			'malformed_header',
			'malformed_header',
			'api_key_invalid',
			'api_key_invalid',
			'api_key_revoked',
			200,
			200,
			200
		]
		const seen = []
		for (const authorization of AUTHORIZATION_VARIANTS()) {
			const response = await send('/v1/operators/contract-op', authorization === undefined ? {} : { authorization })
			seen.push(response.status === 200 ? 200 : (await response.json()).details.reason)
		}
		expect(seen).toEqual(expected)
	})
})
