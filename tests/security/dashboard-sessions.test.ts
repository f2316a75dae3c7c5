import { describe, expect, test } from 'bun:test'
import { MINUTE } from '@lv/clock'
import type { BrowserContext } from 'playwright-core'
import { confirmLinkFor, uniqueEmail } from '../../services/dashboard/src/test-support/browser-session.ts'
import { dashboardInChromiumPerFile } from '../support/chromium.ts'

const started = dashboardInChromiumPerFile({ DASHBOARD_SESSION_IDLE_MINUTES: 30 })

/** A new account, signed up in the browser through the mailed link; the context ends on /keys. */
async function signedUpContext(email: string, password: string): Promise<BrowserContext> {
	const context = await started.browser.newContext()
	const page = await context.newPage()
	await page.goto(`${started.dashboard.url}/sign-up`)
	await page.fill('#account_name', 'Acme Gaming Ltd')
	await page.fill('#email', email)
	await page.fill('#password', password)
	await page.click('button[type=submit]')
	await page.waitForSelector('[data-check-email]')
	await page.goto(confirmLinkFor(started.h.mailbox, email).href)
	await Promise.all([page.waitForURL(`${started.dashboard.url}/keys`), page.click('button:has-text("Create account")')])
	return context
}

async function signedInContext(email: string, password: string): Promise<BrowserContext> {
	const context = await started.browser.newContext()
	const page = await context.newPage()
	await page.goto(`${started.dashboard.url}/sign-in`)
	await page.fill('#email', email)
	await page.fill('#password', password)
	await Promise.all([page.waitForURL(`${started.dashboard.url}/keys`), page.click('button[type=submit]')])
	return context
}

/** Where the browser lands when it opens /keys: /keys while signed in, /sign-in otherwise. */
async function landingOfKeys(context: BrowserContext): Promise<string> {
	const page = context.pages()[0] ?? (await context.newPage())
	await page.goto(`${started.dashboard.url}/keys`)
	return new URL(page.url()).pathname
}

describe('dashboard sessions', () => {
	test('a session left unused for the idle timeout is signed out, while one in use stays signed in', async () => {
		started.h.clock.set('2026-11-05T09:00:00Z')
		const password = 'correct horse battery staple'
		const email = uniqueEmail('idle')
		const busy = await signedUpContext(email, password)
		const idle = await signedInContext(email, password)
		for (let step = 0; step < 3; step++) {
			started.h.clock.advance(20 * MINUTE)
			expect(await landingOfKeys(busy)).toBe('/keys')
		}
		expect(await landingOfKeys(idle)).toBe('/sign-in')
		started.h.clock.advance(30 * MINUTE - 1)
		expect(await landingOfKeys(busy)).toBe('/keys')
		started.h.clock.advance(30 * MINUTE)
		expect(await landingOfKeys(busy)).toBe('/sign-in')
	}, 60_000)

	test('changing the password needs the current one and signs out every other session of the user, keeping this one', async () => {
		const email = uniqueEmail('owner')
		const changer = await signedUpContext(email, 'the first password')
		const other = await signedInContext(email, 'the first password')
		const page = changer.pages()[0]
		if (!page) throw new Error('no page')

		await Promise.all([page.waitForURL(`${started.dashboard.url}/account/password`), page.click('a:has-text("Password")')])
		expect(await page.textContent('h1')).toBe('Change password')
		await page.fill('#current_password', 'not the password')
		await page.fill('#new_password', 'the second password')
		await page.click('button:has-text("Change password")')
		expect(await page.textContent('.field-error')).toBe('This is not your current password.')
		expect(await landingOfKeys(other)).toBe('/keys')

		await page.goto(`${started.dashboard.url}/account/password`)
		await page.fill('#current_password', 'the first password')
		await page.fill('#new_password', 'the second password')
		await Promise.all([
			page.waitForURL(`${started.dashboard.url}/account/password?notice=changed`),
			page.click('button:has-text("Change password")')
		])
		expect(await page.textContent('.callout.success')).toContain('Every other session is signed out.')

		expect(await landingOfKeys(other)).toBe('/sign-in')
		expect(await landingOfKeys(changer)).toBe('/keys')
		const oldPassword = await started.browser.newContext()
		const signIn = await oldPassword.newPage()
		await signIn.goto(`${started.dashboard.url}/sign-in`)
		await signIn.fill('#email', email)
		await signIn.fill('#password', 'the first password')
		await signIn.click('button[type=submit]')
		expect(await signIn.textContent('.callout.error')).toBe('Email or password is incorrect.')
		expect(await landingOfKeys(await signedInContext(email, 'the second password'))).toBe('/keys')
	}, 60_000)
})
