import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { seedAcmeRegister } from '../../services/dashboard/src/test-support/acme-register.ts'
import { type Harness, startHarness } from '../../services/dashboard/src/test-support/harness.ts'
import { recordEvent } from '../../services/notifier/src/record-event.ts'
import { licenceEvent } from '../../services/notifier/src/test-support/fixtures.ts'
import {
	type ListeningDashboard,
	chromiumForFile,
	closeContexts,
	listenDashboard,
	signUpInChromium,
	textWhenShown,
	screenshot,
	widthAt375
} from '../support/chromium.ts'

let h: Harness
let browser: Browser
let server: ListeningDashboard
let receiver: ReturnType<typeof Bun.serve>
let ticking: ReturnType<typeof setInterval>

beforeAll(async () => {
	h = await startHarness()
	const { operator: acme, licence } = await seedAcmeRegister(h.db.sql, h.clock.now())
	await recordEvent(
		h.db.sql,
		licenceEvent('license.status_changed', { operatorId: acme.id, licenseId: licence.id, operatorSlug: 'acme-gaming' }, h.clock.now()),
		h.clock.now()
	)
	receiver = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') })
	server = await listenDashboard(h)
	browser = await chromiumForFile()
	// Each page makes a few API calls as the account: the test clock moves on so the per-second limit never decides a step.
	ticking = setInterval(() => h.clock.advanceSeconds(1), 100)
}, 60_000)

afterAll(async () => {
	clearInterval(ticking)
	await closeContexts(browser)
	await server?.stop()
	receiver?.stop(true)
	await h?.stop()
})

const shot = (page: Page, name: string) => screenshot(page, `${name}`)

async function fitsIn375(page: Page, name: string) {
	expect(await widthAt375(page, `${name}-375`)).toBeLessThanOrEqual(375)
}

describe('webhooks and watchlist in a real browser', () => {
	test('create an endpoint with its secret shown once, refuse a private address, pause, rotate, read the delivery log and delete it', async () => {
		const context = await browser.newContext({ viewport: { width: 1200, height: 900 } })
		const page = await context.newPage()
		page.on('dialog', (dialog) => void dialog.accept())
		await signUpInChromium(page, h, server.url, 'hooks@partner.example', 'pro')
		await page.click('nav >> text=Webhooks')

		await page.fill('#new-url', 'http://10.0.0.1/hook')
		await page.click('button:has-text("Create endpoint")')
		expect(await page.textContent('.callout.error')).toContain('private_ip_blocked')

		await page.fill('#new-url', `http://127.0.0.1:${receiver.port}/hooks`)
		await page.fill('#new-description', 'Compliance alerts')
		await page.check('input[name=events][value="license.expired"]')
		await page.click('button:has-text("Create endpoint")')
		const secret = await page.inputValue('#new-secret-value')
		expect(secret).toMatch(/^whsec_/)
		await shot(page, 'webhooks-01-created')
		await fitsIn375(page, 'webhooks-01-created')

		await page.click('button:has-text("Pause")')
		expect(await page.textContent('.callout.success')).toContain('Endpoint paused')
		await page.click('button:has-text("Rotate secret")')
		const rotated = await page.inputValue('#new-secret-value')
		expect(rotated).not.toBe(secret)
		await shot(page, 'webhooks-02-rotated')

		await page.click('text=Delivery log')
		expect(await page.textContent('main')).toContain('No deliveries in the last 30 days.')
		await shot(page, 'webhooks-03-delivery-log')
		await page.click('text=← Webhooks')
		await page.click('button:has-text("Delete")')
		expect(await page.textContent('.callout.success')).toContain('Endpoint deleted.')
		await context.close()
	}, 120_000)

	test('search an operator, watch it and read its events on the timeline', async () => {
		const context = await browser.newContext({ viewport: { width: 1200, height: 900 } })
		const page = await context.newPage()
		await signUpInChromium(page, h, server.url, 'watch@partner.example', 'pro')
		await page.click('nav >> text=Watchlist')
		await page.fill('#q', 'Acme')
		await page.click('button:has-text("Search")')
		await textWhenShown(page, '[data-found]')
		await page.click('[data-found] button:has-text("Watch")')
		expect(await textWhenShown(page, '.callout.success')).toContain('Now watching acme-gaming.')
		expect(await textWhenShown(page, '[data-watched]')).toContain('Acme Gaming')
		expect(await textWhenShown(page, '[data-timeline]')).toContain('license.status_changed')
		await shot(page, 'watchlist-01')
		await fitsIn375(page, 'watchlist-01')
		await page.click('[data-watched] button:has-text("Remove")')
		expect(await page.textContent('main')).toContain('No operators watched yet.')
		await context.close()
	}, 120_000)
})
