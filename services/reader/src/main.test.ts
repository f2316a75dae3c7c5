import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { type Bus, connectBus } from '@lv/bus'
import { STREAMS } from '@lv/contracts'
import { type RegisterServer, startRegisterServer } from '@lv/register-server'
import { type NatsHandle, type TestDatabase, createTestDatabase, freePort, startNats, waitFor } from '@lv/testing'

let db: TestDatabase
let nats: NatsHandle
let server: RegisterServer
let bus: Bus
let child: ReturnType<typeof Bun.spawn>
let healthPort: number

beforeAll(async () => {
	db = await createTestDatabase()
	nats = await startNats()
	server = startRegisterServer()
	healthPort = await freePort()
	child = Bun.spawn(['bun', join(import.meta.dir, 'main.ts')], {
		env: {
			...process.env,
			DATABASE_URL: db.url,
			NATS_URL: nats.url,
			HEALTH_PORT: String(healthPort),
			LOG_LEVEL: 'warn',
			READER_JURISDICTIONS: 'UKGC,MGA,CW,KH,AN,TGC,IOM',
			READER_SOURCE_BASE_URL: server.url,
			READER_SOURCE_ALLOW_LIST: new URL(server.url).host,
			READER_RUN_ON_START: 'true',
			READER_OUTBOX_POLL_MS: '200'
		},
		stdout: 'ignore',
		stderr: 'pipe'
	})
})
afterAll(async () => {
	child.kill('SIGTERM')
	await child.exited
	await bus?.close()
	await server.stop()
	await nats.stop()
	await db.drop()
})

describe('reader process', () => {
	test('READER_RUN_ON_START reads every jurisdiction, publishes its events to EVENTS, is not ready while JOBS is missing until it has created it again, and stops on SIGTERM', async () => {
		const readyz = async () => (await fetch(`http://127.0.0.1:${healthPort}/readyz`).catch(() => null))?.status
		await waitFor(async () => (await readyz()) === 200, {
			what: 'the reader to be ready',
			timeoutMs: 30_000
		})
		await waitFor(
			async () =>
				(await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM register_status WHERE last_successful_read_at IS NOT NULL`)[0]!.n ===
				7,
			{ what: 'all seven registers read', timeoutMs: 60_000, intervalMs: 200 }
		)
		await waitFor(
			async () => (await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`)[0]!.n === 0,
			{
				what: 'the outbox relayed',
				timeoutMs: 30_000
			}
		)
		bus = await connectBus({ servers: nats.url, name: 'reader-main-test' })
		const [outbox] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox`
		const events = await bus.jsm.streams.info(STREAMS.EVENTS.name)
		expect(events.state.messages).toBe(outbox!.n)
		await waitFor(async () => (await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM verification_readings`)[0]!.n > 0, {
			what: 'TGC seals read',
			timeoutMs: 30_000
		})
		await bus.jsm.streams.delete(STREAMS.JOBS.name)
		await waitFor(async () => (await readyz()) === 503, { what: 'the reader not ready while JOBS is missing', timeoutMs: 20_000 })
		await waitFor(async () => (await readyz()) === 200, { what: 'the reader ready again', timeoutMs: 30_000, intervalMs: 100 })
		const jobs = await bus.jsm.streams.info(STREAMS.JOBS.name)
		expect(jobs.config.subjects).toEqual(STREAMS.JOBS.subjects)
		child.kill('SIGTERM')
		expect(await child.exited).toBe(0)
	})
})
