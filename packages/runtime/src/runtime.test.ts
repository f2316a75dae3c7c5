import { expect, test } from 'bun:test'
import { silentLogger } from '@lv/logger'
import { backoffDelay, retryWithBackoff, startHealthServer } from './index.ts'

test('backoff doubles from the initial delay up to the cap', () => {
	expect([1, 2, 3, 4, 10].map((attempt) => backoffDelay(attempt, 250, 1500))).toEqual([250, 500, 1000, 1500, 1500])
})

test('retryWithBackoff keeps trying until the task succeeds, waiting the backoff between tries', async () => {
	const waits: number[] = []
	let calls = 0
	const result = await retryWithBackoff(
		'connect',
		async () => {
			calls++
			if (calls < 4) throw new Error('down')
			return 'up'
		},
		silentLogger,
		{ initialMs: 100, maxMs: 300, sleep: async (ms) => void waits.push(ms) }
	)
	expect(result).toBe('up')
	expect(waits).toEqual([100, 200, 300])
})

test('the health server answers /healthz always and /readyz only when ready', async () => {
	let ready = false
	const server = startHealthServer(0, () => ready, '127.0.0.1')
	try {
		const base = `http://127.0.0.1:${server.port}`
		expect((await fetch(`${base}/healthz`)).status).toBe(200)
		expect((await fetch(`${base}/readyz`)).status).toBe(503)
		ready = true
		expect((await fetch(`${base}/readyz`)).status).toBe(200)
	} finally {
		server.stop()
	}
})
