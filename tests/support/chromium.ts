import { afterAll, beforeAll } from 'bun:test'
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'
import { freePort } from '@lv/testing'
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
export async function launchChromium(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`apt-get install -y chromium\` (npm test installs it)`)
	return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
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
			await app.stop()
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
		started.browser = await launchChromium()
	}, 30_000)
	afterAll(async () => {
		await started.browser?.close()
		await started.dashboard?.stop()
		await started.h?.stop()
	})
	return started
}
