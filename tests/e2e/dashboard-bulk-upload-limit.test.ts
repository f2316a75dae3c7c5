import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type Harness, startHarness } from '../../services/dashboard/src/test-support/harness.ts'
import { signedUpOnPlan } from '../../services/dashboard/src/test-support/plan-user.ts'
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
	const { browser, accountId } = await signedUpOnPlan(h, 'business')
	const form = new FormData()
	form.set('file', new File([new Uint8Array(100 * 1024 * 1024).fill(0x61)], 'huge.csv', { type: 'text/csv' }))
	const response = await fetch(`${server.url}/bulk`, {
		method: 'POST',
		body: form,
		headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}` }
	})
	expect(response.status).toBe(413)
	expect(await response.text()).toContain('The file is too large: the limit is 8 MB. Split the list into smaller files; nothing was read.')
	expect(await h.db.sql`SELECT 1 FROM bulk_check_jobs WHERE account_id = ${accountId}`).toHaveLength(0)
	expect(await h.db.sql`SELECT 1 FROM limit_counters WHERE subject = ${accountId}`).toHaveLength(0)
}, 60_000)
