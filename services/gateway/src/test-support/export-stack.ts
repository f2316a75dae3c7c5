import { afterAll, beforeAll } from 'bun:test'
import { type Bus, connectBus, ensureStreams } from '@lv/bus'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type RunningExporter, startExporter } from '../../../exporter/src/exporter.ts'
import { TEST_EXPORTER_CONFIG } from '../../../exporter/src/test-support/exporter-config.ts'
import { testApp } from './gateway.ts'

export type ExportStack = { db: TestDatabase; nats: NatsHandle; bus: Bus; exporter: RunningExporter; app: ReturnType<typeof testApp> }

/**
 * For one test file: PostgreSQL seeded by `seed`, nats-server with the streams, an exporter that builds only on
 * request, and the gateway in front of them; stopped after the file's tests.
 */
export function exportStackPerFile(name: string, clock: Clock, seed: (sql: Sql) => Promise<void>): ExportStack {
	const env = {} as ExportStack
	beforeAll(async () => {
		;[env.db, env.nats] = await Promise.all([createTestDatabase(), startNats()])
		await seed(env.db.sql)
		env.bus = await connectBus({ servers: env.nats.url, name })
		await ensureStreams(env.bus)
		env.exporter = await startExporter({
			sql: env.db.sql,
			bus: env.bus,
			clock,
			logger: silentLogger,
			config: { ...TEST_EXPORTER_CONFIG, EXPORTER_PREBUILD: false }
		})
		env.app = testApp({ sql: env.db.sql, bus: env.bus, clock })
	})
	afterAll(async () => {
		await env.exporter?.stop()
		await env.bus?.close()
		await env.nats?.stop()
		await env.db?.drop()
	})
	return env
}
