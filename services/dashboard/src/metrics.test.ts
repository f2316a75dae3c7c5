import { expect, test } from 'bun:test'
import { createServiceMetrics } from '@lv/runtime'
import { metricValue } from '@lv/testing'
import { createDashboardMetrics } from './metrics.ts'
import { BrowserSession, signUp } from './test-support/browser-session.ts'
import { harnessPerFile } from './test-support/harness.ts'

const service = createServiceMetrics('dashboard', true)
const value = (name: string, labels: Record<string, string> = {}) => metricValue(service.registry, name, labels)
const h = harnessPerFile()

test('sign-ins are counted by outcome', async () => {
	const app = h.dashboard({}, { metrics: createDashboardMetrics(service) })
	const { email, password } = await signUp(new BrowserSession(app), h.mailbox)
	const browser = new BrowserSession(app)
	await browser.get('/sign-in')
	expect((await browser.post('/sign-in', { email, password: 'not the password' })).status).toBe(401)
	expect((await browser.post('/sign-in', { email, password }, { csrf: 'none' })).status).toBe(403)
	expect((await browser.post('/sign-in', { email, password })).status).toBe(303)
	expect(await value('dashboard_sign_ins_total', { outcome: 'invalid_credentials' })).toBe(1)
	expect(await value('dashboard_sign_ins_total', { outcome: 'expired_form' })).toBe(1)
	expect(await value('dashboard_sign_ins_total', { outcome: 'signed_in' })).toBe(1)
})
