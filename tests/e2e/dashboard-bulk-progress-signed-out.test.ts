import { describe, expect, test } from 'bun:test'
import { dashboardInChromiumPerFile, signUpInChromium } from '../support/chromium.ts'

const started = dashboardInChromiumPerFile()

describe('bulk progress in a real browser', () => {
	test('a running job whose session is signed out elsewhere takes its page to sign-in, not a progress bar frozen without a word', async () => {
		const { h, dashboard, browser } = started
		const context = await browser.newContext()
		const page = await context.newPage()
		const email = 'progress@partner.example'
		await signUpInChromium(page, h, dashboard.url, email, 'pro')
		await page.goto(`${dashboard.url}/bulk`)
		await page.fill('#list', 'a.example\nb.example')
		await Promise.all([page.waitForURL(/\/bulk\/[0-9a-f-]{36}$/), page.click('button:has-text("Read the list")')])
		// No worker runs: the job stays running, and the page polls its progress every second.
		await page.click('button:has-text("Start checking")')
		await page.waitForSelector('[data-progress-url]')
		await h.db.sql`DELETE FROM dashboard_sessions WHERE user_id = (SELECT id FROM dashboard_users WHERE email = ${email})`
		await page.waitForURL(/\/sign-in/, { timeout: 10_000 })
		expect(await page.textContent('h1')).toContain('Sign in')
		await context.close()
	}, 60_000)
})
