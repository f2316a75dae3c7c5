import { afterAll, beforeAll } from 'bun:test'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, type Page, chromium } from 'playwright-core'
import { TMP_ROOT, freePort } from '@lv/testing'
import { sharedBrowser } from './shared-browser.ts'
import { confirmLinkFor } from '../../services/dashboard/src/test-support/browser-session.ts'
import { type TestChecker, startTestChecker } from '../../services/checker/src/test-support/checker-harness.ts'
import { seedAcmeRegister } from '../../services/dashboard/src/test-support/acme-register.ts'
import { type Harness, startHarness } from '../../services/dashboard/src/test-support/harness.ts'

const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync'
]

/** Debian's headless Chromium through playwright-core; never a downloaded browser. */
async function launchChromium(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`apt-get install -y chromium\` (npm test installs it)`)
	return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}

/** The run's one Chromium (shared-browser.ts): launched by the first file that asks, closed when the run ends. */
export const chromiumForFile = (): Promise<Browser> => sharedBrowser(launchChromium)

/** Closes every context the file opened, leaving the browser to the next file. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
	for (const context of browser?.contexts() ?? []) await context.close()
}

export type ListeningDashboard = { url: string; stop(): Promise<void> }

/** A harness dashboard listening on a free loopback port, its APP_URL that address. */
export async function listenDashboard(h: Harness, config: Parameters<Harness['dashboard']>[0] = {}): Promise<ListeningDashboard> {
	const port = await freePort()
	const url = `http://127.0.0.1:${port}`
	const app = h.dashboard({ APP_URL: url, ...config }).listen({ port, hostname: '127.0.0.1' })
	return {
		url,
		async stop() {
			// Open connections are closed too: a client still sending a body the dashboard refused unread (the
			// 100 MB upload) held a graceful stop for 30 s.
			await app.stop(true)
		}
	}
}

export type DashboardInChromium = { h: Harness; dashboard: ListeningDashboard; browser: Browser }

/** A harness, a dashboard listening on it and Chromium, started before the file's tests and stopped after them. */
export function dashboardInChromiumPerFile(config: Parameters<Harness['dashboard']>[0] = {}): DashboardInChromium {
	const started = {} as DashboardInChromium
	beforeAll(async () => {
		started.h = await startHarness()
		started.dashboard = await listenDashboard(started.h, config)
		started.browser = await chromiumForFile()
	}, 30_000)
	afterAll(async () => {
		await closeContexts(started.browser)
		await started.dashboard?.stop()
		await started.h?.stop()
	})
	return started
}

export type BulkCheckingInChromium = DashboardInChromium & { checker: TestChecker }

/**
 * A harness with the Acme register and a checker, a dashboard listening on it and Chromium, for a file's
 * tests. The test clock moves on a second every 100 ms, so a page's API calls as the account never meet
 * the per-second limit.
 */
export function bulkCheckingInChromiumPerFile(): BulkCheckingInChromium {
	const started = {} as BulkCheckingInChromium
	let ticking: ReturnType<typeof setInterval> | undefined
	beforeAll(async () => {
		started.h = await startHarness()
		await seedAcmeRegister(started.h.db.sql, started.h.clock.now())
		started.checker = await startTestChecker({ sql: started.h.db.sql, natsUrl: started.h.natsUrl, clock: started.h.clock })
		started.dashboard = await listenDashboard(started.h)
		started.browser = await chromiumForFile()
		ticking = setInterval(() => started.h.clock.advanceSeconds(1), 100)
	}, 60_000)
	afterAll(async () => {
		clearInterval(ticking)
		await closeContexts(started.browser)
		await started.dashboard?.stop()
		await started.checker?.stop()
		await started.h?.stop()
	})
	return started
}

/** Signs up through the pages and the mailed link, then moves the account to `plan`; returns its id. */
export async function signUpInChromium(page: Page, h: Harness, appUrl: string, email: string, plan: string): Promise<string> {
	await page.goto(`${appUrl}/sign-up`)
	await page.fill('#account_name', 'Partner Onboarding Ltd')
	await page.fill('#email', email)
	await page.fill('#password', 'correct horse battery staple')
	await page.click('button[type=submit]')
	await page.goto(confirmLinkFor(h.mailbox, email).href)
	await Promise.all([page.waitForURL(`${appUrl}/keys`), page.click('button:has-text("Create account")')]).catch(async (error) => {
		throw new Error(`sign-up did not reach /keys (${(error as Error).message.split('\n')[0]}). ${await whatThePageShows(page)}`)
	})
	const [account] = await h.db.sql<{ id: string }[]>`
		UPDATE accounts SET plan_code = ${plan} WHERE id = (SELECT account_id FROM dashboard_users WHERE email = ${email}) RETURNING id`
	return (account as { id: string }).id
}

/** The text of `selector` once it is shown; if it never is, the error names the page and quotes what it shows instead. */
export async function textWhenShown(page: Page, selector: string, timeout = 15_000): Promise<string> {
	try {
		return (await page.locator(selector).first().textContent({ timeout })) ?? ''
	} catch (error) {
		throw new Error(`${selector} was not shown (${(error as Error).message.split('\n')[0]}). ${await whatThePageShows(page)}`)
	}
}

async function whatThePageShows(page: Page): Promise<string> {
	const shown = await page.textContent('main', { timeout: 1_000 }).catch(() => null)
	return `${page.url()} shows: ${(shown ?? '(no main element)').replace(/\s+/g, ' ').trim().slice(0, 2_000)}`
}

const SCREENSHOTS = join(TMP_ROOT, 'screenshots')

/** A full-page screenshot at `.tmp/screenshots/<name>.png`; a capture Chromium refuses while a page is still loading is taken again once it has loaded. */
export async function screenshot(page: Page, name: string): Promise<void> {
	mkdirSync(SCREENSHOTS, { recursive: true })
	const options = { path: join(SCREENSHOTS, `${name}.png`), fullPage: true }
	await page.screenshot(options).catch(async () => {
		await page.waitForLoadState('load')
		await page.screenshot(options)
	})
}

/** Lays the page out 375 px wide, screenshots it as `<name>` and returns the document's width there (375 when it fits); the viewport is put back. */
export async function widthAt375(page: Page, name: string): Promise<number> {
	const before = page.viewportSize()
	await page.setViewportSize({ width: 375, height: 800 })
	await screenshot(page, name)
	const width = await page.evaluate(() => document.documentElement.scrollWidth)
	if (before) await page.setViewportSize(before)
	return width
}
