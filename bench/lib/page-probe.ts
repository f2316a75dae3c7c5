/**
 * What a person watching a bulk job does to the dashboard: the page's script polls
 * `GET /bulk/{id}/progress` one second after each answer (dashboard.js), and the person loads the
 * whole page again every `reloadEveryMs` (clicking through, reloading). Each loop waits for its
 * answer before the next request, as one browser tab does; each page load is kept with its start.
 */
export type PageLoad = { startedAtMs: number; ms: number }
export type PageProbe = { stop: () => Promise<{ pageLoads: PageLoad[]; polls: number; failures: number }> }

export function startPageProbe(options: { pageUrl: string; cookie: string; reloadEveryMs: number }): PageProbe {
	let running = true
	const pageLoads: PageLoad[] = []
	let polls = 0
	let failures = 0
	const headers = { cookie: options.cookie }
	const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
	const get = async (url: string, accept: string) => {
		const response = await fetch(url, { headers: { ...headers, accept } })
		await response.arrayBuffer()
		if (!response.ok) failures++
	}
	const reloads = (async () => {
		while (running) {
			const startedAtMs = Date.now()
			const started = performance.now()
			await get(options.pageUrl, 'text/html')
			pageLoads.push({ startedAtMs, ms: performance.now() - started })
			await pause(options.reloadEveryMs)
		}
	})()
	const polling = (async () => {
		while (running) {
			await pause(1000)
			await get(`${options.pageUrl}/progress`, 'application/json')
			polls++
		}
	})()
	return {
		stop: async () => {
			running = false
			await Promise.all([reloads, polling])
			return { pageLoads, polls, failures }
		}
	}
}

/** The nearest-rank percentile of `values` (p in 0–100). */
export function percentile(values: readonly number[], p: number): number {
	if (values.length === 0) return Number.NaN
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}
