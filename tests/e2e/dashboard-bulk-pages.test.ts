import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { checkBatchesNow } from '../../services/dashboard/src/test-support/bulk-checking.ts'
import { bulkCheckingInChromiumPerFile, screenshot, signUpInChromium, textWhenShown, widthAt375 } from '../support/chromium.ts'

const stack = bulkCheckingInChromiumPerFile()

/** The line numbers of the results table's rows, in order. */
const linesShown = (page: Page) => page.locator('[data-results] tbody tr td:first-child').allTextContents()

const lines = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, index) => String(first + index))

describe('bulk check result pages in a real browser', () => {
	test('without JavaScript at 375 px: filter the results of a finished job and page through them with First, Previous, Next and Last', async () => {
		const context = await stack.browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false })
		const page = await context.newPage()
		await signUpInChromium(page, stack.h, stack.dashboard.url, 'pages@partner.example', 'pro')
		await page.goto(`${stack.dashboard.url}/bulk`)
		await page.fill('#list', ['acmebet.co.uk', ...Array.from({ length: 249 }, (_, index) => `page-site-${index}.example`)].join('\n'))
		await page.click('button:has-text("Read the list")')
		expect(await textWhenShown(page, '[data-calls]')).toBe('3')
		const jobId = new URL(page.url()).pathname.split('/')[2] as string
		await page.click('button:has-text("Start checking")')
		await checkBatchesNow(stack.h, jobId, 3)
		await page.goto(`${stack.dashboard.url}/bulk/${jobId}`)
		expect(await textWhenShown(page, 'text=Done: all 250 domains checked.')).toContain('Done')

		await page.selectOption('#verdict', 'not_found')
		await page.click('button:has-text("Filter")')
		expect(await page.textContent('[data-matching]')).toBe('249 rows match; this page shows 100 of them, lines 2–101 of the list.')
		expect(await linesShown(page)).toEqual(lines(2, 101))
		expect(await page.locator('nav.pager a').allTextContents()).toEqual(['Next', 'Last'])
		expect(await widthAt375(page, 'bulk-pages-01-first-375')).toBeLessThanOrEqual(375)

		await page.click('nav.pager >> text=Next')
		expect(await linesShown(page)).toEqual(lines(102, 201))
		expect(await page.inputValue('#verdict')).toBe('not_found')
		expect(await page.locator('nav.pager a').allTextContents()).toEqual(['First', 'Previous', 'Next', 'Last'])
		expect(await widthAt375(page, 'bulk-pages-02-middle-375')).toBeLessThanOrEqual(375)

		await page.click('nav.pager >> text=Last')
		expect(await linesShown(page)).toEqual(lines(151, 250))
		await page.click('nav.pager >> text=Previous')
		expect(await linesShown(page)).toEqual(lines(51, 150))
		await page.click('nav.pager >> text=First')
		expect(await linesShown(page)).toEqual(lines(2, 101))

		await page.selectOption('#verdict', 'licensed')
		await page.click('button:has-text("Filter")')
		expect(await page.textContent('[data-matching]')).toBe('1 rows match; this page shows 1 of them, lines 1–1 of the list.')
		expect(await page.locator('nav.pager a').count()).toBe(0)
		await screenshot(page, 'bulk-pages-03-licensed-375')
		await context.close()
	}, 120_000)
})
