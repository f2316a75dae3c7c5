import { describe, expect, test } from 'bun:test'
import { hashApiKey } from '@lv/accounts'
import { MINUTE } from '@lv/clock'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { harnessPerFile } from '../test-support/harness.ts'

const h = harnessPerFile()

const RAW_KEY = /lvk_[A-Za-z0-9]{32}/g

async function createKey(browser: BrowserSession, label: string) {
	const page = await browser.post('/keys', { label })
	const key = page.html.match(RAW_KEY)?.[0]
	if (page.status !== 201 || !key) throw new Error(`key creation failed with ${page.status}`)
	return { page, key }
}

const callGateway = (key: string) =>
	h.gateway.handle(new Request('http://api.localhost/v1/jurisdictions/UKGC', { headers: { authorization: `Bearer ${key}` } }))

describe('keys page', () => {
	test('signed out, every keys route sends the browser to sign-in', async () => {
		const browser = new BrowserSession(h.dashboard())
		for (const page of [await browser.get('/keys'), await browser.postRaw('/keys', 'label=x', 'application/x-www-form-urlencoded')]) {
			expect(page.status).toBe(303)
			expect(page.location).toBe('/sign-in')
		}
	})

	test('a new key is shown once with a copy button and a warning, stored as SHA-256 only, then listed by its prefix', async () => {
		const browser = new BrowserSession(h.dashboard())
		await signUp(browser, h.mailbox)
		const { page, key } = await createKey(browser, 'production <server>')
		expect(page.html.match(RAW_KEY)).toEqual([key])
		expect(page.html).toContain('Copy this key now. It will not be shown again.')
		expect(page.html).toContain('data-copy-target="new-key-value"')
		expect(page.html).toContain('production &lt;server&gt;')
		const rows = await h.db.sql<
			{ key_hash: Uint8Array; display_prefix: string }[]
		>`SELECT key_hash, display_prefix FROM api_keys WHERE label = 'production <server>'`
		expect(rows).toHaveLength(1)
		expect(Buffer.from(rows[0]?.key_hash ?? []).equals(Buffer.from(hashApiKey(key)))).toBe(true)
		const [anyPlain] = await h.db.sql`SELECT 1 FROM api_keys WHERE label = ${key} OR display_prefix = ${key}`
		expect(anyPlain).toBeUndefined()

		const later = await browser.get('/keys')
		expect(later.html).not.toContain(key)
		expect(later.html.match(RAW_KEY)).toBeNull()
		expect(later.html).toContain(rows[0]?.display_prefix ?? 'missing')
		expect(later.html).toContain('never')
	})

	test('the last-used indicator follows the gateway stamping the key', async () => {
		const browser = new BrowserSession(h.dashboard())
		await signUp(browser, h.mailbox)
		const { key } = await createKey(browser, 'used key')
		expect((await callGateway(key)).status).toBe(200)
		h.clock.advance(5 * MINUTE)
		expect((await browser.get('/keys')).html).toContain('5 minutes ago')
	})

	test('revoking is immediate: the gateway answers 401 auth_revoked on the next request', async () => {
		const browser = new BrowserSession(h.dashboard())
		await signUp(browser, h.mailbox)
		const { key } = await createKey(browser, 'to revoke')
		expect((await callGateway(key)).status).toBe(200)
		const [row] = await h.db.sql<{ id: string }[]>`SELECT id FROM api_keys WHERE key_hash = ${hashApiKey(key)}`
		await browser.get('/keys')
		const answer = await browser.post(`/keys/${row?.id}/revoke`, {})
		expect(answer.status).toBe(303)
		expect(answer.location).toBe('/keys?notice=revoked')
		const refused = await callGateway(key)
		expect(refused.status).toBe(401)
		expect(await refused.json()).toMatchObject({ code: 'auth_revoked', details: { reason: 'api_key_revoked' } })
		const page = await browser.get('/keys?notice=revoked')
		expect(page.html).toContain('Key revoked.')
		expect(page.html).toContain('Revoked')
		expect(page.html).not.toContain(`/keys/${row?.id}/revoke`)
	})

	test('a label that is empty, too long or has control characters is a page with the error and creates nothing', async () => {
		const browser = new BrowserSession(h.dashboard())
		await signUp(browser, h.mailbox)
		for (const [label, message] of [
			['   ', 'Give the key a label'],
			['x'.repeat(101), 'Use at most 100 characters'],
			['bad\u0007label', 'Use letters, numbers, spaces and punctuation only']
		] as const) {
			await browser.get('/keys')
			const page = await browser.post('/keys', { label })
			expect(page.status).toBe(400)
			expect(page.html).toContain(message)
			expect(page.html.match(RAW_KEY)).toBeNull()
		}
		const missing = await browser.postRaw('/keys', `csrf=${browser.csrfToken()}`, 'application/x-www-form-urlencoded')
		expect(missing.status).toBe(400)
	})

	test('creating or revoking without the session CSRF token, or with another session token, is refused', async () => {
		const victim = new BrowserSession(h.dashboard())
		await signUp(victim, h.mailbox)
		const { key } = await createKey(victim, 'keep me')
		const [row] = await h.db.sql<{ id: string }[]>`SELECT id FROM api_keys WHERE key_hash = ${hashApiKey(key)}`
		const attacker = new BrowserSession(h.dashboard())
		await signUp(attacker, h.mailbox)
		const foreignToken = attacker.csrfToken()

		const created = await victim.post('/keys', { label: 'forged', csrf: foreignToken }, { csrf: 'none' })
		expect(created.status).toBe(403)
		expect(created.html).toContain('This form expired')
		const revoked = await victim.post(`/keys/${row?.id}/revoke`, {}, { csrf: 'none' })
		expect(revoked.status).toBe(403)
		expect(await h.db.sql`SELECT 1 FROM api_keys WHERE label = 'forged'`).toHaveLength(0)
		expect((await callGateway(key)).status).toBe(200)
	})

	test("another account's key, an unknown id and a malformed id are 404 pages and revoke nothing", async () => {
		const owner = new BrowserSession(h.dashboard())
		await signUp(owner, h.mailbox)
		const { key } = await createKey(owner, 'owned')
		const [row] = await h.db.sql<{ id: string }[]>`SELECT id FROM api_keys WHERE key_hash = ${hashApiKey(key)}`
		const other = new BrowserSession(h.dashboard())
		await signUp(other, h.mailbox)
		for (const id of [row?.id, crypto.randomUUID(), 'not-a-uuid', "1' OR '1'='1"]) {
			await other.get('/keys')
			const page = await other.post(`/keys/${encodeURIComponent(id ?? '')}/revoke`, {})
			expect(page.status).toBe(404)
			expect(page.html).toContain('That key does not exist or is already revoked.')
		}
		expect((await callGateway(key)).status).toBe(200)
	})
})
