import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ensureStreams } from '@lv/bus'
import { silentLogger } from '@lv/logger'
import { type RunningExporter, startExporter } from '../../../exporter/src/exporter.ts'
import { TEST_EXPORTER_CONFIG } from '../../../exporter/src/test-support/exporter-config.ts'
import { seeder } from '../../../exporter/src/test-support/seed.ts'
import { BrowserSession, signUp } from '../test-support/browser-session.ts'
import { type Harness, startHarness } from '../test-support/harness.ts'

let h: Harness
let exporter: RunningExporter
const READ_AT = new Date('2026-11-01T06:00:00.000Z')

beforeAll(async () => {
	h = await startHarness()
	h.clock.set('2026-11-01T12:00:00.000Z')
	const seed = seeder(h.db.sql, READ_AT)
	const acme = await seed.operator('acme-gaming', 'Acme Gaming')
	const licence = await seed.licence(acme, { number: '000-039217-R-319300-001' })
	await seed.link(acme, 'acmebet.co.uk', { licence })
	await seed.finishRun('UKGC', READ_AT)
	await h.db
		.sql`INSERT INTO plans (code, name, monthly_quota, per_second_limit, watchlist_cap, webhook_cap, polls_per_hour, exports_per_day, trial_daily_cap, is_trial, rank)
		VALUES ('two_exports', 'Two exports', NULL, NULL, 5, 1, 10, 2, NULL, false, 9)`
	await ensureStreams(h.bus)
	exporter = await startExporter({
		sql: h.db.sql,
		bus: h.bus,
		clock: h.clock,
		logger: silentLogger,
		config: { ...TEST_EXPORTER_CONFIG, EXPORTER_PREBUILD: false }
	})
}, 30_000)

afterAll(async () => {
	await exporter.stop()
	await h.stop()
})

async function userOnPlan(plan: string) {
	const browser = new BrowserSession(h.dashboard())
	const { email } = await signUp(browser, h.mailbox)
	const [row] = await h.db.sql<{ account_id: string }[]>`SELECT account_id FROM dashboard_users WHERE email = ${email}`
	await h.db.sql`UPDATE accounts SET plan_code = ${plan} WHERE id = ${row?.account_id ?? ''}`
	await browser.get('/export')
	return { browser, accountId: row?.account_id ?? '' }
}

/** The export button's POST, answered with the raw Response so the file can be read. */
async function exportThrough(browser: BrowserSession, fields: Record<string, string>) {
	await browser.get('/export')
	const form = new URLSearchParams({ ...fields, csrf: browser.csrfToken() })
	return h.dashboard().handle(
		new Request('http://localhost/export', {
			method: 'POST',
			headers: { cookie: `lv_session=${browser.cookies.get('lv_session')}`, 'content-type': 'application/x-www-form-urlencoded' },
			body: form.toString()
		})
	)
}

describe('export button', () => {
	test("downloads the gateway's file as an attachment, recorded via 'dashboard', with the action key revoked", async () => {
		const { browser, accountId } = await userOnPlan('pro')
		const csv = await exportThrough(browser, { dataset: 'licences', format: 'csv' })
		expect(csv.status).toBe(200)
		expect(csv.headers.get('content-type')).toContain('text/csv')
		expect(csv.headers.get('content-disposition')).toStartWith('attachment')
		const text = await csv.text()
		expect(text.split('\n')[0]).toContain('license_number')
		expect(text).toContain('000-039217-R-319300-001')

		const ndjson = await exportThrough(browser, { dataset: 'domains', format: 'json' })
		expect(ndjson.status).toBe(200)
		expect(ndjson.headers.get('content-type')).toContain('application/x-ndjson')
		expect(JSON.parse((await ndjson.text()).trim().split('\n')[0] ?? '{}')).toMatchObject({
			hostname: 'acmebet.co.uk',
			operator_slug: 'acme-gaming'
		})

		const requests = await h.db.sql<
			{ dataset: string; via: string }[]
		>`SELECT dataset, via FROM export_requests WHERE account_id = ${accountId} ORDER BY dataset`
		expect([...requests]).toEqual([
			{ dataset: 'domains', via: 'dashboard' },
			{ dataset: 'licences', via: 'dashboard' }
		])
		const actionKeys = await h.db.sql<{ revoked_at: Date | null }[]>`
			SELECT k.revoked_at FROM api_keys k JOIN dashboard_action_keys d ON d.key_id = k.id WHERE k.account_id = ${accountId}`
		expect(actionKeys).toHaveLength(2)
		expect(actionKeys.every((key) => key.revoked_at !== null)).toBe(true)
	})

	test('the daily cap is shared with the API: over it the page shows 429 export_daily_limit_reached and the reset', async () => {
		const { browser, accountId } = await userOnPlan('two_exports')
		const setupKey = (await browser.post('/keys', { label: 'api' })).html.match(/lvk_[A-Za-z0-9]{32}/)?.[0] ?? ''
		const viaApi = await h.gateway.handle(
			new Request('http://api.localhost/v1/export/operators?format=csv', { headers: { authorization: `Bearer ${setupKey}` } })
		)
		expect(viaApi.status).toBe(200)
		await viaApi.text()
		expect((await exportThrough(browser, { dataset: 'operators', format: 'csv' })).status).toBe(200)

		const refused = await exportThrough(browser, { dataset: 'licences', format: 'json' })
		expect(refused.status).toBe(429)
		const page = await refused.text()
		expect(page).toContain('Export refused:')
		expect(page).toContain('rate_limited / export_daily_limit_reached')
		expect(page).toContain('Resets at 2026-11-02 00:00 UTC.')
		const counted = await h.db.sql<{ via: string }[]>`SELECT via FROM export_requests WHERE account_id = ${accountId} ORDER BY via`
		expect(counted.map((row) => row.via)).toEqual(['api', 'dashboard'])
	})
})
