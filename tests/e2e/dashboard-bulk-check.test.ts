import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import type { Consumption } from '@lv/bus'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { metricValue } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../services/checker/src/test-support/checker-harness.ts'
import { seedAcmeRegister } from '../../services/dashboard/src/test-support/acme-register.ts'
import { handleBatch, startBulkWorker } from '../../services/dashboard/src/bulk/worker.ts'
import { createDashboardMetrics } from '../../services/dashboard/src/metrics.ts'
import { type Harness, startHarness } from '../../services/dashboard/src/test-support/harness.ts'
import { readCsvObjects } from '../../services/exporter/src/test-support/csv-reader.ts'
import { accountWithKey, bearer } from '../../services/gateway/src/test-support/accounts.ts'
import {
	type ListeningDashboard,
	chromiumForFile,
	closeContexts,
	listenDashboard,
	signUpInChromium,
	screenshot
} from '../support/chromium.ts'

const EMAIL = 'compliance@partner.example'

let h: Harness
let checker: TestChecker
let worker: Consumption | undefined
let browser: Browser
let server: ListeningDashboard

beforeAll(async () => {
	h = await startHarness()
	await seedAcmeRegister(h.db.sql, h.clock.now())
	checker = await startTestChecker({ sql: h.db.sql, natsUrl: h.natsUrl, clock: h.clock })
	server = await listenDashboard(h)
	browser = await chromiumForFile()
}, 60_000)

afterAll(async () => {
	await closeContexts(browser)
	await server?.stop()
	await worker?.stop()
	await checker?.stop()
	await h?.stop()
})

const shot = (page: Page, name: string) => screenshot(page, `bulk-${name}`)

const DOMAINS = 5_000

/** 5,000 distinct domains as a CSV with a header, a duplicate, a URL with a path, a blank line and a formula cell. */
function uploadCsv(): Buffer {
	const lines = [
		'domain,notes',
		'https://www.acmebet.co.uk/welcome,affiliate 1',
		'acmebet.co.uk,',
		'acmebet.co.uk,again',
		'',
		"=cmd|' /C calc'!A0,bad"
	]
	for (let index = 0; lines.length < DOMAINS + 4; index++) lines.push(`partner-site-${index}.example,`)
	return Buffer.from(`${lines.join('\r\n')}\r\n`)
}

/**
 * A /v1/check call as its status alone when it is an answer; anything else (a refusal under load) with its whole
 * body, request id and Retry-After, so a failure names what the gateway said (Enterprise has no rate or quota limit).
 */
const answeredOrRefused = (response: Response, answer: { query?: unknown }) =>
	response.status === 200 && answer.query !== undefined
		? { status: 200 }
		: {
				status: response.status,
				answer,
				requestId: response.headers.get('x-request-id'),
				retryAfter: response.headers.get('retry-after')
			}

describe('bulk check in a real browser', () => {
	test('upload 5,000 domains, see the quota it will use, watch the progress bar reach 100 % without reloading, filter, open an answer and download a CSV that matches /v1/check', async () => {
		const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true })
		const page = await context.newPage()
		await signUpInChromium(page, h, server.url, EMAIL, 'pro')

		await page.click('nav >> text=Bulk check')
		expect(await page.textContent('[data-bulk-form]')).toContain('Up to 5,000 domains per job on your plan')
		await shot(page, '01-form')
		await page.setInputFiles('#file', { name: 'too-big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(9 * 1024 * 1024, 'a') })
		await page.click('button:has-text("Read the list")')
		expect(await page.textContent('#file-error')).toContain('the limit is 8 MB')
		expect(new URL(page.url()).pathname).toBe('/bulk')

		await page.setInputFiles('#file', { name: 'affiliates.csv', mimeType: 'text/csv', buffer: uploadCsv() })
		await Promise.all([page.waitForURL(/\/bulk\/[0-9a-f-]{36}$/), page.click('button:has-text("Read the list")')])
		const jobId = new URL(page.url()).pathname.split('/')[2] as string
		expect(await page.textContent('[data-calls]')).toBe('50')
		const report = await page.textContent('[data-report]')
		expect(report).toContain('header row domain,notes skipped')
		expect(report).toContain('1 duplicates skipped')
		expect(report).toContain("line 6: =cmd|' /C calc'!A0")
		await shot(page, '02-ready')

		// No worker runs yet: the batches wait in the work queue, and the page shows 0 %.
		await Promise.all([page.waitForURL(`${server.url}/bulk/${jobId}`), page.click('button:has-text("Start checking")')])
		expect(await page.getAttribute('#job-progress', 'value')).toBe('0')
		await page.evaluate(() => {
			;(window as unknown as { samePage: boolean }).samePage = true
		})
		const service = createServiceMetrics('dashboard', true)
		const metrics = createDashboardMetrics(service)
		for (let batch = 0; batch < 10; batch++)
			await handleBatch(
				{ sql: h.db.sql, bus: h.bus, clock: h.clock, logger: silentLogger, checkerTimeoutMs: 10_000, metrics },
				{ id: `t${batch}`, sent_at: h.clock.now().toISOString(), job_id: jobId, batch }
			)
		await page.waitForFunction(() => document.querySelector('[data-field=done]')?.textContent === '1,000')
		expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
		expect(await page.textContent('[data-field=percent]')).toBe('20')
		await shot(page, '03-progress')

		// A worker (re)starting picks the queued batches up; the page reloads itself once when the job ends.
		// Pro admits 20 calls a second: the test clock moves on a second at a time so refused batches get their next second.
		worker = await startBulkWorker({ sql: h.db.sql, bus: h.bus, clock: h.clock, logger: silentLogger, checkerTimeoutMs: 10_000, metrics })
		const ticking = setInterval(() => h.clock.advanceSeconds(1), 250)
		try {
			await page.waitForSelector('text=Done: all 5,000 domains checked.', { timeout: 60_000 })
		} finally {
			clearInterval(ticking)
		}
		expect(await page.getAttribute('#job-progress', 'value')).toBe('5000')
		expect(await page.textContent('[data-field=percent]')).toBe('100')
		expect(await page.textContent('[data-count=licensed]')).toBe('2')
		expect(await page.textContent('[data-count=not_found]')).toBe('4,998')
		await shot(page, '04-results')
		const [charged] = await h.db.sql<
			{ quota_count: number }[]
		>`SELECT quota_count FROM limit_counters lc JOIN dashboard_users u ON u.account_id = lc.subject WHERE u.email = ${EMAIL}`
		expect(charged?.quota_count).toBe(50)
		expect(await metricValue(service.registry, 'dashboard_bulk_check_entries_total')).toBe(5000)
		expect(await metricValue(service.registry, 'dashboard_bulk_check_batches_total')).toBe(50)
		expect(await metricValue(service.registry, 'dashboard_bulk_check_jobs_total', { outcome: 'finished' })).toBe(1)

		await page.selectOption('#verdict', 'licensed')
		await page.click('button:has-text("Filter")')
		expect(await page.locator('[data-results] tbody tr').count()).toBe(2)
		await shot(page, '05-filtered')
		await page.setViewportSize({ width: 375, height: 800 })
		await shot(page, '05-filtered-375')
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
		await page.setViewportSize({ width: 1200, height: 900 })
		await page.click('[data-results] a:has-text("www.acmebet.co.uk")')
		expect(JSON.parse((await page.textContent('[data-answer]')) ?? '{}')).toMatchObject({
			verdict: 'licensed',
			match: { operator: 'Acme Gaming' }
		})
		await shot(page, '06-answer')

		await page.goto(`${server.url}/bulk/${jobId}`)
		const [download] = await Promise.all([page.waitForEvent('download'), page.click('text=Download CSV')])
		const rows = readCsvObjects(readFileSync((await download.path()) as string, 'utf8'))
		expect(rows.length).toBe(DOMAINS)
		const { key } = await accountWithKey(h.db.sql, h.clock, 'enterprise')
		for (let start = 0; start < rows.length; start += 100) {
			await Promise.all(
				rows.slice(start, start + 100).map(async (row) => {
					const response = await h.gateway.handle(
						new Request(`http://api.localhost/v1/check?domain=${row.domain}`, { headers: bearer(key) })
					)
					const answer = await response.json()
					expect(answeredOrRefused(response, answer)).toEqual({ status: 200 })
					expect({
						domain: row.domain,
						verdict: row.verdict,
						detail: row.verdict_detail,
						operator: row.operator,
						licence: row.license_number
					}).toEqual({
						domain: answer.query.domain,
						verdict: answer.verdict,
						detail: answer.verdict_detail,
						operator: answer.match?.operator ?? '',
						licence: answer.match?.license_number ?? ''
					})
				})
			)
		}
		await context.close()
	}, 180_000)
})
