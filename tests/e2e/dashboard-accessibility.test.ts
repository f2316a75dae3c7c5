import { describe, expect, test } from 'bun:test'
import { checkBatchesNow } from '../../services/dashboard/src/test-support/bulk-checking.ts'
import { endpointWithDeliveredEvent } from '../../services/dashboard/src/test-support/webhook-delivery.ts'
import type { Page } from 'playwright-core'
import { bulkCheckingInChromiumPerFile, screenshot, signUpInChromium, textWhenShown } from '../support/chromium.ts'

const stack = bulkCheckingInChromiumPerFile()

/** Form controls a screen reader cannot name: no label[for], no wrapping label, no aria-label(ledby), no text. */
const unlabelledControls = (page: Page) =>
	page.evaluate(() => {
		const named = (element: Element) => {
			const aria = element.getAttribute('aria-label')?.trim() || element.getAttribute('aria-labelledby')?.trim()
			if (aria) return true
			if (element.id && document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent?.trim()) return true
			if (element.closest('label')?.textContent?.trim()) return true
			return element.tagName === 'BUTTON' && (element.textContent ?? '').trim() !== ''
		}
		return [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
			.filter((element) => !named(element))
			.map((element) => element.outerHTML.slice(0, 160))
	})

const positiveTabindex = (page: Page) =>
	page.evaluate(() =>
		[...document.querySelectorAll('[tabindex]')]
			.filter((element) => Number(element.getAttribute('tabindex')) > 0)
			.map((element) => element.outerHTML.slice(0, 120))
	)

const hasFocusVisibleRule = (page: Page) =>
	page.evaluate(() =>
		[...document.styleSheets].some((sheet) =>
			[...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && rule.selectorText.includes(':focus-visible'))
		)
	)

type Stop = { label: string; top: number; bottom: number; left: number; right: number; outlined: boolean }

/** Presses Tab through the page and records where focus lands and whether it shows an outline or ring. */
async function tabStops(page: Page, max = 120): Promise<Stop[]> {
	await page.evaluate(() => {
		;(document.activeElement as HTMLElement | null)?.blur()
		window.scrollTo(0, 0)
	})
	const stops: Stop[] = []
	for (let press = 0; press < max; press++) {
		await page.keyboard.press('Tab')
		const stop = await page.evaluate(() => {
			const element = document.activeElement
			if (!element || element === document.body) return null
			const box = element.getBoundingClientRect()
			const style = getComputedStyle(element)
			return {
				label: `${element.tagName.toLowerCase()} ${(element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 40)}`,
				top: box.top + window.scrollY,
				bottom: box.bottom + window.scrollY,
				left: box.left + window.scrollX,
				right: box.right + window.scrollX,
				outlined: (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
			}
		})
		if (!stop || (stops.length > 0 && stop.label === stops[0]?.label && stop.top === stops[0]?.top)) break
		stops.push(stop)
	}
	return stops
}

/**
 * Pairs where the tab order leaves the visual order: focus moves up the page other than into a column to
 * the right (the next card of a grid), or back left along the same line.
 */
function outOfOrder(stops: readonly Stop[]): string[] {
	const problems: string[] = []
	for (let index = 1; index < stops.length; index++) {
		const [before, after] = [stops[index - 1] as Stop, stops[index] as Stop]
		const below = after.top >= before.bottom - 4
		const sameLine = after.top < before.bottom && after.bottom > before.top
		const nextColumn = after.left >= before.right - 4
		if (!below && !nextColumn && !(sameLine && after.left >= before.left - 4)) problems.push(`${before.label} → ${after.label}`)
	}
	return problems
}

/** A finished bulk job with licensed answers and a webhook endpoint with one delivery, so their pages have rows. */
async function seedPages(accountId: string, page: Page) {
	await page.goto(`${stack.dashboard.url}/bulk`)
	await page.fill('#list', 'acmebet.co.uk\nunlisted.example')
	await page.click('button:has-text("Read the list")')
	await textWhenShown(page, '[data-calls]')
	const jobId = new URL(page.url()).pathname.split('/')[2] as string
	await Promise.all([page.waitForURL(`${stack.dashboard.url}/bulk/${jobId}`), page.click('button:has-text("Start checking")')])
	await checkBatchesNow(stack.h, jobId)
	const { endpointId } = await endpointWithDeliveredEvent(stack.h.db.sql, stack.h.clock, accountId)
	return [`/bulk/${jobId}`, `/bulk/${jobId}/entries/0`, `/webhooks/${endpointId}/deliveries`]
}

describe('dashboard accessibility in a real browser', () => {
	test('every signed-in page: each form control is labelled, no positive tabindex, tab order follows the page, focus is visible', async () => {
		const context = await stack.browser.newContext({ viewport: { width: 1200, height: 900 } })
		const page = await context.newPage()
		const accountId = await signUpInChromium(page, stack.h, stack.dashboard.url, 'a11y@partner.example', 'pro')
		const deeper = await seedPages(accountId, page)
		await page.goto(`${stack.dashboard.url}/keys`)
		const linked = await page.evaluate(() =>
			[...document.querySelectorAll('header a[href^="/"]')].map((link) => link.getAttribute('href') as string)
		)
		const paths = [...new Set([...linked.filter((path) => path !== '/'), ...deeper])]
		expect(paths.length).toBeGreaterThanOrEqual(8)

		const findings: Record<string, unknown> = {}
		for (const path of paths) {
			await page.goto(`${stack.dashboard.url}${path}`)
			const stops = await tabStops(page)
			const problems = {
				unlabelled: await unlabelledControls(page),
				positiveTabindex: await positiveTabindex(page),
				focusVisibleRule: await hasFocusVisibleRule(page),
				outOfOrder: outOfOrder(stops),
				noFocusStyle: stops.filter((stop) => !stop.outlined).map((stop) => stop.label)
			}
			expect(stops.length).toBeGreaterThan(3)
			await screenshot(page, `a11y${path.replace(/[0-9a-f-]{36}/g, 'id').replaceAll('/', '-')}`)
			if (
				problems.unlabelled.length ||
				problems.positiveTabindex.length ||
				!problems.focusVisibleRule ||
				problems.outOfOrder.length ||
				problems.noFocusStyle.length
			)
				findings[path] = problems
		}
		expect(findings).toEqual({})
		await context.close()
	}, 120_000)
})
