import { expect, test } from 'bun:test'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { harnessPerFile } from '../test-support/harness.ts'

const h = harnessPerFile()

/** Calls made to the API as the account: each takes one action key. */
const callsAs = async (accountId: string) =>
	(
		await h.db.sql<{ calls: number }[]>`
			SELECT count(*)::int AS calls FROM dashboard_action_keys d JOIN api_keys k ON k.id = d.key_id WHERE k.account_id = ${accountId}`
	)[0]?.calls

test('a page that reads the API as the account, opened from another site, calls nothing and offers a link that does', async () => {
	const app = h.dashboard()
	const browser = new BrowserSession(app)
	const { email } = await signUp(browser, h.mailbox)
	const [user] = await h.db.sql<{ account_id: string }[]>`
		UPDATE accounts SET plan_code = 'pro' FROM dashboard_users u WHERE u.email = ${email} AND accounts.id = u.account_id RETURNING u.account_id`
	const accountId = user?.account_id as string
	const receiver = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') })
	await browser.get('/webhooks')
	await browser.post('/webhooks', { url: `http://127.0.0.1:${receiver.port}/hooks`, events: 'license.issued' })
	receiver.stop(true)
	const [endpoint] = await h.db.sql<{ id: string }[]>`SELECT id FROM webhook_endpoints WHERE account_id = ${accountId}`
	const cookie = `lv_session=${browser.cookies.get('lv_session')}`

	for (const path of ['/watchlist?q=acme', '/usage', `/webhooks/${endpoint?.id}/deliveries`]) {
		h.clock.advanceSeconds(1)
		for (const site of ['cross-site', 'same-site']) {
			const before = await callsAs(accountId)
			const answer = await app.handle(new Request(`http://localhost${path}`, { headers: { cookie, 'sec-fetch-site': site } }))
			expect(answer.status).toBe(200)
			expect(await answer.text()).toContain(`href="${path.replace('&', '&amp;')}"`)
			expect(await callsAs(accountId)).toBe(before)
		}
		const before = await callsAs(accountId)
		const followed = await app.handle(new Request(`http://localhost${path}`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } }))
		expect(followed.status).toBe(200)
		expect(await callsAs(accountId)).toBeGreaterThan(before ?? 0)
	}
})
