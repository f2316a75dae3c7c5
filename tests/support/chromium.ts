import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

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

/** Headless Debian chromium driven by playwright-core (never a downloaded browser). */
export async function launchChromium(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`apt-get install -y chromium\` (npm test installs it)`)
	return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}
