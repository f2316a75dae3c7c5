import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { verifySignature } from '@lv/webhooks'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { type Harness, startHarness } from '../test-support/harness.ts'

let h: Harness
type Received = { headers: Headers; body: string }
const received: Received[] = []
let answerStatus = 200
let receiver: ReturnType<typeof Bun.serve>

beforeAll(async () => {
	h = await startHarness()
	receiver = Bun.serve({
		hostname: '127.0.0.1',
		port: 0,
		async fetch(request) {
			received.push({ headers: request.headers, body: await request.text() })
			return new Response(answerStatus === 200 ? 'thanks' : 'receiver broke', { status: answerStatus })
		}
	})
}, 30_000)
afterAll(async () => {
	receiver.stop(true)
	await h.stop()
})

/** A signed-up user with an API key and one endpoint created through the real gateway. */
async function userWithEndpoint(path = '/hook') {
	const browser = new BrowserSession(h.dashboard())
	await signUp(browser, h.mailbox)
	const key = (await browser.post('/keys', { label: 'setup' })).html.match(/lvk_[A-Za-z0-9]{32}/)?.[0] ?? ''
	const created = await h.gateway.handle(
		new Request('http://api.localhost/v1/webhooks', {
			method: 'POST',
			headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				url: `http://127.0.0.1:${receiver.port}${path}`,
				events: ['license.status_changed'],
				description: 'Ops alerts'
			})
		})
	)
	if (created.status !== 201) throw new Error(`endpoint creation failed: ${created.status} ${await created.text()}`)
	const endpoint = (await created.json()) as { id: string; secret: string }
	await browser.get('/webhooks')
	return { browser, endpoint }
}

describe('webhooks page', () => {
	test("lists the account's endpoints with a Send test button, and only its own", async () => {
		const { browser, endpoint } = await userWithEndpoint('/mine')
		const other = await userWithEndpoint('/theirs')
		const page = await browser.get('/webhooks')
		expect(page.status).toBe(200)
		expect(page.html).toContain(`/mine`)
		expect(page.html).toContain('Ops alerts')
		expect(page.html).toContain('license.status_changed')
		expect(page.html).toContain(`action="/webhooks/${endpoint.id}/test"`)
		expect(page.html).not.toContain('/theirs')
		expect(page.html).not.toContain(other.endpoint.id)
	})

	test('with no endpoint the page explains how to create one', async () => {
		const browser = new BrowserSession(h.dashboard())
		await signUp(browser, h.mailbox)
		const page = await browser.get('/webhooks')
		expect(page.html).toContain('No webhook endpoints yet.')
		expect(page.html).toContain('http://api.localhost/v1/webhooks')
	})

	test('Send test delivers a signed test.ping through the gateway and shows delivered, http_status and latency', async () => {
		const { browser, endpoint } = await userWithEndpoint('/ok')
		answerStatus = 200
		const before = received.length
		const page = await browser.post(`/webhooks/${endpoint.id}/test`, {})
		expect(page.status).toBe(200)
		expect(page.html).toContain('Delivered.')
		expect(page.html).toMatch(/data-field="delivered">true</)
		expect(page.html).toMatch(/data-field="http_status">200</)
		expect(page.html).toMatch(/data-field="latency_ms">\d+</)
		expect(page.html).toMatch(/data-field="error">null</)
		expect(page.html).toContain('thanks')
		expect(received.length).toBe(before + 1)
		const ping = received.at(-1) as Received
		expect(JSON.parse(ping.body)).toMatchObject({ event: 'test.ping', livemode: false })
		const signature = verifySignature(
			ping.headers.get('x-service-signature') ?? '',
			ping.body,
			[endpoint.secret],
			300,
			Math.floor(h.clock.nowMs() / 1000)
		)
		expect(signature.valid).toBe(true)
		expect(await h.db.sql`SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`).toHaveLength(0)
	})

	test('a receiver answering 500 shows not delivered with its status', async () => {
		const { browser, endpoint } = await userWithEndpoint('/broken')
		answerStatus = 500
		const page = await browser.post(`/webhooks/${endpoint.id}/test`, {})
		answerStatus = 200
		expect(page.status).toBe(200)
		expect(page.html).toContain('Not delivered.')
		expect(page.html).toMatch(/data-field="delivered">false</)
		expect(page.html).toMatch(/data-field="http_status">500</)
	})

	test("another account's endpoint, an unknown id or a malformed id is a 404 page and nothing is sent", async () => {
		const { browser } = await userWithEndpoint('/a')
		const other = await userWithEndpoint('/b')
		const before = received.length
		for (const id of [other.endpoint.id, crypto.randomUUID(), 'not-a-uuid']) {
			await browser.get('/webhooks')
			const page = await browser.post(`/webhooks/${encodeURIComponent(id)}/test`, {})
			expect(page.status).toBe(404)
			expect(page.html).toContain('That webhook endpoint does not exist')
		}
		expect(received.length).toBe(before)
	})

	test('an endpoint whose secrets have all expired shows the 409 no_active_secret refusal', async () => {
		const { browser, endpoint } = await userWithEndpoint('/expired')
		await h.db.sql`UPDATE webhook_secrets SET expires_at = ${new Date(h.clock.nowMs() - 1000)} WHERE endpoint_id = ${endpoint.id}`
		const page = await browser.post(`/webhooks/${endpoint.id}/test`, {})
		expect(page.html).toContain('Test not sent:')
		expect(page.html).toContain('invalid_query / no_active_secret')
	})

	test('Send test without the session CSRF token is refused and nothing is sent', async () => {
		const { browser, endpoint } = await userWithEndpoint('/csrf')
		const before = received.length
		const page = await browser.post(`/webhooks/${endpoint.id}/test`, {}, { csrf: 'none' })
		expect(page.status).toBe(403)
		expect(page.html).toContain('This form expired')
		expect(received.length).toBe(before)
	})
})
