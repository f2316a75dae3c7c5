import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, type TestDatabase, createTestDatabase, freePort, startNats, waitFor } from '@lv/testing'

const SERVICES = ['gateway', 'checker', 'reader', 'notifier', 'exporter', 'dashboard']
	.map((name) => ({ name, entry: join(REPO_ROOT, 'services', name, 'src', 'main.ts') }))
	.filter((service) => existsSync(service.entry))

const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root' })

async function runToExit(entry: string, env: Record<string, string>) {
	const child = Bun.spawn(['bun', entry], { env: { ...baseEnv(), ...env }, stdout: 'pipe', stderr: 'pipe' })
	const exited = await Promise.race([child.exited, Bun.sleep(15_000).then(() => 'timeout' as const)])
	if (exited === 'timeout') child.kill('SIGKILL')
	return { code: exited, output: `${await new Response(child.stdout).text()}${await new Response(child.stderr).text()}` }
}

describe('every service process', () => {
	for (const service of SERVICES) {
		test(`${service.name}: missing and invalid variables exit non-zero naming every bad one`, async () => {
			const { code, output } = await runToExit(service.entry, { HEALTH_PORT: 'not-a-port', LOG_LEVEL: 'loud' })
			expect(code).not.toBe(0)
			expect(code).not.toBe('timeout')
			for (const variable of ['DATABASE_URL', 'NATS_URL', 'HEALTH_PORT', 'LOG_LEVEL']) expect(output).toContain(variable)
		})
	}
})

describe('gateway start with dependencies down', () => {
	let db: TestDatabase | undefined
	afterAll(async () => {
		await db?.drop()
	})

	test('waits with backoff reporting not-ready, then becomes ready once NATS appears, and stops on SIGTERM', async () => {
		db = await createTestDatabase()
		const natsPort = await freePort()
		const healthPort = await freePort()
		const apiPort = await freePort()
		const child = Bun.spawn(['bun', join(REPO_ROOT, 'services/gateway/src/main.ts')], {
			env: {
				...baseEnv(),
				DATABASE_URL: db.url,
				NATS_URL: `nats://127.0.0.1:${natsPort}`,
				WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
				HEALTH_PORT: String(healthPort),
				PORT: String(apiPort),
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
			expect(child.exitCode).toBeNull()
			const nats = await startNats({ port: natsPort })
			try {
				await waitFor(async () => (await readyz()) === 200, { what: 'readyz to answer 200', timeoutMs: 30_000 })
				const health = await fetch(`http://127.0.0.1:${apiPort}/v1/health`)
				expect(health.status).toBe(200)
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
