import type { Browser } from 'playwright-core'

let shared: Promise<Browser> | undefined

/**
 * The run's one browser: launched by the first file that asks (again if it has gone), so the browser
 * test files no longer each pay for a launch and a close. Files run one after another; each closes the
 * contexts it opened.
 */
export async function sharedBrowser(launch: () => Promise<Browser>): Promise<Browser> {
	const running = await shared?.catch(() => undefined)
	if (running?.isConnected()) return running
	shared = launch()
	return shared
}

export async function closeSharedBrowser(): Promise<void> {
	const running = await shared?.catch(() => undefined)
	shared = undefined
	await running?.close()
}
