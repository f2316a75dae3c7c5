import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { seedOneListedDomain } from '../../../checker/src/test-support/register-factory.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { CONNECTOR, accessTokenFor, insertGrant } from '../test-support/connector.ts'
import { testDeps } from '../test-support/gateway.ts'
import { createApp } from '../app.ts'

/** The check tools against the check routes, with a checker answering: the same question gets the same answer. */
const clock = new TestClock('2026-11-01T12:00:00.000Z')
const API = 'https://api.example.test'
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker
let app: ReturnType<typeof createApp>
let key: string
let client: Client

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	await seedOneListedDomain(db.sql, new Date('2026-11-01T11:00:00.000Z'))
	bus = await connectBus({ servers: nats.url, name: 'check-tools-test' })
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock })
	app = createApp({ ...testDeps({ sql: db.sql, bus, clock }), connector: CONNECTOR })
	const account = await accountWithKey(db.sql, clock, 'pro')
	key = account.key
	const token = await accessTokenFor(await insertGrant(db.sql, clock, account), account, clock.nowMs())
	client = new Client({ name: 'check-tools-test', version: '1.0.0' })
	const fetch = (input: string | URL | Request, init?: RequestInit) =>
		app.handle(input instanceof Request ? input : new Request(input, init))
	await client.connect(
		new StreamableHTTPClientTransport(new URL(`${API}/mcp/account`), {
			fetch,
			requestInit: { headers: { authorization: `Bearer ${token}` } }
		})
	)
}, 60_000)

afterAll(async () => {
	await client?.close()
	await checker?.stop()
	await bus?.close()
	await nats?.stop()
	await db?.drop()
})

const callTool = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult

describe('check tools answer as the check routes do', () => {
	test('a batch holding an entry longer than a hostname: that row an error, the others checked, as POST /v1/check/batch answers', async () => {
		const domains = ['acmebet.co.uk', `${'a'.repeat(250)}.com`]
		const rest = await app.handle(
			new Request(`${API}/v1/check/batch`, {
				method: 'POST',
				headers: { ...bearer(key), 'content-type': 'application/json' },
				body: JSON.stringify({ domains })
			})
		)
		expect(rest.status).toBe(200)
		const tool = await callTool('check_domains_batch', { domains })
		expect(tool.isError).toBeFalsy()
		expect(tool.structuredContent).toEqual(await rest.json())
	})

	test('a domain longer than a hostname is hostname_too_long, as GET /v1/check answers', async () => {
		const domain = `${'a'.repeat(250)}.com`
		const rest = await app.handle(new Request(`${API}/v1/check?domain=${domain}`, { headers: bearer(key) }))
		expect(rest.status).toBe(400)
		const tool = await callTool('check_domain', { domain })
		expect(tool.structuredContent).toEqual({ status: 400, ...((await rest.json()) as object) })
	})
})
