import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { confirmLinkFor } from '../../services/dashboard/src/test-support/browser-session.ts'
import { type Harness, startHarness } from '../../services/dashboard/src/test-support/harness.ts'
import { type ListeningDashboard, chromiumForFile, closeContexts, listenDashboard, screenshot } from '../support/chromium.ts'

let h: Harness
let browser: Browser
let server: ListeningDashboard
let appUrl: string
const received: string[] = []
let receiver: ReturnType<typeof Bun.serve>

beforeAll(async () => {
	h = await startHarness()
	server = await listenDashboard(h)
	appUrl = server.url
	receiver = Bun.serve({
		hostname: '127.0.0.1',
		port: 0,
		async fetch(request) {
			received.push(await request.text())
			return new Response('ok')
		}
	})
	browser = await chromiumForFile()
}, 30_000)

afterAll(async () => {
	await closeContexts(browser)
	await server?.stop()
	receiver?.stop(true)
	await h?.stop()
})

const shot = (page: Page, name: string) => screenshot(page, `keys-${name}`)

const callGateway = (key: string) =>
	h.gateway.handle(new Request('http://api.localhost/v1/jurisdictions/UKGC', { headers: { authorization: `Bearer ${key}` } }))

describe('dashboard in a real browser', () => {
	test('sign up through the mailed link, create a key shown once, use it, revoke it: the gateway then answers 401 auth_revoked', async () => {
		const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] })
		const page = await context.newPage()
		page.on('dialog', (dialog) => void dialog.accept())

		await page.goto(`${appUrl}/`)
		expect(new URL(page.url()).pathname).toBe('/sign-in')
		await shot(page, '01-sign-in')
		await page.click('text=Create one')
		await page.fill('#account_name', 'Acme Gaming Ltd')
		await page.fill('#email', 'owner@acme.example')
		await page.fill('#password', 'short')
		await page.click('button[type=submit]')
		expect(await page.textContent('.field-error')).toContain('Use at least 10 characters.')
		await shot(page, '02-sign-up-error')
		await page.fill('#password', 'correct horse battery staple')
		await page.click('button[type=submit]')
		expect(await page.textContent('[data-check-email] h1')).toBe('Check your email')
		await shot(page, '02-sign-up-check-email')
		await page.goto(confirmLinkFor(h.mailbox, 'owner@acme.example').href)
		await shot(page, '02-sign-up-confirm')
		await Promise.all([page.waitForURL(`${appUrl}/keys`), page.click('button:has-text("Create account")')])
		expect(await page.textContent('.plan-badge')).toBe('Starter')
		await shot(page, '03-keys-empty')

		await page.fill('#label', 'production server')
		await page.click('button:has-text("Create key")')
		const key = await page.inputValue('#new-key-value')
		expect(key).toMatch(/^lvk_[A-Za-z0-9]{32}$/)
		expect((await page.content()).split(key).length - 1).toBe(1)
		expect(await page.textContent('#new-key .callout')).toContain('It will not be shown again.')
		await page.click('[data-copy-target=new-key-value]')
		expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)
		await shot(page, '04-key-created')

		expect((await callGateway(key)).status).toBe(200)

		await page.goto(`${appUrl}/keys`)
		expect(await page.content()).not.toContain(key)
		const row = page.locator('tr', { hasText: 'production server' })
		expect(await row.textContent()).toContain('just now')
		await shot(page, '05-keys-list')
		await page.setViewportSize({ width: 414, height: 900 })
		await shot(page, '05-keys-list-narrow')
		await page.setViewportSize({ width: 1200, height: 800 })

		await Promise.all([page.waitForURL(`${appUrl}/keys?notice=revoked`), row.locator('button', { hasText: 'Revoke' }).click()])
		expect(await page.textContent('.callout.success')).toContain('Key revoked.')
		expect(await page.locator('tr', { hasText: 'production server' }).textContent()).toContain('Revoked')
		await shot(page, '06-key-revoked')

		const refused = await callGateway(key)
		expect(refused.status).toBe(401)
		expect(await refused.json()).toMatchObject({ code: 'auth_revoked', details: { reason: 'api_key_revoked' } })

		// Webhooks: an endpoint made through the API with a second key, then the page's Send test.
		await page.fill('#label', 'webhook setup')
		await page.click('button:has-text("Create key")')
		const setupKey = await page.inputValue('#new-key-value')
		const created = await h.gateway.handle(
			new Request('http://api.localhost/v1/webhooks', {
				method: 'POST',
				headers: { authorization: `Bearer ${setupKey}`, 'content-type': 'application/json' },
				body: JSON.stringify({
					url: `http://127.0.0.1:${receiver.port}/hooks/licences`,
					events: ['license.status_changed', 'license.expired'],
					description: 'Compliance alerts'
				})
			})
		)
		expect(created.status).toBe(201)
		await page.click('nav >> text=Webhooks')
		await Promise.all([page.waitForURL(/\/webhooks\/[0-9a-f-]+\/test$/), page.click('button:has-text("Send test")')])
		expect(await page.textContent('[data-field=delivered]')).toBe('true')
		expect(await page.textContent('[data-field=http_status]')).toBe('200')
		expect(JSON.parse(received.at(-1) ?? '{}')).toMatchObject({ event: 'test.ping', livemode: false })
		await shot(page, '07-webhooks-tested')

		await page.click('nav >> text=Export')
		expect(await page.textContent('[data-upgrade]')).toContain('Exports are available on Pro and above')
		await shot(page, '08-export-starter')
		await h.db
			.sql`UPDATE accounts SET plan_code = 'pro' WHERE id = (SELECT account_id FROM dashboard_users WHERE email = 'owner@acme.example')`
		await page.reload()
		expect(await page.locator('button', { hasText: 'Download CSV' }).count()).toBe(3)
		await shot(page, '09-export-pro')

		await Promise.all([page.waitForURL(`${appUrl}/sign-in?signed_out=1`), page.click('text=Sign out')])
		expect(await page.textContent('.callout.success')).toContain('You are signed out.')
		await page.goto(`${appUrl}/keys`)
		expect(new URL(page.url()).pathname).toBe('/sign-in')
		await context.close()
	}, 60_000)
})
