import { afterAll, beforeAll, expect, test } from 'bun:test'
import { BrowserSession, signUp } from '../../services/dashboard/src/test-support/browser-session.ts'
import { type Harness, startHarness } from '../../services/dashboard/src/test-support/harness.ts'
import { type ListeningDashboard, listenDashboard } from '../support/chromium.ts'

let h: Harness
let server: ListeningDashboard

beforeAll(async () => {
	h = await startHarness()
	server = await listenDashboard(h)
}, 60_000)

afterAll(async () => {
	await server?.stop()
	await h?.stop()
})

test('a 100 MB file posted to the listening dashboard is answered 413 with the limit, and no job or quota is used', async () => {
	const browser = new BrowserSession(h.dashboard())
	const { email } = await signUp(browser, h.mailbox)
	const [account] = await h.db.sql<{ id: string }[]>`
		UPDATE accounts SET plan_code = 'business' WHERE id = (SELECT account_id FROM dashboard_users WHERE email = ${email}) RETURNING id`
	const form = new FormData()
	form.set('file', new File([new Uint8Array(100 * 1024 * 1024).fill(0x61)], 'huge.csv', { type: 'text/csv' }))
	const response = await fetch(`${server.url}/bulk`, {
		method: 'POST',
		body: form,
		headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}` }
	})
	expect(response.status).toBe(413)
	expect(await response.text()).toContain('The file is too large: the limit is 8 MB. Split the list into smaller files; nothing was read.')
	expect(await h.db.sql`SELECT 1 FROM bulk_check_jobs WHERE account_id = ${account?.id ?? ''}`).toHaveLength(0)
	expect(await h.db.sql`SELECT 1 FROM limit_counters WHERE subject = ${account?.id ?? ''}`).toHaveLength(0)
}, 60_000)
