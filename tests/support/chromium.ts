import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'
import { freePort } from '@lv/testing'
import type { Harness } from '../../services/dashboard/src/test-support/harness.ts'

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
