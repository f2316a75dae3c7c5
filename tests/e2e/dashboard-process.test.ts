import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { connectBus } from '@lv/bus'
import { STREAMS } from '@lv/contracts'
import { type NatsHandle, REPO_ROOT, type TestDatabase, createTestDatabase, freePort, startNats, waitFor } from '@lv/testing'

let db: TestDatabase | undefined
let nats: NatsHandle | undefined
afterAll(async () => {
	await nats?.stop()
	await db?.drop()
})

describe('dashboard process', () => {
	test('starts ready on its database and NATS (the bulk check worker), stays ready while BULK is missing and reports its bulk worker stopped until the worker created it again, serves pages with JSON logs, and stops cleanly on SIGTERM', async () => {
		;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
		const [port, healthPort] = [await freePort(), await freePort()]
		const child = Bun.spawn(['bun', join(REPO_ROOT, 'services/dashboard/src/main.ts')], {
			env: {
				PATH: process.env.PATH ?? '',
				HOME: process.env.HOME ?? '/root',
				DATABASE_URL: db.url,
				NATS_URL: nats.url,
				PORT: String(port),
				HEALTH_PORT: String(healthPort),
				APP_URL: `http://127.0.0.1:${port}`,
				API_BASE_URL: 'http://127.0.0.1:1',
				DASHBOARD_MAIL_URL: 'smtp://127.0.0.1:1'
			},
			stdout: 'pipe',
			stderr: 'pipe'
		})
		try {
			await waitFor(
				() =>
					fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
						(r) => r.status === 200,
						() => false
					),
				{
					what: 'dashboard readyz',
					timeoutMs: 20_000
				}
			)
			const readyz = async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => null))?.status
			const bulkWorkerRunning = async () =>
				(await (await fetch(`http://127.0.0.1:${healthPort}/metrics`)).text()).match(
					/^dashboard_bulk_worker_running(?:\{[^}]*\})? (\d)$/m
				)?.[1]
			expect(await bulkWorkerRunning()).toBe('1')
			const bus = await connectBus({ servers: nats.url, name: 'dashboard-process-test' })
			try {
				await bus.jsm.streams.delete(STREAMS.BULK.name)
				await waitFor(async () => (await bulkWorkerRunning()) === '0', {
					what: 'the bulk worker reported stopped while BULK is missing',
					timeoutMs: 20_000
				})
				// The pages stay in rotation: a bulk worker that cannot run leaves sign-in, keys and webhooks working (ADR 0092).
				expect(await readyz()).toBe(200)
				await waitFor(async () => (await bulkWorkerRunning()) === '1', {
					what: 'the bulk worker running again',
					timeoutMs: 30_000,
					intervalMs: 100
				})
				expect((await bus.jsm.streams.info(STREAMS.BULK.name)).config.subjects).toEqual(STREAMS.BULK.subjects)
			} finally {
				await bus.close()
			}
			const home = await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' })
			expect(home.status).toBe(303)
			expect(home.headers.get('location')).toBe('/sign-in')
			const signIn = await fetch(`http://127.0.0.1:${port}/sign-in`)
			expect(signIn.status).toBe(200)
			expect(signIn.headers.get('content-security-policy')).toContain("default-src 'self'")
			const css = await fetch(`http://127.0.0.1:${port}/assets/dashboard.css`)
			expect(css.headers.get('content-type')).toContain('text/css')
			child.kill('SIGTERM')
			expect(await child.exited).toBe(0)
			const lines = (await new Response(child.stdout).text()).trim().split('\n')
			const logged = lines.map((line) => JSON.parse(line) as { level: string; msg: string; service: string })
			expect(logged.map((entry) => entry.msg)).toEqual(expect.arrayContaining(['listening', 'shutting down', 'stopped']))
			expect(logged.every((entry) => entry.service === 'dashboard')).toBe(true)
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL')
		}
	}, 60_000)
})
