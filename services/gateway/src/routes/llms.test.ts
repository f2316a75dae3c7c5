import { expect, test } from 'bun:test'
import type { Bus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import postgres from 'postgres'
import { testApp } from '../test-support/gateway.ts'

// The route reads neither store: a database client that never connects and no bus are enough.
const app = testApp({
	sql: postgres('postgres://llms-test@127.0.0.1:1/none', { max: 1 }),
	bus: {} as Bus,
	clock: new TestClock('2026-11-01T00:00:00Z')
})

test('GET /llms.txt describes the service with an example per main endpoint and links the OpenAPI document and the MCP connector', async () => {
	const response = await app.handle(new Request('http://localhost/llms.txt'))
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
	const text = await response.text()
	expect(text).toStartWith('# Licence Register Verification API\n\n> ')
	for (const expected of [
		'GET https://api.example.test/v1/check?domain=acmebet.co.uk',
		'POST https://api.example.test/v1/check/batch',
		'evidence=true',
		'[OpenAPI document](https://api.example.test/openapi.json)',
		'[MCP connector](https://api.example.test/mcp/account)',
		'[Dashboard](https://app.example.test)'
	])
		expect(text).toContain(expected)
})
