import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Download, Page } from 'playwright-core'
import { seedAcmeRegister } from '../../services/dashboard/src/test-support/acme-register.ts'
import { type BulkChecking, jobFinished, startBulkChecking } from '../../services/dashboard/src/test-support/bulk-checking.ts'
import { dashboardInChromiumPerFile, screenshot, signUpInChromium, textWhenShown } from '../support/chromium.ts'

const started = dashboardInChromiumPerFile()
let checking: BulkChecking

beforeAll(async () => {
	await seedAcmeRegister(started.h.db.sql, started.h.clock.now())
	checking = await startBulkChecking(started.h)
}, 30_000)

afterAll(async () => {
	await checking?.stop()
})

/** The downloaded file's text as pdftotext (poppler-utils) reads it, after checking it is a PDF at all. */
async function pdfText(download: Download): Promise<string> {
	const path = (await download.path()) as string
	expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-')
	const read = Bun.spawnSync(['pdftotext', '-layout', path, '-'])
	expect(read.exitCode).toBe(0)
	return read.stdout.toString()
}

const pressEvidence = (page: Page, domain: string) =>
	Promise.all([page.waitForEvent('download'), page.click(`button[aria-label="Evidence (PDF) for ${domain}"]`)]).then(
		([download]) => download
	)

describe('Evidence (PDF) in a real browser', () => {
	test('a bulk result row and an answer page each download a signed check report whose text names the domain and the verdict', async () => {
		const { h, dashboard, browser } = started
		const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true })
		const page = await context.newPage()
		await signUpInChromium(page, h, dashboard.url, 'evidence@partner.example', 'pro')

		await page.goto(`${dashboard.url}/bulk`)
		await page.fill('#list', 'acmebet.co.uk\nunknown-site.example')
		await Promise.all([page.waitForURL(/\/bulk\/[0-9a-f-]{36}$/), page.click('button:has-text("Read the list")')])
		const jobUrl = page.url()
		await Promise.all([page.waitForURL(jobUrl), page.click('button:has-text("Start checking")')])
		expect(await jobFinished(h.db.sql, new URL(jobUrl).pathname.split('/')[2] as string)).toBe('done')
		await page.goto(jobUrl)
		expect(await textWhenShown(page, '[data-evidence-note]')).toContain('not the job')
		await screenshot(page, 'evidence-01-results')

		const fromRow = await pressEvidence(page, 'acmebet.co.uk')
		expect(fromRow.suggestedFilename()).toMatch(/^evidence-acmebet\.co\.uk-ev_[0-9A-Z]{26}\.pdf$/)
		const rowText = await pdfText(fromRow)
		expect(rowText).toContain('acmebet.co.uk')
		expect(rowText).toContain('Verdict: licensed')
		expect(page.url()).toBe(jobUrl)

		await page.click('[data-results] a:has-text("unknown-site.example")')
		await page.waitForSelector('[data-answer]')
		await screenshot(page, 'evidence-02-answer')
		const answerText = await pdfText(await pressEvidence(page, 'unknown-site.example'))
		expect(answerText).toContain('unknown-site.example')
		expect(answerText).toContain('Verdict: not_found')

		const [records] = await h.db.sql<{ n: number }[]>`
			SELECT count(*)::int AS n FROM evidence_records e JOIN dashboard_users u ON u.account_id = e.account_id
			WHERE u.email = 'evidence@partner.example'`
		expect(records?.n).toBe(2)
		await context.close()
	}, 120_000)
})
