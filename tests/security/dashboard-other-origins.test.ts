import { expect, test } from 'bun:test'
import { dashboardInChromiumPerFile, signUpInChromium } from '../support/chromium.ts'

const started = dashboardInChromiumPerFile()

/**
 * SameSite=Lax keeps the session cookie off cross-site posts, but a page of the same site (a sibling
 * subdomain, another port of the host) gets it sent: only the CSRF token stops that page. A fetch
 * with no body at all is the one post a page can send without any form field.
 */
test('a page of the same site posting to a webhook endpoint with the session cookie and no body changes nothing', async () => {
	const { h, browser, dashboard } = started
	const receiver = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') })
	const context = await browser.newContext()
	const page = await context.newPage()
	await signUpInChromium(page, h, dashboard.url, 'same-site@partner.example', 'pro')
	await page.goto(`${dashboard.url}/webhooks`)
	await page.fill('#new-url', `http://127.0.0.1:${receiver.port}/hooks`)
	await page.click('button:has-text("Create endpoint")')
	const [endpoint] = await h.db.sql<{ id: string }[]>`SELECT id FROM webhook_endpoints`

	const posts = ['pause', 'delete'].map((action) => `${dashboard.url}/webhooks/${endpoint?.id}/${action}`)
	const sameSite = Bun.serve({
		hostname: '127.0.0.1',
		port: 0,
		fetch: () =>
			new Response(
				`<script>Promise.all(${JSON.stringify(posts)}.map((url) => fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' }))).then(() => { document.title = 'sent' })</script>`,
				{ headers: { 'content-type': 'text/html' } }
			)
	})
	try {
		const attacker = await context.newPage()
		await attacker.goto(`http://127.0.0.1:${sameSite.port}/`)
		await attacker.waitForFunction(() => document.title === 'sent')
		expect([...(await h.db.sql<{ id: string; active: boolean }[]>`SELECT id, active FROM webhook_endpoints`)]).toEqual([
			{ id: endpoint?.id as string, active: true }
		])
	} finally {
		sameSite.stop(true)
		receiver.stop(true)
	}
}, 60_000)

test("a link on another site opens the watchlist without spending the account's quota; the page's own link then does", async () => {
	const { h, browser, dashboard } = started
	const context = await browser.newContext()
	const page = await context.newPage()
	const accountId = await signUpInChromium(page, h, dashboard.url, 'linked@partner.example', 'pro')
	const calls = async () =>
		(
			await h.db.sql<{ calls: number }[]>`
				SELECT count(*)::int AS calls FROM dashboard_action_keys d JOIN api_keys k ON k.id = d.key_id WHERE k.account_id = ${accountId}`
		)[0]?.calls
	const target = `${dashboard.url}/watchlist?q=acme`
	// localhost and 127.0.0.1 are two sites: the session cookie (SameSite=Lax) still goes with a top-level link.
	const otherSite = Bun.serve({
		hostname: '127.0.0.1',
		port: 0,
		fetch: () => new Response(`<a id="go" href="${target}">watchlist</a>`, { headers: { 'content-type': 'text/html' } })
	})
	try {
		const before = await calls()
		await page.goto(`http://localhost:${otherSite.port}/`)
		await Promise.all([page.waitForURL(target), page.click('#go')])
		expect(await page.textContent('[data-another-origin] h1')).toBe('Watchlist')
		expect(await calls()).toBe(before)
		await Promise.all([page.waitForURL(target), page.click('a:has-text("Open watchlist")')])
		expect(await page.textContent('main h1')).toBe('Watchlist')
		expect(await page.locator('[data-another-origin]').count()).toBe(0)
		expect(await calls()).toBeGreaterThan(before ?? 0)
	} finally {
		otherSite.stop(true)
	}
}, 60_000)
