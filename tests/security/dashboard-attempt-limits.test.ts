import { describe, expect, test } from 'bun:test'
import { BrowserSession, uniqueEmail } from '../../services/dashboard/src/test-support/browser-session.ts'
import { type Harness, harnessPerFile } from '../../services/dashboard/src/test-support/harness.ts'

const h = harnessPerFile()

const PROXY = '10.0.0.2'

/** A browser whose requests reach the dashboard from `peer`, with X-Forwarded-For `forwardedFor` when given. */
const from = (app: ReturnType<Harness['dashboard']>, peer: string, forwardedFor?: string) =>
	new BrowserSession(app, 'http://localhost', { peer, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } })

async function signInStatuses(browser: BrowserSession, tries: number): Promise<number[]> {
	await browser.get('/sign-in')
	const statuses: number[] = []
	for (let index = 0; index < tries; index++)
		statuses.push((await browser.post('/sign-in', { email: uniqueEmail(), password: 'not the password' })).status)
	return statuses
}

async function signUpStatuses(browser: BrowserSession, tries: number): Promise<number[]> {
	const statuses: number[] = []
	for (let index = 0; index < tries; index++) {
		await browser.get('/sign-up')
		statuses.push(
			(await browser.post('/sign-up', { email: uniqueEmail(), password: 'a long enough password', account_name: 'Acme' })).status
		)
	}
	return statuses
}

describe('dashboard attempt limits by client address', () => {
	test('sign-in and sign-up limits count the client a trusted proxy forwards for, never the proxy, and ignore X-Forwarded-For from anyone else', async () => {
		h.clock.set('2026-11-03T09:00:00Z')
		const app = h.dashboard({
			TRUSTED_PROXIES: '10.0.0.0/8',
			DASHBOARD_SIGN_IN_ADDRESS_LIMIT: 2,
			DASHBOARD_SIGN_IN_EMAIL_LIMIT: 100,
			DASHBOARD_SIGN_UP_ADDRESS_LIMIT: 2
		})

		// Three people behind the same proxy each get their own allowance.
		for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
			expect(await signInStatuses(from(app, PROXY, client), 2)).toEqual([401, 401])
			expect(await signUpStatuses(from(app, PROXY, client), 2)).toEqual([200, 200])
		}
		// The proxy's own rule: the nearest untrusted hop, so a prepended address does not reset a client's count.
		expect(await signInStatuses(from(app, PROXY, '203.0.113.66, 198.51.100.1, 10.9.9.9'), 1)).toEqual([429])
		expect(await signUpStatuses(from(app, PROXY, '203.0.113.67, 198.51.100.1'), 1)).toEqual([429])

		// A client talking to the dashboard directly cannot pick its address with the header.
		const direct = await signInStatuses(from(app, '192.0.2.50', '198.51.100.200'), 2)
		expect(direct).toEqual([401, 401])
		expect(await signInStatuses(from(app, '192.0.2.50', '198.51.100.201'), 1)).toEqual([429])
		const scopes = await h.db.sql<
			{ scope: string }[]
		>`SELECT scope FROM dashboard_attempts WHERE scope LIKE 'sign-in-address:%' ORDER BY scope`
		expect(scopes.map((row) => row.scope)).toEqual([
			'sign-in-address:192.0.2.50',
			'sign-in-address:198.51.100.1',
			'sign-in-address:198.51.100.2',
			'sign-in-address:198.51.100.3'
		])
	}, 60_000)
})
