import { beforeAll, expect, test } from 'bun:test'
import { recordCoverageEvent, recordFailedRead, recordSuccessfulRead } from '../../services/gateway/src/test-support/status-data.ts'
import { dashboardInChromiumPerFile, screenshot } from '../support/chromium.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR

const started = dashboardInChromiumPerFile()

beforeAll(async () => {
	const { h } = started
	const now = h.clock.nowMs()
	for (const code of ['UKGC', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
		await recordSuccessfulRead(h.db.sql, code, new Date(now - 2 * HOUR), { licences: 120, operators: 90, domains: 300 })
	await recordSuccessfulRead(h.db.sql, 'MGA', new Date(now - 3 * DAY), { licences: 344, operators: 301, domains: 0 })
	await recordFailedRead(h.db.sql, 'UKGC', new Date(now - 5 * DAY), 'http_status')
	await recordCoverageEvent(h.db.sql, 'MGA', 'coverage.degraded', new Date(now - DAY))
})

test('the status page opens without signing in and shows each register, its 30-day timeline and the incidents', async () => {
	const context = await started.browser.newContext({ viewport: { width: 1280, height: 900 } })
	const page = await context.newPage()
	const response = await page.goto(`${started.dashboard.url}/status`)
	expect(response?.status()).toBe(200)
	expect(new URL(page.url()).pathname).toBe('/status')
	expect(await page.getAttribute('.overall', 'data-status')).toBe('degraded')
	expect(await page.textContent('.overall')).toContain('Malta Gaming Authority is past the freshness SLA')
	expect(await page.locator('table.status-table tbody tr').count()).toBe(7)
	const mga = page.locator('tr[data-jurisdiction="MGA"]')
	expect(await mga.locator('.status').textContent()).toBe('Stale')
	expect(await mga.locator('.timeline .day').count()).toBe(30)
	expect(await mga.locator('.timeline .day.stale').count()).toBe(2)
	const ukgc = page.locator('tr[data-jurisdiction="UKGC"]')
	expect(await ukgc.locator('.status').textContent()).toBe('Fresh')
	expect(await ukgc.locator('.timeline .day.read_failures').count()).toBe(1)
	// The stylesheet applies under the page's CSP: a stale day is drawn red, a quiet day green.
	expect(
		await mga
			.locator('.timeline .day.stale')
			.first()
			.evaluate((cell) => getComputedStyle(cell).backgroundColor)
	).toBe('rgb(217, 83, 79)')
	expect(
		await ukgc
			.locator('.timeline .day.operational')
			.first()
			.evaluate((cell) => getComputedStyle(cell).backgroundColor)
	).toBe('rgb(124, 196, 154)')
	const incidents = await page.locator('.incidents li').allTextContents()
	expect(incidents).toHaveLength(2)
	expect(incidents[0]).toContain('Malta Gaming Authority: Past its freshness SLA')
	expect(incidents[1]).toContain('UK Gambling Commission: Read failed (http_status)')
	await screenshot(page, 'status-page')
	await context.close()
})
