import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { REPO_ROOT, type TestDatabase, createTestDatabase, freePort, startNats, waitFor } from '@lv/testing'

describe('exporter process', () => {
	let db: TestDatabase | undefined
	afterAll(async () => {
		await db?.drop()
	})

	test('waits for NATS reporting not-ready, becomes ready and answers once it appears, and stops on SIGTERM', async () => {
		db = await createTestDatabase()
		const natsPort = await freePort()
		const healthPort = await freePort()
		const child = Bun.spawn(['bun', join(REPO_ROOT, 'services/exporter/src/main.ts')], {
			env: {
				PATH: process.env.PATH ?? '',
				HOME: process.env.HOME ?? '/root',
				DATABASE_URL: db.url,
				NATS_URL: `nats://127.0.0.1:${natsPort}`,
				HEALTH_PORT: String(healthPort),
				LOG_LEVEL: 'error'
			},
			stdout: 'ignore',
			stderr: 'ignore'
		})
		try {
			const readyz = () =>
				fetch(`http://127.0.0.1:${healthPort}/readyz`).then(
					(r) => r.status,
					() => 0
				)
			await waitFor(async () => (await readyz()) === 503, { what: 'readyz to answer 503', timeoutMs: 15_000 })
			expect((await fetch(`http://127.0.0.1:${healthPort}/healthz`)).status).toBe(200)
			const nats = await startNats({ port: natsPort })
			try {
				await waitFor(async () => (await readyz()) === 200, { what: 'readyz to answer 200', timeoutMs: 30_000 })
				child.kill('SIGTERM')
				const code = await Promise.race([child.exited, Bun.sleep(15_000).then(() => 'timeout')])
				expect(code).toBe(0)
			} finally {
				await nats.stop()
			}
		} finally {
			if (child.exitCode === null) child.kill('SIGKILL')
		}
	})
})
