import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { startHealthServer } from '@lv/runtime'
import { createApp as createDashboard } from '../../services/dashboard/src/app.ts'
import { TEST_CONFIG as DASHBOARD_CONFIG } from '../../services/dashboard/src/test-support/harness.ts'
import { BODY_LIMITS } from '../../services/gateway/src/body-limit.ts'
import { accountWithKey, bearer } from '../../services/gateway/src/test-support/accounts.ts'
import { testApp } from '../../services/gateway/src/test-support/gateway.ts'
import { useStores } from './stores.ts'

const stores = useStores('body-limit-test')
const clock = new TestClock()

const gateway = () => testApp({ sql: stores.db.sql, bus: stores.bus, clock })

/** A JSON body of `bytes` bytes: `{"domains":["aaaa…"]}`. */
const jsonOf = (bytes: number) => `{"domains":["${'a'.repeat(bytes - 16)}"]}`

/** The same body sent in chunks with no Content-Length, as a chunked upload arrives. */
function chunked(text: string): ReadableStream<Uint8Array> {
	const bytes = new TextEncoder().encode(text)
	let offset = 0
	return new ReadableStream({
		pull(controller) {
			if (offset >= bytes.length) return controller.close()
			controller.enqueue(bytes.subarray(offset, offset + 4096))
			offset += 4096
		}
	})
}

async function expectBodyTooLarge(response: Response, limit: number) {
	expect(response.status).toBe(413)
	expect(await response.json()).toEqual({
		error: expect.any(String),
		code: 'invalid_query',
		details: { reason: 'body_too_large', field: 'body', limit }
	})
}

describe('request bodies over the route maximum', () => {
	test('a batch body declared over the maximum answers 413 body_too_large, after the key was checked', async () => {
		const { key } = await accountWithKey(stores.db.sql, clock, 'business')
		const body = jsonOf(BODY_LIMITS.checkBatch + 1)
		const response = await gateway().handle(
			new Request('http://gateway/v1/check/batch', {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...bearer(key) },
				body
			})
		)
		await expectBodyTooLarge(response, BODY_LIMITS.checkBatch)
	})

	test('a chunked batch body without Content-Length is cut off at the maximum with the same 413', async () => {
		const { key } = await accountWithKey(stores.db.sql, clock, 'business')
		const request = new Request('http://gateway/v1/check/batch', {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...bearer(key) },
			body: chunked(jsonOf(BODY_LIMITS.checkBatch * 4)),
			// @ts-expect-error Bun's RequestInit takes duplex for streamed bodies
			duplex: 'half'
		})
		expect(request.headers.get('content-length')).toBeNull()
		await expectBodyTooLarge(await gateway().handle(request), BODY_LIMITS.checkBatch)
	})

	test('a body longer than the Content-Length it declares is still refused at the maximum, read whole or not', async () => {
		const { key } = await accountWithKey(stores.db.sql, clock, 'business')
		const request = new Request('http://gateway/v1/check/batch', {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'content-length': '64', ...bearer(key) },
			body: jsonOf(BODY_LIMITS.checkBatch * 2)
		})
		expect(request.headers.get('content-length')).toBe('64')
		await expectBodyTooLarge(await gateway().handle(request), BODY_LIMITS.checkBatch)
	})

	test('webhook and watchlist bodies have their own, smaller maxima', async () => {
		const { key } = await accountWithKey(stores.db.sql, clock, 'business')
		const app = gateway()
		const post = (path: string, method: string, bytes: number) =>
			app.handle(
				new Request(`http://gateway${path}`, {
					method,
					headers: { 'content-type': 'application/json', ...bearer(key) },
					body: JSON.stringify({ url: `https://hooks.example.com/${'x'.repeat(bytes)}`, events: ['license.issued'] })
				})
			)
		await expectBodyTooLarge(await post('/v1/webhooks', 'POST', BODY_LIMITS.webhook), BODY_LIMITS.webhook)
		await expectBodyTooLarge(await post(`/v1/webhooks/${crypto.randomUUID()}`, 'PATCH', BODY_LIMITS.webhook), BODY_LIMITS.webhook)
		await expectBodyTooLarge(await post('/v1/watchlist/operators', 'POST', BODY_LIMITS.watchlist), BODY_LIMITS.watchlist)
	})

	test('a malformed body within the maximum is still the 400 invalid_input it was', async () => {
		const { key } = await accountWithKey(stores.db.sql, clock, 'business')
		const response = await gateway().handle(
			new Request('http://gateway/v1/check/batch', {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...bearer(key) },
				body: '{"domains":'
			})
		)
		expect(response.status).toBe(400)
		expect(((await response.json()) as { details: unknown }).details).toEqual({ reason: 'invalid_input', field: 'body' })
	})

	test('/openapi.json documents the 413 on every body-taking operation', async () => {
		const document = (await (await gateway().handle(new Request('http://gateway/openapi.json'))).json()) as {
			paths: Record<string, Record<string, { responses: Record<string, unknown>; description?: string }>>
		}
		for (const [path, method] of [
			['/v1/check/batch', 'post'],
			['/v1/webhooks', 'post'],
			['/v1/webhooks/{id}', 'patch'],
			['/v1/watchlist/operators', 'post']
		] as const) {
			const operation = document.paths[path]?.[method]
			expect(operation?.responses['413']).toBeDefined()
			expect(JSON.stringify(operation)).toContain('body_too_large')
		}
	})

	test('every HTTP server sets a Bun request-body ceiling, answered 413 before the app reads the body', async () => {
		const dashboard = createDashboard({
			sql: stores.db.sql,
			bus: stores.bus,
			clock,
			logger: silentLogger,
			config: DASHBOARD_CONFIG,
			gatewayFetch: () => Promise.reject(new Error('unused')),
			mailer: { send: () => Promise.reject(new Error('unused')) }
		})
		const servers = [gateway().listen({ port: 0, hostname: '127.0.0.1' }), dashboard.listen({ port: 0, hostname: '127.0.0.1' })]
		const health = startHealthServer(0, () => true, { hostname: '127.0.0.1' })
		try {
			const oversized = new Uint8Array(2 * 1024 * 1024)
			for (const port of [...servers.map((app) => app.server?.port), health.port]) {
				const response = await fetch(`http://127.0.0.1:${port}/v1/check/batch`, { method: 'POST', body: oversized })
				expect(response.status).toBe(413)
				await response.arrayBuffer()
			}
		} finally {
			for (const app of servers) await app.stop(true)
			health.stop()
		}
	})
})
