import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { confirmLinkFor, uniqueEmail } from '../../services/dashboard/src/test-support/browser-session.ts'
import { dashboardInChromiumPerFile } from '../support/chromium.ts'

const started = dashboardInChromiumPerFile()

/** Fills and sends the sign-up form in a fresh browser; the status and the visible text of the answer, the address replaced. */
async function signUpInBrowser(email: string): Promise<{ page: Page; status: number | undefined; text: string }> {
	const page = await (await started.browser.newContext()).newPage()
	await page.goto(`${started.dashboard.url}/sign-up`)
	await page.fill('#account_name', 'Acme Gaming Ltd')
	await page.fill('#email', email)
	await page.fill('#password', 'correct horse battery staple')
	const [response] = await Promise.all([
		page.waitForResponse((answer) => answer.url().endsWith('/sign-up') && answer.request().method() === 'POST'),
		page.click('button[type=submit]')
	])
	await page.waitForSelector('[data-check-email]')
	// biome-ignore lint/performance/useDomNodeTextContent: the text as rendered (innerText) is what a person compares
	return { page, status: response.status(), text: (await page.innerText('main')).replaceAll(email, '<email>') }
}

describe('dashboard sign-up does not reveal registered addresses', () => {
	test('signing up with a registered address answers exactly as with a new one; only the mailbox learns it has an account, and only a new address gets a link that creates one', async () => {
		const registered = uniqueEmail('registered')
		const first = await signUpInBrowser(registered)
		await first.page.goto(confirmLinkFor(started.h.mailbox, registered).href)
		await Promise.all([first.page.waitForURL(`${started.dashboard.url}/keys`), first.page.click('button:has-text("Create account")')])

		const fresh = uniqueEmail('fresh')
		const again = await signUpInBrowser(registered.toUpperCase())
		const newcomer = await signUpInBrowser(fresh)
		expect(again.status).toBe(200)
		expect({ status: again.status, text: again.text.replaceAll(registered, '<email>') }).toEqual({
			status: newcomer.status,
			text: newcomer.text
		})
		expect(newcomer.text).toContain('Check your email')

		const toRegistered = started.h.mailbox.mailsTo(registered)
		expect(toRegistered).toHaveLength(2)
		expect(toRegistered[1]?.text).toContain('already has one')
		expect(toRegistered[1]?.text).toContain(`${started.dashboard.url}/sign-in`)
		expect(toRegistered[1]?.text).not.toContain('/sign-up/confirm')
		expect(await started.h.db.sql`SELECT 1 FROM dashboard_sign_ups WHERE email = ${registered}`).toHaveLength(0)
		const accounts = await started.h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM dashboard_users WHERE email = ${registered}`
		expect(accounts[0]?.n).toBe(1)

		// The new address's link opens a confirmation page; its button creates the account and signs in.
		await newcomer.page.goto(confirmLinkFor(started.h.mailbox, fresh).href)
		expect(await newcomer.page.textContent('main')).toContain(fresh)
		await Promise.all([newcomer.page.waitForURL(`${started.dashboard.url}/keys`), newcomer.page.click('button:has-text("Create account")')])
		expect(await newcomer.page.textContent('.plan-badge')).toBe('Starter')
	}, 60_000)

	test('more sign-ups for one address than the hourly mail limit send no further mail and still answer the same page', async () => {
		started.h.clock.set('2026-11-04T08:00:00Z')
		const target = uniqueEmail('target')
		for (let index = 0; index < 4; index++) expect((await signUpInBrowser(target)).text).toContain('Check your email')
		expect(started.h.mailbox.mailsTo(target)).toHaveLength(3)
	}, 60_000)
})
