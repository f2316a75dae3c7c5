import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, REPO_ROOT, type TestDatabase, TMP_ROOT, createTestDatabase, startNats } from '@lv/testing'
import { createApp } from './app.ts'

let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let app: ReturnType<typeof createApp>
let document: { openapi: string; paths: Record<string, Record<string, unknown>> }

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	bus = await connectBus({ servers: nats.url, name: 'openapi-test' })
	app = createApp({
		sql: db.sql,
		bus,
		clock: new TestClock(),
		logger: silentLogger,
		config: { PUBLIC_BASE_URL: 'https://api.example.test', PRICING_URL: 'https://example.test/pricing', APP_URL: 'https://app.example.test', CHECKER_TIMEOUT_MS: 500, TRUSTED_PROXIES: '' }
	})
	document = await (await app.handle(new Request('http://localhost/openapi.json'))).json()
})

afterAll(async () => {
	await bus.close()
	await nats.stop()
	await db.drop()
})

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}')
const INTERNAL = new Set(['/openapi', '/openapi.json'])

describe('GET /openapi.json', () => {
	test('is an OpenAPI 3.1 document', () => {
		expect(document.openapi).toStartWith('3.1.')
	})

	test('documents every registered route', () => {
		const routes = app.routes.filter((route) => !INTERNAL.has(route.path) && route.method !== 'HEAD')
		expect(routes.length).toBeGreaterThan(0)
		for (const route of routes) {
			const item = document.paths[toOpenApiPath(route.path)]
			expect({ route: `${route.method} ${route.path}`, documented: item?.[route.method.toLowerCase()] !== undefined }).toEqual({
				route: `${route.method} ${route.path}`,
				documented: true
			})
		}
	})

	test('passes redocly lint with the recommended rules and zero errors', () => {
		const dir = mkdtempSync(join(TMP_ROOT, 'openapi-'))
		try {
			const file = join(dir, 'openapi.json')
			writeFileSync(file, JSON.stringify(document))
			const lint = Bun.spawnSync(['node', join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--extends=recommended', '--format=stylish', file], {
				env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
				stdout: 'pipe',
				stderr: 'pipe'
			})
			const output = `${lint.stdout.toString()}\n${lint.stderr.toString()}`
			expect({ exitCode: lint.exitCode, output: lint.exitCode === 0 ? '' : output }).toEqual({ exitCode: 0, output: '' })
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
	})
})
