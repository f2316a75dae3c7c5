import { afterAll, beforeAll, expect, test } from 'bun:test'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { metricValue } from '@lv/testing'
import { createApp } from './app.ts'
import { createDashboardMetrics } from './metrics.ts'
import { BrowserSession, signUp } from './test-support/browser-session.ts'
import { type Harness, TEST_CONFIG, startHarness } from './test-support/harness.ts'

const service = createServiceMetrics('dashboard', true)
const value = (name: string, labels: Record<string, string> = {}) => metricValue(service.registry, name, labels)
let h: Harness

beforeAll(async () => {
	h = await startHarness()
})
afterAll(async () => {
	await h.stop()
})

test('sign-ins are counted by outcome', async () => {
	const app = createApp({ sql: h.db.sql, clock: h.clock, logger: silentLogger, config: TEST_CONFIG, gatewayFetch: (request) => h.gateway.handle(request), metrics: createDashboardMetrics(service) })
	const { email, password } = await signUp(new BrowserSession(app))
	const browser = new BrowserSession(app)
	await browser.get('/sign-in')
	expect((await browser.post('/sign-in', { email, password: 'not the password' })).status).toBe(401)
	expect((await browser.post('/sign-in', { email, password }, { csrf: 'none' })).status).toBe(403)
	expect((await browser.post('/sign-in', { email, password })).status).toBe(303)
	expect(await value('dashboard_sign_ins_total', { outcome: 'invalid_credentials' })).toBe(1)
	expect(await value('dashboard_sign_ins_total', { outcome: 'expired_form' })).toBe(1)
	expect(await value('dashboard_sign_ins_total', { outcome: 'signed_in' })).toBe(1)
})
