import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type NatsHandle, REPO_ROOT, type TestDatabase, createTestDatabase, freePort, startNats, waitFor } from '@lv/testing'
import { type Stage, copyBuildContext, parseDockerfile, parseDockerignore, stageEnv } from './image-steps.ts'

/**
 * No image builder runs here, so the image's content is built as the Dockerfile builds it: the build
 * context .dockerignore lets through, copied into a clean directory outside the repository (so nothing
 * resolves from the repository's own node_modules), then the install stage's RUN steps (bun's package
 * cache is reused). Every service then starts from that directory with the runtime stage's environment.
 */
const stages = parseDockerfile(await Bun.file(join(REPO_ROOT, 'Dockerfile')).text())
const stage = (name: string): Stage => {
	const found = stages.find((each) => each.name === name)
	if (!found) throw new Error(`Dockerfile has no stage ${name}`)
	return found
}
const root = mkdtempSync(join(tmpdir(), 'lv-image-'))
const app = join(root, 'app')
const WEBHOOK_SECRET_KEY = Buffer.alloc(32, 7).toString('base64')
const SERVICES: { name: string; env: Record<string, string> }[] = [
	{ name: 'gateway', env: { WEBHOOK_SECRET_KEY } },
	{ name: 'checker', env: {} },
	{ name: 'reader', env: { READER_JURISDICTIONS: 'UKGC' } },
	{ name: 'notifier', env: { WEBHOOK_SECRET_KEY } },
	{ name: 'exporter', env: { EXPORTER_PREBUILD: 'false' } },
	{ name: 'dashboard', env: { DASHBOARD_MAIL_URL: `file://${join(root, 'mail')}` } }
]

let db: TestDatabase
let nats: NatsHandle
const children: ReturnType<typeof Bun.spawn>[] = []

beforeAll(async () => {
	const install = stage('install')
	expect(install.instructions.filter((step) => step.op === 'COPY').map((step) => step.args)).toEqual(['. .'])
	copyBuildContext(REPO_ROOT, app, parseDockerignore(await Bun.file(join(REPO_ROOT, '.dockerignore')).text()))
	for (const step of install.instructions.filter((each) => each.op === 'RUN')) {
		const run = Bun.spawnSync(['sh', '-c', step.args], {
			cwd: app,
			env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root' },
			stderr: 'pipe',
			stdout: 'pipe'
		})
		if (run.exitCode !== 0) throw new Error(`RUN ${step.args} failed: ${run.stderr.toString()}`)
	}
	;[db, nats] = await Promise.all([createTestDatabase(), startNats({ users: true })])
}, 120_000)

afterAll(async () => {
	for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
	await nats?.stop()
	await db?.drop()
	rmSync(root, { recursive: true, force: true })
})

describe('the image (Dockerfile steps run into a clean directory)', () => {
	test('holds the production dependencies only, and no test or tooling file', () => {
		for (const dependency of ['postgres', 'elysia', '@nats-io/transport-node'])
			expect(existsSync(join(app, 'node_modules', dependency))).toBe(true)
		for (const devDependency of ['typescript', 'playwright-core', 'kubernetes-models', 'fast-check'])
			expect(existsSync(join(app, 'node_modules', devDependency))).toBe(false)
		const tests = [...new Bun.Glob('**/*.test.ts').scanSync({ cwd: app })].filter((path) => !path.includes('node_modules/'))
		expect(tests).toEqual([])
		for (const absent of ['tests', 'bench', 'docs', 'deploy', 'scripts', 'packages/testing/src'])
			expect(existsSync(join(app, absent))).toBe(false)
	})

	test('the runtime stage runs as a non-root user', () => {
		const user = stage('runtime').instructions.findLast((step) => step.op === 'USER')?.args ?? 'root'
		expect(user).toMatch(/^[1-9]\d*:[1-9]\d*$/)
	})

	test('migrations run from it, then every service starts from it and reports ready', async () => {
		const runtimeEnv = stageEnv(stage('runtime'))
		const baseEnv = { PATH: process.env.PATH ?? '', ...runtimeEnv, DATABASE_URL: db.url, NATS_URL: nats.url, LOG_LEVEL: 'error' }
		const migrate = Bun.spawnSync(['bun', 'packages/db/src/migrate-cli.ts'], { cwd: app, env: baseEnv, stderr: 'pipe' })
		expect({ exitCode: migrate.exitCode, stderr: migrate.stderr.toString() }).toEqual({ exitCode: 0, stderr: '' })

		const started = await Promise.all(
			SERVICES.map(async (service) => {
				const healthPort = await freePort()
				const credentials = nats.credentials?.[service.name as keyof NonNullable<NatsHandle['credentials']>]
				const child = Bun.spawn(['bun', `services/${service.name}/src/main.ts`], {
					cwd: app,
					env: {
						...baseEnv,
						HEALTH_PORT: String(healthPort),
						PORT: String(await freePort()),
						...(credentials ? { NATS_USER: credentials.user, NATS_PASSWORD: credentials.pass } : {}),
						...service.env
					},
					stdout: 'ignore',
					stderr: 'pipe'
				})
				children.push(child)
				return { name: service.name, child, healthPort }
			})
		)
		for (const service of started) {
			const ready = await waitFor(
				async () => {
					if (service.child.exitCode !== null) return 'exited'
					return (await fetch(`http://127.0.0.1:${service.healthPort}/readyz`).then(
						(response) => response.ok,
						() => false
					))
						? 'ready'
						: undefined
				},
				{ what: `${service.name} from the image to be ready`, timeoutMs: 60_000, intervalMs: 200 }
			)
			const stderr = ready === 'exited' ? await new Response(service.child.stderr).text() : ''
			expect({ service: service.name, ready, stderr }).toEqual({ service: service.name, ready: 'ready', stderr: '' })
		}
		for (const service of started) service.child.kill('SIGTERM')
		expect(await Promise.all(started.map((service) => service.child.exited))).toEqual(started.map(() => 0))
	}, 120_000)
})
