import { describe, expect, test } from 'bun:test'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { harnessPerFile } from '../test-support/harness.ts'

const h = harnessPerFile()

const change = (browser: BrowserSession, fields: Record<string, string>, options: { csrf?: 'none' } = {}) =>
	browser.get('/account/password').then(() => browser.post('/account/password', fields, options))

describe('password page', () => {
	test('signed out, the page and the form redirect to sign-in', async () => {
		const browser = new BrowserSession(h.dashboard())
		expect((await browser.get('/account/password')).location).toBe('/sign-in')
		expect((await browser.postRaw('/account/password', 'current_password=x', 'application/x-www-form-urlencoded')).location).toBe(
			'/sign-in'
		)
	})

	test('a missing CSRF token, missing or short fields and unreadable bodies are pages with the error, and the password stays', async () => {
		const browser = new BrowserSession(h.dashboard())
		const { email, password } = await signUp(browser, h.mailbox)
		const forged = await change(browser, { current_password: password, new_password: 'another long password' }, { csrf: 'none' })
		expect(forged.status).toBe(403)
		expect(forged.html).toContain('This form expired')
		expect((await change(browser, { new_password: 'another long password' })).html).toContain('Enter your current password.')
		const short = await change(browser, { current_password: password, new_password: 'short' })
		expect(short.status).toBe(400)
		expect(short.html).toContain('Use at least 10 characters.')
		expect((await browser.postRaw('/account/password', '{"current_password":', 'application/json')).status).toBe(400)
		const hash = await h.db.sql<{ password_hash: string }[]>`SELECT password_hash FROM dashboard_users WHERE email = ${email}`
		expect(await Bun.password.verify(password, hash[0]?.password_hash ?? '')).toBe(true)
	})

	test("a copy of the changing session's cookie is signed out by the change; the changer stays signed in with a new cookie", async () => {
		const browser = new BrowserSession(h.dashboard())
		const { password } = await signUp(browser, h.mailbox)
		const copy = new BrowserSession(h.dashboard())
		for (const [name, value] of browser.cookies) copy.cookies.set(name, value)
		expect((await copy.get('/keys')).status).toBe(200)

		const changed = await change(browser, { current_password: password, new_password: 'another long password' })
		expect(changed.location).toBe('/account/password?notice=changed')
		expect(changed.setCookies.some((cookie) => cookie.startsWith('lv_session=') && /HttpOnly/.test(cookie))).toBe(true)
		expect((await browser.get('/keys')).status).toBe(200)
		expect((await copy.get('/keys')).location).toBe('/sign-in')
	})

	test('wrong current passwords over the sign-in limit are refused with 429, even the right one', async () => {
		h.clock.set('2026-11-06T12:00:00Z')
		const browser = new BrowserSession(h.dashboard())
		const { password } = await signUp(browser, h.mailbox)
		for (let attempt = 0; attempt < 5; attempt++)
			expect((await change(browser, { current_password: 'wrong password', new_password: 'another long password' })).status).toBe(401)
		const limited = await change(browser, { current_password: password, new_password: 'another long password' })
		expect(limited.status).toBe(429)
		expect(limited.html).toContain('Too many attempts. Try again after 2026-11-06 12:15 UTC.')
	})
})
