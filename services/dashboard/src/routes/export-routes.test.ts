import { describe, expect, test } from 'bun:test'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { harnessPerFile } from '../test-support/harness.ts'

const h = harnessPerFile()

async function userOnPlan(plan: string) {
	const browser = new BrowserSession(h.dashboard())
	const { email } = await signUp(browser, h.mailbox)
	await h.db.sql`UPDATE accounts SET plan_code = ${plan} WHERE id = (SELECT account_id FROM dashboard_users WHERE email = ${email})`
	await browser.get('/export')
	return browser
}

const actionKeysIssued = async () => (await h.db.sql`SELECT 1 FROM dashboard_action_keys`).length

describe('export page', () => {
	test('below Pro the page shows the upgrade note with the pricing URL instead of buttons', async () => {
		const browser = await userOnPlan('starter')
		const page = await browser.get('/export')
		expect(page.status).toBe(200)
		expect(page.html).toContain('Exports are available on Pro and above')
		expect(page.html).toContain('href="https://example.test/pricing"')
		expect(page.html).not.toContain('name="dataset"')
	})

	test('a forged export POST from a Starter account is a 402 page with the upgrade note and never reaches the gateway', async () => {
		const browser = await userOnPlan('starter')
		const before = await actionKeysIssued()
		const page = await browser.post('/export', { dataset: 'licences', format: 'csv' })
		expect(page.status).toBe(402)
		expect(page.html).toContain('Exports are available on Pro and above')
		expect(await actionKeysIssued()).toBe(before)
	})

	test('on Pro every dataset has a CSV and an NDJSON button, and the shared daily cap is stated', async () => {
		const page = await (await userOnPlan('pro')).get('/export')
		for (const dataset of ['licences', 'operators', 'domains']) {
			for (const format of ['csv', 'json'])
				expect(page.html).toContain(`name="dataset" value="${dataset}"><input type="hidden" name="format" value="${format}"`)
		}
		expect(page.html).toContain('Download NDJSON')
		expect(page.html).toContain('10 exports per UTC day, shared between this page and the API')
	})

	test('on Enterprise the page says there is no daily cap', async () => {
		expect((await (await userOnPlan('enterprise')).get('/export')).html).toContain('Your plan has no daily export cap.')
	})

	test('an unknown dataset or format is a 400 page with the error and never reaches the gateway', async () => {
		const browser = await userOnPlan('pro')
		const before = await actionKeysIssued()
		for (const fields of [
			{ dataset: 'everything', format: 'csv' },
			{ dataset: 'licences', format: 'xml' },
			{ dataset: 'licences' }
		] as Record<string, string>[]) {
			await browser.get('/export')
			const page = await browser.post('/export', fields)
			expect(page.status).toBe(400)
			expect(page.html).toContain('Choose one of the datasets and formats below.')
		}
		expect(await actionKeysIssued()).toBe(before)
	})

	test('an export POST without the session CSRF token is refused', async () => {
		const browser = await userOnPlan('pro')
		const page = await browser.post('/export', { dataset: 'licences', format: 'csv' }, { csrf: 'none' })
		expect(page.status).toBe(403)
		expect(page.html).toContain('This form expired')
	})
})
