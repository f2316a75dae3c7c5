import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { createSql } from '@lv/db'
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '@lv/oauth'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestAccount, accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { CONNECTOR, type TestGrant, accessTokenFor, insertGrant } from '../test-support/connector.ts'
import { testDeps } from '../test-support/gateway.ts'
import { insertLicence, insertOperator } from '../test-support/webhooks.ts'
import { createApp } from '../app.ts'
import { TOOLS } from './tools.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const MCP_URL = 'https://api.example.test/mcp/account'
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let app: ReturnType<typeof createApp>

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	bus = await connectBus({ servers: nats.url, name: 'connector-test' })
	app = createApp({ ...testDeps({ sql: db.sql, bus, clock }), connector: CONNECTOR })
	const operatorId = await insertOperator(db.sql, clock.now(), 'acme-gaming')
	await insertLicence(db.sql, clock.now(), operatorId, 'active', 'MGA')
})
afterAll(async () => {
	await bus.close()
	await nats.stop()
	await db.drop()
})

const handle = (input: string | URL | Request, init?: RequestInit) =>
	app.handle(input instanceof Request ? input : new Request(input, init))

async function connect(token: string): Promise<Client> {
	const client = new Client({ name: 'connector-test', version: '1.0.0' })
	await client.connect(
		new StreamableHTTPClientTransport(new URL(MCP_URL), { fetch: handle, requestInit: { headers: { authorization: `Bearer ${token}` } } })
	)
	return client
}

async function grantedAccount(plan = 'pro'): Promise<{ account: TestAccount; grant: TestGrant; token: string }> {
	const account = await accountWithKey(db.sql, clock, plan)
	const grant = await insertGrant(db.sql, clock, account)
	return { account, grant, token: await accessTokenFor(grant, account, clock.nowMs()) }
}

const initialize = (token?: string, headers: Record<string, string> = {}) =>
	handle(MCP_URL, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			accept: 'application/json, text/event-stream',
			...(token ? { authorization: `Bearer ${token}` } : {}),
			...headers
		},
		body: JSON.stringify({
			jsonrpc: '2.0',
			id: 1,
			method: 'initialize',
			params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
		})
	})

const restGet = async (key: string, path: string) => (await handle(`https://api.example.test${path}`, { headers: bearer(key) })).json()

describe('protected resource metadata', () => {
	test('names the endpoint as the resource and the dashboard as its authorisation server', async () => {
		const response = await handle('https://api.example.test/.well-known/oauth-protected-resource/mcp/account')
		expect(response.status).toBe(200)
		expect(await response.json()).toMatchObject({
			resource: MCP_URL,
			authorization_servers: [CONNECTOR.issuer],
			bearer_methods_supported: ['header']
		})
	})
})

describe('APP_URL written with a trailing slash', () => {
	test("the dashboard's tokens (issuer without the slash) are accepted, and the metadata names that issuer", async () => {
		const slashed = createApp({ ...testDeps({ sql: db.sql, bus, clock }), connector: { ...CONNECTOR, issuer: `${CONNECTOR.issuer}/` } })
		const metadata = await slashed.handle(new Request('https://api.example.test/.well-known/oauth-protected-resource/mcp/account'))
		expect(await metadata.json()).toMatchObject({ authorization_servers: ['https://app.example.test'] })
		const { token } = await grantedAccount()
		const response = await slashed.handle(
			new Request(MCP_URL, {
				method: 'POST',
				headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
				body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
			})
		)
		expect(response.status).toBe(200)
	})
})

describe('/openapi.json', () => {
	test('the connector routes are not REST operations; the description names the endpoint and its 401 reasons', async () => {
		const document = (await (await handle('https://api.example.test/openapi.json')).json()) as {
			info: { description: string }
			paths: Record<string, unknown>
		}
		// Outside /v1 only the evidence keys and llms.txt are documented: nothing of the connector.
		expect(Object.keys(document.paths).filter((path) => !path.startsWith('/v1'))).toEqual(['/.well-known/jwks.json', '/llms.txt'])
		expect(document.info.description).toContain('/mcp/account')
		expect(document.info.description).toContain('grant_revoked')
	})
})

describe('access to /mcp/account', () => {
	test('without a token: 401 with WWW-Authenticate naming the resource metadata', async () => {
		const response = await initialize()
		expect(response.status).toBe(401)
		expect(response.headers.get('www-authenticate')).toBe(
			'Bearer resource_metadata="https://api.example.test/.well-known/oauth-protected-resource/mcp/account", scope="account"'
		)
		expect(await response.json()).toMatchObject({ code: 'auth_required', details: { reason: 'access_token_missing' } })
	})

	test('a database that cannot read the grant answers 503 dependency_unavailable, never a 500', async () => {
		const { token } = await grantedAccount()
		const ended = createSql(db.url, { max: 1 })
		await ended.end()
		const cut = createApp({ ...testDeps({ sql: ended, bus, clock }), connector: CONNECTOR })
		const response = await cut.handle(
			new Request(MCP_URL, {
				method: 'POST',
				headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
				body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
			})
		)
		expect(response.status).toBe(503)
		expect(await response.json()).toMatchObject({ code: 'service_unavailable', details: { reason: 'dependency_unavailable' } })
	})

	test('an API key is not an access token: 401 invalid_token', async () => {
		const { account } = await grantedAccount()
		const response = await initialize(account.key)
		expect(response.status).toBe(401)
		expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
		expect(await response.json()).toMatchObject({ code: 'auth_invalid', details: { reason: 'access_token_invalid' } })
	})

	test('a token issued for another audience: 401 invalid_token', async () => {
		const { account, grant } = await grantedAccount()
		const response = await initialize(await accessTokenFor(grant, account, clock.nowMs(), 'https://other.example/mcp'))
		expect(response.status).toBe(401)
		expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
		expect(await response.json()).toMatchObject({ code: 'auth_invalid', details: { reason: 'access_token_wrong_audience' } })
	})

	test('a token past its lifetime on the gateway clock: 401 access_token_expired', async () => {
		const { token } = await grantedAccount()
		expect((await initialize(token)).status).toBe(200)
		clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000)
		const response = await initialize(token)
		expect(response.status).toBe(401)
		expect(await response.json()).toMatchObject({ code: 'auth_invalid', details: { reason: 'access_token_expired' } })
	})

	test('a revoked grant refuses the next call, with a token still within its lifetime', async () => {
		const { grant, token } = await grantedAccount()
		const client = await connect(token)
		expect((await client.callTool({ name: 'get_coverage', arguments: {} })).isError).toBeFalsy()
		await db.sql`UPDATE oauth_grants SET revoked_at = ${clock.now()} WHERE id = ${grant.grantId}`
		const response = await initialize(token)
		expect(response.status).toBe(401)
		expect(await response.json()).toMatchObject({ code: 'auth_revoked', details: { reason: 'grant_revoked' } })
	})

	test('a token of this issuer and audience without the account scope: 403 insufficient_scope naming the scope', async () => {
		const { account, grant } = await grantedAccount()
		for (const scope of ['billing', 'accounts']) {
			const token = await signAccessToken(
				{ secret: CONNECTOR.tokenSecret, issuer: CONNECTOR.issuer, audience: MCP_URL },
				{ userId: grant.userId, accountId: account.accountId, grantId: grant.grantId, clientId: 'client', scope },
				clock.nowMs()
			)
			const response = await initialize(token)
			expect(response.status).toBe(403)
			const challenge = response.headers.get('www-authenticate') ?? ''
			expect(challenge).toStartWith('Bearer error="insufficient_scope"')
			expect(challenge).toContain('scope="account"')
			expect(challenge).toContain('resource_metadata="https://api.example.test/.well-known/oauth-protected-resource/mcp/account"')
			expect(await response.json()).toMatchObject({ code: 'auth_invalid', details: { reason: 'access_token_insufficient_scope' } })
		}
		const widened = await signAccessToken(
			{ secret: CONNECTOR.tokenSecret, issuer: CONNECTOR.issuer, audience: MCP_URL },
			{ userId: grant.userId, accountId: account.accountId, grantId: grant.grantId, clientId: 'client', scope: 'openid account' },
			clock.nowMs()
		)
		expect((await initialize(widened)).status).toBe(200)
	})

	test('a browser page of another origin is refused 403 with a JSON-RPC error before its token is read (DNS rebinding)', async () => {
		const { token } = await grantedAccount()
		for (const origin of ['https://evil.example', 'null', 'https://app.example.test.evil.example', 'http://app.example.test']) {
			for (const bearerToken of [token, undefined]) {
				const response = await initialize(bearerToken, { origin })
				expect(response.status).toBe(403)
				expect(await response.json()).toEqual({
					jsonrpc: '2.0',
					error: { code: -32000, message: 'Forbidden: this Origin may not call the connector' },
					id: null
				})
			}
		}
	})

	test("the dashboard's origin, a configured origin and a request without Origin are served", async () => {
		const { token } = await grantedAccount()
		expect((await initialize(token, { origin: 'https://app.example.test' })).status).toBe(200)
		expect((await initialize(token)).status).toBe(200)
		expect((await initialize(token, { origin: 'http://localhost:6274' })).status).toBe(403)
		const configured = createApp({
			...testDeps({ sql: db.sql, bus, clock }),
			connector: { ...CONNECTOR, allowedOrigins: ['http://localhost:6274/'] }
		})
		const response = await configured.handle(
			new Request(MCP_URL, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					accept: 'application/json, text/event-stream',
					authorization: `Bearer ${token}`,
					origin: 'http://localhost:6274'
				},
				body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
			})
		)
		expect(response.status).toBe(200)
	})

	test('GET, DELETE and every other method but POST are 405 with Allow: POST (stateless transport)', async () => {
		const { token } = await grantedAccount()
		for (const method of ['GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS', 'HEAD']) {
			const response = await handle(MCP_URL, { method, headers: { authorization: `Bearer ${token}` } })
			expect(response.status).toBe(405)
			expect(response.headers.get('allow')).toBe('POST')
		}
	})
})

describe('JSON-RPC framing', () => {
	const postBody = async (body: string) => {
		const { token } = await grantedAccount()
		return handle(MCP_URL, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
			body
		})
	}
	const message = (method: string, params?: unknown, id = 1) => ({ jsonrpc: '2.0', id, method, params })
	const errorOf = async (response: Response) => ((await response.json()) as { error: { code: number } }).error.code

	test('a cancellation in the same batch as the request it names is ignored: the request is answered and the call ends', async () => {
		const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }
		const response = await postBody(JSON.stringify([message('tools/call', { name: 'get_coverage', arguments: {} }), cancel]))
		expect(response.status).toBe(200)
		const answers = (await response.json()) as { id: number; result: CallToolResult }[]
		expect(answers).toHaveLength(1)
		expect(answers[0]?.result.isError).toBeFalsy()
		expect((await postBody(JSON.stringify(cancel))).status).toBe(202)
	}, 10_000)

	test('text that is not JSON is 400 -32700 Parse error; JSON that is not a JSON-RPC 2.0 message, or an empty batch, is 400 -32600 Invalid Request', async () => {
		for (const body of ['{not json', '']) {
			const response = await postBody(body)
			expect(response.status).toBe(400)
			expect(await errorOf(response)).toBe(-32700)
		}
		for (const body of ['[]', '5', JSON.stringify({ ...message('tools/list'), jsonrpc: '1.0' }), JSON.stringify(message('ping', null))]) {
			const response = await postBody(body)
			expect(response.status).toBe(400)
			expect(await errorOf(response)).toBe(-32600)
		}
	})

	test('a batch is answered with an array, also when it holds one request; a single message with that answer alone', async () => {
		const batch = await postBody(JSON.stringify([message('ping')]))
		expect(await batch.json()).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }])
		const single = await postBody(JSON.stringify(message('ping')))
		expect(await single.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
	})

	test('params of the wrong type are -32602 Invalid params, never -32603 Internal error', async () => {
		for (const body of [
			message('tools/call', { name: 5 }),
			message('tools/call', { name: 'get_coverage', arguments: [1] }),
			message('tools/list', { cursor: 5 }),
			message('resources/read', {}),
			message('initialize', { protocolVersion: 5, capabilities: {}, clientInfo: { name: 't', version: '1' } })
		]) {
			const response = await postBody(JSON.stringify(body))
			expect(response.status).toBe(200)
			expect(await errorOf(response)).toBe(-32602)
		}
	})
})

describe('tools', () => {
	test('every tool is listed with an input schema, a description and a read-only hint', async () => {
		const client = await connect((await grantedAccount()).token)
		const { tools } = await client.listTools()
		expect(tools.map((tool) => tool.name)).toEqual(TOOLS.map((tool) => tool.name))
		for (const tool of tools) {
			expect(tool.inputSchema.type).toBe('object')
			expect(tool.description?.length).toBeGreaterThan(40)
		}
		expect(tools.find((tool) => tool.name === 'add_to_watchlist')?.annotations?.readOnlyHint).toBe(false)
	})

	test('a tool answers with the REST answer of the same call as its structured result', async () => {
		const { account, token } = await grantedAccount()
		const client = await connect(token)
		const result = (await client.callTool({ name: 'get_operator', arguments: { slug: 'acme-gaming' } })) as CallToolResult
		expect(result.isError).toBeFalsy()
		expect(result.structuredContent).toEqual(await restGet(account.key, '/v1/operators/acme-gaming'))
		expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent)
	})

	test('watchlist tools change the account watchlist the REST API shows', async () => {
		const { account, token } = await grantedAccount()
		const client = await connect(token)
		const added = (await client.callTool({ name: 'add_to_watchlist', arguments: { operator_slug: 'acme-gaming' } })) as CallToolResult
		expect(added.structuredContent).toMatchObject({ slug: 'acme-gaming' })
		expect(await restGet(account.key, '/v1/watchlist/operators')).toMatchObject({ total: 1 })
		const duplicate = (await client.callTool({ name: 'add_to_watchlist', arguments: { operator_slug: 'acme-gaming' } })) as CallToolResult
		expect(duplicate.isError).toBe(true)
		expect(duplicate.structuredContent).toMatchObject({ status: 409, code: 'invalid_query', details: { reason: 'watchlist_duplicate' } })
		const removed = (await client.callTool({
			name: 'remove_from_watchlist',
			arguments: { operator_slug: 'acme-gaming' }
		})) as CallToolResult
		expect(removed.structuredContent).toEqual({ ok: true })
		expect(await restGet(account.key, '/v1/watchlist/operators')).toMatchObject({ total: 0 })
	})

	test('arguments outside the input schema are a tool error invalid_query / invalid_input, not a call', async () => {
		const client = await connect((await grantedAccount()).token)
		const result = (await client.callTool({ name: 'check_domains_batch', arguments: { domains: [] } })) as CallToolResult
		expect(result.isError).toBe(true)
		expect(result.structuredContent).toMatchObject({ status: 400, code: 'invalid_query', details: { reason: 'invalid_input' } })
	})

	test('a slug or licence id that is not a plain path segment is refused by the input schema, never sent', async () => {
		const client = await connect((await grantedAccount()).token)
		const calls: [string, Record<string, string>][] = [
			['get_operator', { slug: '..' }],
			['remove_from_watchlist', { operator_slug: '../../webhooks' }],
			['list_regulatory_actions', { slug: 'acme-gaming?limit=1' }],
			['get_licence_history', { license_id: '../../licenses' }]
		]
		for (const [name, args] of calls) {
			const result = (await client.callTool({ name, arguments: args })) as CallToolResult
			expect(result.structuredContent).toMatchObject({ status: 400, code: 'invalid_query', details: { reason: 'invalid_input' } })
		}
	})

	test('a refusal of a route (unknown operator) is a tool error with the SPEC code and reason', async () => {
		const client = await connect((await grantedAccount()).token)
		const result = (await client.callTool({ name: 'get_operator', arguments: { slug: 'no-such-operator' } })) as CallToolResult
		expect(result.isError).toBe(true)
		expect(result.structuredContent).toMatchObject({ status: 404, code: 'not_found', details: { reason: 'operator_not_found' } })
		expect((result.content[0] as { text: string }).text).toStartWith('404 not_found (operator_not_found)')
	})

	test('resources: the jurisdictions list and the coverage page, as their REST answers', async () => {
		const { account, token } = await grantedAccount()
		const client = await connect(token)
		const { resources } = await client.listResources()
		expect(resources.map((resource) => resource.uri)).toEqual([
			'https://api.example.test/v1/jurisdictions',
			'https://api.example.test/v1/health/coverage'
		])
		const read = await client.readResource({ uri: 'https://api.example.test/v1/jurisdictions' })
		expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(await restGet(account.key, '/v1/jurisdictions'))
	})
})

describe('limits: a tool call is an API call of the account', () => {
	test('tool calls and key calls share the per-second limit: over it, a tool error rate_limited / per_second_limit_exceeded', async () => {
		const plan = await insertPlan(db.sql, { code: `mcp-ps-${crypto.randomUUID().slice(0, 6)}`, monthly_quota: 100, per_second_limit: 2 })
		const { account, token } = await grantedAccount(plan)
		const client = await connect(token)
		clock.set(new Date(Math.ceil(clock.nowMs() / 1000) * 1000 + 1000))
		expect((await handle('https://api.example.test/v1/health/coverage', { headers: bearer(account.key) })).status).toBe(200)
		expect(((await client.callTool({ name: 'get_coverage', arguments: {} })) as CallToolResult).isError).toBeFalsy()
		const refused = (await client.callTool({ name: 'get_coverage', arguments: {} })) as CallToolResult
		expect(refused.isError).toBe(true)
		expect(refused.structuredContent).toMatchObject({ status: 429, code: 'rate_limited', details: { reason: 'per_second_limit_exceeded' } })
	})

	test("tool calls and their refusals are in the account's daily usage under the grant's key", async () => {
		const plan = await insertPlan(db.sql, { code: `mcp-u-${crypto.randomUUID().slice(0, 6)}`, monthly_quota: 100, per_second_limit: 1 })
		const { account, grant, token } = await grantedAccount(plan)
		const client = await connect(token)
		clock.set(new Date(Math.ceil(clock.nowMs() / 1000) * 1000 + 1000))
		expect(((await client.callTool({ name: 'get_coverage', arguments: {} })) as CallToolResult).isError).toBeFalsy()
		expect(((await client.callTool({ name: 'get_coverage', arguments: {} })) as CallToolResult).isError).toBe(true)
		clock.advanceSeconds(1)
		const usage = await restGet(account.key, '/v1/usage')
		expect(usage.months[0].keys).toContainEqual(expect.objectContaining({ key_id: grant.keyId, calls: 1, refusals: 1 }))
		expect(usage.months[0].refusals_by_reason).toEqual([{ reason: 'per_second_limit_exceeded', status: 429, count: 1 }])
	})

	test('tool calls count against the monthly quota: once it is used up, 429 quota_exceeded / monthly_request_limit_reached', async () => {
		const plan = await insertPlan(db.sql, { code: `mcp-q-${crypto.randomUUID().slice(0, 6)}`, monthly_quota: 2, per_second_limit: null })
		const { account, token } = await grantedAccount(plan)
		const client = await connect(token)
		for (let call = 0; call < 2; call++)
			expect(((await client.callTool({ name: 'get_coverage', arguments: {} })) as CallToolResult).isError).toBeFalsy()
		const refused = (await client.callTool({ name: 'get_coverage', arguments: {} })) as CallToolResult
		expect(refused.structuredContent).toMatchObject({
			status: 429,
			code: 'quota_exceeded',
			details: { reason: 'monthly_request_limit_reached' }
		})
		const keyed = await handle('https://api.example.test/v1/health/coverage', { headers: bearer(account.key) })
		expect(keyed.status).toBe(429)
	})
})
