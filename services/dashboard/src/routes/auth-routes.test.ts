import { describe, expect, test } from 'bun:test'
import { MINUTE } from '@lv/clock'
import { sha256 } from '../auth/tokens.ts'
import { BrowserSession, confirmLinkFor, confirmSignUpLink, signUp, uniqueEmail } from '../test-support/browser-session.ts'
import { harnessPerFile } from '../test-support/harness.ts'

const h = harnessPerFile()

const accountsWithEmail = (email: string) =>
	h.db.sql<{ plan_code: string; name: string; password_hash: string }[]>`
		SELECT a.plan_code, a.name, u.password_hash FROM dashboard_users u JOIN accounts a ON a.id = u.account_id WHERE u.email = ${email}`

describe('sign-up', () => {
	test('the form page sets an HttpOnly SameSite=Lax CSRF cookie and embeds the same token', async () => {
		const browser = new BrowserSession(h.dashboard())
		const page = await browser.get('/sign-up')
		expect(page.status).toBe(200)
		expect(page.html).toContain('Create an account')
		const cookie = page.setCookies.find((line) => line.startsWith('lv_csrf='))
		expect(cookie).toContain('HttpOnly')
		expect(cookie).toContain('SameSite=Lax')
		expect(cookie).not.toContain('Secure')
		expect(browser.cookies.get('lv_csrf')).toBe(browser.csrfToken())
	})

	test('a valid sign-up mails a link and creates nothing until it is confirmed; then a Starter account with an argon2id hash and a session stored as SHA-256 only', async () => {
		const browser = new BrowserSession(h.dashboard())
		const email = uniqueEmail('Owner')
		await browser.get('/sign-up')
		const answer = await browser.post('/sign-up', {
			email: `  ${email.toUpperCase()} `,
			password: 'a long enough password',
			account_name: ' Acme '
		})
		expect(answer.status).toBe(200)
		expect(answer.html).toContain('Check your email')
		expect(await accountsWithEmail(email.toLowerCase())).toHaveLength(0)
		const [mail] = h.mailbox.mailsTo(email)
		expect(mail?.subject).toBe('Confirm your Licence Register Verification account')
		const link = confirmLinkFor(h.mailbox, email)
		expect(link.origin).toBe('http://localhost')
		const held = await h.db.sql<
			{ token_hash: Uint8Array }[]
		>`SELECT token_hash FROM dashboard_sign_ups WHERE email = ${email.toLowerCase()}`
		expect(Buffer.from(held[0]?.token_hash ?? []).equals(Buffer.from(sha256(link.searchParams.get('token') ?? '')))).toBe(true)

		const confirmPage = await browser.get(`${link.pathname}${link.search}`)
		expect(confirmPage.status).toBe(200)
		expect(confirmPage.html).toContain('Create the account <strong>Acme</strong>')
		expect(await accountsWithEmail(email.toLowerCase())).toHaveLength(0)
		const confirmed = await browser.post('/sign-up/confirm', { token: link.searchParams.get('token') ?? '' })
		expect(confirmed.status).toBe(303)
		expect(confirmed.location).toBe('/keys')
		const sessionCookie = confirmed.setCookies.find((line) => line.startsWith('lv_session='))
		expect(sessionCookie).toMatch(/HttpOnly/)
		expect(sessionCookie).toMatch(/SameSite=Lax/)
		const [row] = await accountsWithEmail(email.toLowerCase())
		expect(row?.plan_code).toBe('starter')
		expect(row?.name).toBe('Acme')
		expect(row?.password_hash.startsWith('$argon2id$')).toBe(true)
		const token = browser.cookies.get('lv_session') ?? ''
		const sessions = await h.db.sql<{ token_hash: Uint8Array }[]>`
			SELECT s.token_hash FROM dashboard_sessions s JOIN dashboard_users u ON u.id = s.user_id WHERE u.email = ${email.toLowerCase()}`
		expect(sessions).toHaveLength(1)
		expect(Buffer.from(sessions[0]?.token_hash ?? []).equals(Buffer.from(sha256(token)))).toBe(true)
		const keys = await browser.get('/keys')
		expect(keys.status).toBe(200)
		expect(keys.html).toContain('Starter')
	})

	test('a confirmation link works once, not after it expires, and not without the form token', async () => {
		const app = h.dashboard()
		const email = uniqueEmail()
		const browser = new BrowserSession(app)
		await browser.get('/sign-up')
		await browser.post('/sign-up', { email, password: 'a long enough password', account_name: 'Once' })
		const link = confirmLinkFor(h.mailbox, email)
		await browser.get(`${link.pathname}${link.search}`)
		const forged = await browser.post('/sign-up/confirm', { token: link.searchParams.get('token') ?? '' }, { csrf: 'none' })
		expect(forged.status).toBe(403)
		expect((await confirmSignUpLink(browser, link)).status).toBe(303)
		const again = await confirmSignUpLink(new BrowserSession(app), link)
		expect(again.status).toBe(404)
		expect(again.html).toContain('This link has expired or was already used.')

		const late = uniqueEmail()
		const other = new BrowserSession(app)
		await other.get('/sign-up')
		await other.post('/sign-up', { email: late, password: 'a long enough password', account_name: 'Late' })
		h.clock.advance(24 * 60 * MINUTE)
		expect((await confirmSignUpLink(other, confirmLinkFor(h.mailbox, late))).status).toBe(404)
		expect(await accountsWithEmail(late)).toHaveLength(0)
	})

	test('a mail server that refuses the mail is a 503 page asking to try again, never a 500', async () => {
		const refusing = { send: () => Promise.reject(Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 })) }
		const browser = new BrowserSession(h.dashboard({}, { mailer: refusing }))
		await browser.get('/sign-up')
		const answer = await browser.post('/sign-up', { email: uniqueEmail(), password: 'a long enough password', account_name: 'X' })
		expect(answer.status).toBe(503)
		expect(answer.html).toContain('The confirmation mail could not be sent just now.')
	})

	test('bad fields give the form back with a message per field, keeping the email and never the password', async () => {
		const browser = new BrowserSession(h.dashboard())
		await browser.get('/sign-up')
		const answer = await browser.post('/sign-up', { email: 'not-an-email', password: 'short', account_name: '' })
		expect(answer.status).toBe(400)
		expect(answer.html).toContain('Enter an email address like name@example.com.')
		expect(answer.html).toContain('Use at least 10 characters.')
		expect(answer.html).toContain('Enter a name for the account')
		expect(answer.html).toContain('value="not-an-email"')
		expect(answer.html).not.toContain('short')
	})

	test('a form without the CSRF token is refused with the form and nothing is created', async () => {
		const browser = new BrowserSession(h.dashboard())
		const email = uniqueEmail()
		await browser.get('/sign-up')
		const answer = await browser.post('/sign-up', { email, password: 'a long enough password', account_name: 'X' }, { csrf: 'none' })
		expect(answer.status).toBe(403)
		expect(answer.html).toContain('This form expired')
		expect(await accountsWithEmail(email)).toHaveLength(0)
	})

	test('a CSRF token from another browser does not pass', async () => {
		const attacker = new BrowserSession(h.dashboard())
		await attacker.get('/sign-up')
		const victim = new BrowserSession(h.dashboard())
		await victim.get('/sign-up')
		const email = uniqueEmail()
		const answer = await victim.post(
			'/sign-up',
			{ email, password: 'a long enough password', account_name: 'X', csrf: attacker.csrfToken() },
			{ csrf: 'none' }
		)
		expect(answer.status).toBe(403)
		expect(await accountsWithEmail(email)).toHaveLength(0)
	})

	test('a JSON, plain-text, empty or repeated-field body is a page with an error, never a 500', async () => {
		const browser = new BrowserSession(h.dashboard())
		await browser.get('/sign-up')
		const json = await browser.postRaw('/sign-up', '{"email":', 'application/json')
		expect(json.status).toBe(400)
		expect(json.html).toContain('The form could not be read')
		const text = await browser.postRaw('/sign-up', 'email=x', 'text/plain')
		expect(text.status).toBe(403)
		expect(text.html).toContain('This form expired')
		const empty = await browser.postRaw('/sign-up', '', null)
		expect(empty.status).toBe(403)
		const repeated = await browser.postRaw(
			'/sign-up',
			`csrf=${browser.cookies.get('lv_csrf')}&email=a@b.co&email=c@d.co&password=long+enough+pw&account_name=A`,
			'application/x-www-form-urlencoded'
		)
		expect(repeated.status).toBe(400)
		expect(repeated.html).toContain('Enter your email address.')
	})

	test('sign-ups from one address over the hourly limit are refused with 429 until the next window', async () => {
		const app = h.dashboard({ DASHBOARD_SIGN_UP_ADDRESS_LIMIT: 2 })
		h.clock.set('2026-11-01T05:00:00Z')
		await h.db.sql`DELETE FROM dashboard_attempts WHERE scope LIKE 'sign-up-address:%'`
		for (let index = 0; index < 2; index++) await signUp(new BrowserSession(app), h.mailbox)
		const browser = new BrowserSession(app)
		await browser.get('/sign-up')
		const refused = await browser.post('/sign-up', { email: uniqueEmail(), password: 'a long enough password', account_name: 'X' })
		expect(refused.status).toBe(429)
		expect(refused.html).toContain('Too many sign-ups from your network. Try again after 2026-11-01 06:00 UTC.')
		h.clock.advance(60 * MINUTE)
		await signUp(new BrowserSession(app), h.mailbox)
	})

	test('on an https app URL the cookies are Secure and use the __Host- prefix', async () => {
		const browser = new BrowserSession(h.dashboard({ APP_URL: 'https://app.example.test' }), 'https://app.example.test')
		const form = await browser.get('/sign-up')
		expect(form.setCookies[0]).toMatch(/^__Host-lv_csrf=.*; Path=\/; .*SameSite=Lax; HttpOnly; Secure$/)
		const email = uniqueEmail()
		await browser.post('/sign-up', { email, password: 'a long enough password', account_name: 'S' })
		const link = confirmLinkFor(h.mailbox, email)
		expect(link.origin).toBe('https://app.example.test')
		const answer = await confirmSignUpLink(browser, link)
		expect(answer.status).toBe(303)
		expect(answer.setCookies.find((line) => line.startsWith('__Host-lv_session='))).toMatch(/HttpOnly; Secure$/)
	})
})

describe('sign-in and sign-out', () => {
	test('the right password signs in; a wrong password and an unknown email get the same message', async () => {
		const { email, password } = await signUp(new BrowserSession(h.dashboard()), h.mailbox)
		const browser = new BrowserSession(h.dashboard())
		await browser.get('/sign-in')
		const wrong = await browser.post('/sign-in', { email, password: 'not the password' })
		expect(wrong.status).toBe(401)
		expect(wrong.html).toContain('Email or password is incorrect.')
		const unknown = await browser.post('/sign-in', { email: uniqueEmail('nobody'), password })
		expect(unknown.status).toBe(401)
		expect(unknown.html).toContain('Email or password is incorrect.')
		const right = await browser.post('/sign-in', { email: email.toUpperCase(), password })
		expect(right.status).toBe(303)
		expect(right.location).toBe('/keys')
		expect((await browser.get('/keys')).status).toBe(200)
	})

	test('an email holding a NUL or another control character gets the wrong-credentials page, never a 500', async () => {
		const browser = new BrowserSession(h.dashboard())
		await browser.get('/sign-in')
		for (const email of ['\u0000', 'someone\u0000@example.test', 'someone@example.test\u0007']) {
			const page = await browser.post('/sign-in', { email, password: 'correct horse battery staple' })
			expect({ status: page.status, incorrect: page.html.includes('Email or password is incorrect.') }).toEqual({
				status: 401,
				incorrect: true
			})
		}
	})

	test('missing fields and a missing CSRF token are pages with the error', async () => {
		const browser = new BrowserSession(h.dashboard())
		await browser.get('/sign-in')
		const missing = await browser.post('/sign-in', { email: '' })
		expect(missing.status).toBe(400)
		expect(missing.html).toContain('Enter your email address and password.')
		const noCsrf = await browser.post('/sign-in', { email: 'a@b.co', password: 'x' }, { csrf: 'none' })
		expect(noCsrf.status).toBe(403)
		expect(noCsrf.html).toContain('This form expired')
	})

	test('attempts for one email over the limit are refused even with the right password, until the window ends', async () => {
		h.clock.set('2026-11-02T10:00:00Z')
		const { email, password } = await signUp(new BrowserSession(h.dashboard()), h.mailbox)
		const browser = new BrowserSession(h.dashboard())
		await browser.get('/sign-in')
		for (let attempt = 0; attempt < 5; attempt++)
			expect((await browser.post('/sign-in', { email, password: 'wrong password' })).status).toBe(401)
		const limited = await browser.post('/sign-in', { email, password })
		expect(limited.status).toBe(429)
		expect(limited.html).toContain('Too many sign-in attempts. Try again after 2026-11-02 10:15 UTC.')
		const [counter] = await h.db.sql<
			{ count: number }[]
		>`SELECT count FROM dashboard_attempts WHERE scope LIKE 'sign-in-email:%' AND window_start = '2026-11-02T10:00:00Z'`
		expect(counter?.count).toBe(6)
		h.clock.advance(15 * MINUTE)
		expect((await browser.post('/sign-in', { email, password })).status).toBe(303)
	})

	test('signing out needs the session CSRF token, deletes the session, and the old cookie stops working', async () => {
		const browser = new BrowserSession(h.dashboard())
		await signUp(browser, h.mailbox)
		const token = browser.cookies.get('lv_session') ?? ''
		const forged = await browser.post('/sign-out', {}, { csrf: 'none' })
		expect(forged.status).toBe(403)
		expect((await browser.get('/keys')).status).toBe(200)
		const answer = await browser.post('/sign-out', {})
		expect(answer.status).toBe(303)
		expect(answer.location).toBe('/sign-in?signed_out=1')
		expect(await h.db.sql`SELECT 1 FROM dashboard_sessions WHERE token_hash = ${sha256(token)}`).toHaveLength(0)
		const replay = new BrowserSession(h.dashboard())
		replay.cookies.set('lv_session', token)
		const keys = await replay.get('/keys')
		expect(keys.status).toBe(303)
		expect(keys.location).toBe('/sign-in')
		expect((await browser.get('/sign-in?signed_out=1')).html).toContain('You are signed out.')
	})

	test('a session in use is no longer accepted past its lifetime', async () => {
		const browser = new BrowserSession(h.dashboard({ DASHBOARD_SESSION_IDLE_MINUTES: 48 * 60 }))
		await signUp(browser, h.mailbox)
		h.clock.advance(24 * 60 * MINUTE - 1)
		expect((await browser.get('/keys')).status).toBe(200)
		h.clock.advance(1)
		expect((await browser.get('/keys')).location).toBe('/sign-in')
	})

	test('an unknown page is a 404 page', async () => {
		const page = await new BrowserSession(h.dashboard()).get('/nope')
		expect(page.status).toBe(404)
		expect(page.html).toContain('Page not found')
	})
})
