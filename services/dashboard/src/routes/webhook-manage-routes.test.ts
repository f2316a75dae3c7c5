import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { type Harness, startHarness } from '../test-support/harness.ts'

let h: Harness
let receiver: ReturnType<typeof Bun.serve>

beforeAll(async () => {
	h = await startHarness()
	receiver = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') })
}, 30_000)
afterAll(async () => {
	receiver.stop(true)
	await h.stop()
})

async function signedIn() {
	const browser = new BrowserSession(h.dashboard())
	const { email } = await signUp(browser, h.mailbox)
	const [user] = await h.db.sql<{ account_id: string }[]>`SELECT account_id FROM dashboard_users WHERE email = ${email}`
	await browser.get('/webhooks')
	return { browser, accountId: (user as { account_id: string }).account_id }
}

/** The create/edit form as a browser sends it: `events` repeated once per ticked box. */
const form = (browser: BrowserSession, fields: [string, string][]) => {
	const body = new URLSearchParams([['csrf', browser.csrfToken()], ...fields])
	return body.toString()
}

const endpointsOf = (accountId: string) =>
	h.db.sql<{ id: string; url: string; active: boolean; events: string[]; description: string | null }[]>`
		SELECT id, url, active, events, description FROM webhook_endpoints WHERE account_id = ${accountId} ORDER BY created_at`

describe('webhook management', () => {
	test('create shows the signing secret once, then edit, pause, resume, rotate (a new secret once) and delete go through the API', async () => {
		const { browser, accountId } = await signedIn()
		const url = `http://127.0.0.1:${receiver.port}/hooks`
		const created = await browser.postRaw(
			'/webhooks',
			form(browser, [
				['url', url],
				['description', 'Compliance'],
				['events', 'license.status_changed'],
				['events', 'license.expired']
			]),
			'application/x-www-form-urlencoded'
		)
		expect(created.status).toBe(201)
		const secret = created.html.match(/whsec_[A-Za-z0-9_-]+/)?.[0] ?? ''
		expect(secret).not.toBe('')
		expect(created.html.split(secret).length - 1).toBe(1)
		expect(created.html).toContain('it will not be shown again')
		const [endpoint] = await endpointsOf(accountId)
		expect(endpoint).toMatchObject({ url, active: true, events: ['license.status_changed', 'license.expired'], description: 'Compliance' })
		expect((await browser.get('/webhooks')).html).not.toContain(secret)

		const id = endpoint?.id as string
		await browser.postRaw(
			`/webhooks/${id}/update`,
			form(browser, [
				['url', `${url}/v2`],
				['description', ''],
				['events', 'license.issued']
			]),
			'application/x-www-form-urlencoded'
		)
		expect((await endpointsOf(accountId))[0]).toMatchObject({ url: `${url}/v2`, events: ['license.issued'], description: null })

		expect((await browser.post(`/webhooks/${id}/pause`, {})).html).toContain('Endpoint paused')
		expect((await endpointsOf(accountId))[0]?.active).toBe(false)
		expect((await browser.post(`/webhooks/${id}/resume`, {})).html).toContain('Endpoint resumed.')
		expect((await endpointsOf(accountId))[0]?.active).toBe(true)

		const rotated = await browser.post(`/webhooks/${id}/rotate`, {})
		const second = rotated.html.match(/whsec_[A-Za-z0-9_-]+/)?.[0] ?? ''
		expect(second).not.toBe('')
		expect(second).not.toBe(secret)

		// Starter admits 5 API calls a second, the dashboard's included: the next ones come a second later.
		h.clock.advanceSeconds(1)
		const log = await browser.get(`/webhooks/${id}/deliveries`)
		expect(log.status).toBe(200)
		expect(log.html).toContain('No deliveries in the last 30 days.')

		await browser.get('/webhooks')
		expect((await browser.post(`/webhooks/${id}/delete`, {})).html).toContain('Endpoint deleted.')
		expect(await endpointsOf(accountId)).toHaveLength(0)
	})

	test("a URL the API's policy refuses gets the API's status, message and reason, and nothing is created", async () => {
		const { browser, accountId } = await signedIn()
		for (const [url, reason] of [
			['ftp://hooks.example.com/x', 'invalid_scheme'],
			['http://10.0.0.1/hook', 'private_ip_blocked'],
			['not a url', 'invalid_url']
		] as const) {
			await browser.get('/webhooks')
			const page = await browser.postRaw(
				'/webhooks',
				form(browser, [
					['url', url],
					['events', 'license.status_changed']
				]),
				'application/x-www-form-urlencoded'
			)
			expect(page.status).toBe(400)
			expect(page.html).toContain(reason)
		}
		await browser.get('/webhooks')
		const noEvents = await browser.postRaw(
			'/webhooks',
			form(browser, [['url', `http://127.0.0.1:${receiver.port}/x`]]),
			'application/x-www-form-urlencoded'
		)
		expect(noEvents.status).toBe(400)
		expect(await endpointsOf(accountId)).toHaveLength(0)
	})

	test("another account's endpoint cannot be changed, and a change without the CSRF token is refused", async () => {
		const owner = await signedIn()
		await owner.browser.postRaw(
			'/webhooks',
			form(owner.browser, [
				['url', `http://127.0.0.1:${receiver.port}/o`],
				['events', 'license.issued']
			]),
			'application/x-www-form-urlencoded'
		)
		const [endpoint] = await endpointsOf(owner.accountId)
		const other = await signedIn()
		for (const action of ['pause', 'delete', 'rotate'])
			expect((await other.browser.post(`/webhooks/${endpoint?.id}/${action}`, {})).status).toBe(404)
		expect((await other.browser.get(`/webhooks/${endpoint?.id}/deliveries`)).status).toBe(404)
		expect((await owner.browser.post(`/webhooks/${endpoint?.id}/delete`, {}, { csrf: 'none' })).status).toBe(403)
		expect(await endpointsOf(owner.accountId)).toHaveLength(1)
	})

	test('a change posted with no body at all is refused like one without the CSRF token, and the endpoint stays', async () => {
		const { browser, accountId } = await signedIn()
		await browser.postRaw(
			'/webhooks',
			form(browser, [
				['url', `http://127.0.0.1:${receiver.port}/bodiless`],
				['events', 'license.issued']
			]),
			'application/x-www-form-urlencoded'
		)
		const [endpoint] = await endpointsOf(accountId)
		for (const action of ['pause', 'update', 'rotate', 'delete', 'deliveries/00000000-0000-4000-8000-000000000000/resend']) {
			const refused = await browser.postRaw(`/webhooks/${endpoint?.id}/${action}`, '', null)
			expect(refused.status).toBe(403)
			expect(refused.html).toContain('This form expired')
		}
		expect(await endpointsOf(accountId)).toMatchObject([
			{ id: endpoint?.id, active: true, url: `http://127.0.0.1:${receiver.port}/bodiless` }
		])
	})
})
