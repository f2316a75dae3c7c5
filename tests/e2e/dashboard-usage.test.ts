import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { issueApiKey } from '@lv/accounts'
import { type UsageCount, recordUsage } from '@lv/quota'
import { dashboardInChromiumPerFile, screenshot, signUpInChromium, textWhenShown, widthAt375 } from '../support/chromium.ts'

const started = dashboardInChromiumPerFile()

beforeAll(() => {
	started.h.clock.set('2026-11-18T10:00:00.000Z')
})

type DayRow = { date: string; calls: number; refusals: number }
type ApiMonth = { month: string; calls: number; refusals: number; days: DayRow[] }

/** October and 17 days of November on a key named Production, some refused: a chart with something to draw. */
function seededCounts(accountId: string, keyId: string): UsageCount[] {
	const counts: UsageCount[] = []
	for (let day = 1; day <= 31; day++)
		counts.push({ accountId, keyId, day: `2026-10-${String(day).padStart(2, '0')}`, outcome: 'call', count: 300 + ((day * 37) % 120) })
	for (let day = 1; day <= 17; day++) {
		const date = `2026-11-${String(day).padStart(2, '0')}`
		counts.push({ accountId, keyId, day: date, outcome: 'call', count: 350 + ((day * 53) % 160) })
		if (day % 5 === 0) counts.push({ accountId, keyId, day: date, outcome: 'per_second_limit_exceeded', count: day })
	}
	return counts
}

/** The numbers of a month's daily table as the page shows them (thousands separators removed). */
async function tableDays(page: Page, month: string): Promise<DayRow[]> {
	return page.$$eval(`table[data-usage-days][data-month="${month}"] tbody tr`, (rows) =>
		rows.map((row) => {
			const cells = [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/,/g, '').trim())
			return { date: cells[0] ?? '', calls: Number(cells[1]), refusals: Number(cells[2]) }
		})
	)
}

describe('the usage page in a real browser', () => {
	test('draws the daily calls with uPlot over tables whose numbers are the API’s, lists keys and refusals, and fits 375 px', async () => {
		const { h, dashboard: server, browser } = started
		const context = await browser.newContext({ viewport: { width: 1200, height: 900 } })
		const page = await context.newPage()
		const accountId = await signUpInChromium(page, h, server.url, 'usage@partner.example', 'pro')
		const production = await issueApiKey(h.db.sql, h.clock, accountId, 'Production')
		// A key of the account merely named like the dashboard's own keys stays its own row.
		const lookalike = await issueApiKey(h.db.sql, h.clock, accountId, 'dashboard: usage')
		await recordUsage(h.db.sql, seededCounts(accountId, production.id))
		for (const key of [production.key, production.key, production.key, lookalike.key]) {
			const answer = await h.gateway.handle(
				new Request('http://api.localhost/v1/watchlist', { headers: { authorization: `Bearer ${key}` } })
			)
			expect(answer.status).toBe(200)
		}

		await page.click('nav >> text=Usage')
		expect(await page.getAttribute('nav a[href="/usage"]', 'aria-current')).toBe('page')
		await page.waitForSelector('[data-usage-chart] canvas', { state: 'visible' })
		expect(await page.locator('[data-chart-target][data-chart-drawn] canvas').count()).toBeGreaterThan(0)
		expect(await page.getAttribute('[data-chart-target]', 'aria-hidden')).toBe('true')
		// The chart adds nothing to the focus order: keyboard users go from the nav to the tables' month links.
		expect(await page.locator('[data-usage-chart] :is(a, button, input, [tabindex]:not([tabindex="-1"]))').count()).toBe(0)
		const shownNovember = await tableDays(page, '2026-11')
		const shownOctober = await tableDays(page, '2026-10')
		expect(await textWhenShown(page, '[data-usage-month="2026-11"] [data-usage-keys]')).toContain('Production')
		const keysShown = await textWhenShown(page, '[data-usage-month="2026-11"] [data-usage-keys]')
		expect(keysShown).toContain('Dashboard: usage')
		expect(keysShown).toContain(`dashboard: usage ${lookalike.displayPrefix}`)
		expect(await textWhenShown(page, '[data-usage-month="2026-11"] [data-usage-reasons]')).toContain('per_second_limit_exceeded')
		expect(await page.getAttribute('#quota-meter', 'aria-labelledby')).toBe('quota-heading')
		await screenshot(page, 'usage-01')

		// The API as the account, after the page: the same numbers, and today one call more (this one).
		const api = await h.gateway.handle(
			new Request('http://api.localhost/v1/usage', { headers: { authorization: `Bearer ${production.key}` } })
		)
		const body = (await api.json()) as { quota: { used: number; remaining: number }; months: ApiMonth[] }
		const [november, october] = body.months as [ApiMonth, ApiMonth]
		expect(shownOctober).toEqual(october.days)
		expect(shownNovember.slice(0, -1)).toEqual(november.days.slice(0, -1))
		expect(shownNovember.at(-1)).toEqual({ ...(november.days.at(-1) as DayRow), calls: (november.days.at(-1) as DayRow).calls - 1 })
		expect(shownNovember).toHaveLength(18)
		expect(Number((await page.textContent('[data-quota-used]'))?.replace(/,/g, ''))).toBe(body.quota.used - 1)

		expect(await widthAt375(page, 'usage-01-375')).toBeLessThanOrEqual(375)
		await context.close()
	}, 120_000)

	test('without JavaScript the tables carry the numbers and the chart stays hidden', async () => {
		const { h, dashboard: server, browser } = started
		const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, javaScriptEnabled: false })
		const page = await context.newPage()
		await signUpInChromium(page, h, server.url, 'nojs@partner.example', 'pro')
		await page.goto(`${server.url}/usage`)
		expect(await page.isHidden('[data-usage-chart]')).toBe(true)
		expect(await page.locator('canvas').count()).toBe(0)
		const november = await tableDays(page, '2026-11')
		expect(november).toHaveLength(18)
		expect(november.at(-1)).toMatchObject({ date: '2026-11-18', calls: 1 })
		expect(await page.locator('table[data-usage-days][data-month="2026-10"] tbody tr').count()).toBe(31)
		await screenshot(page, 'usage-02-no-javascript')

		await page.goto(`${server.url}/usage?month=2026-12`)
		expect(await textWhenShown(page, '.callout.error')).toContain('invalid_month')
		await context.close()
	}, 120_000)
})
