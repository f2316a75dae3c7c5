import { afterAll, beforeAll } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import { type NatsHandle, startNats } from './nats.ts'
import { type TestDatabase, createTestDatabase } from './postgres.ts'

// Test files only: `bun:test` exists only under `bun test`, so these stay out of the index that benches import.
// Bun runs beforeAll and afterAll hooks in registration order: a file's own beforeAll after one of these sees
// the fields set, and a file's own afterAll runs after they are stopped.

const SETUP_TIMEOUT_MS = 60_000

/** A database of its own for the file's tests (`env.db`), dropped after them. */
export function databasePerFile(): { db: TestDatabase } {
	const env = {} as { db: TestDatabase }
	beforeAll(async () => {
		env.db = await createTestDatabase()
	}, SETUP_TIMEOUT_MS)
	afterAll(async () => {
		await env.db?.drop()
	})
	return env
}

/** A nats-server for the file's tests (`env.nats`), stopped after them; with `name`, a bus connected as that client. */
export function natsPerFile(): { nats: NatsHandle }
export function natsPerFile(name: string): { nats: NatsHandle; bus: Bus }
export function natsPerFile(name?: string): { nats: NatsHandle; bus?: Bus } {
	const env = {} as { nats: NatsHandle; bus?: Bus }
	beforeAll(async () => {
		env.nats = await startNats()
		if (name !== undefined) env.bus = await connectBus({ servers: env.nats.url, name })
	}, SETUP_TIMEOUT_MS)
	afterAll(async () => {
		await env.bus?.close()
		await env.nats?.stop()
	})
	return env
}

export type DatabaseAndNats = { db: TestDatabase; nats: NatsHandle }

/** A database and a nats-server for the file's tests, started together; with `name`, a bus connected as that client. */
export function databaseAndNatsPerFile(): DatabaseAndNats
export function databaseAndNatsPerFile(name: string): DatabaseAndNats & { bus: Bus }
export function databaseAndNatsPerFile(name?: string): DatabaseAndNats & { bus?: Bus } {
	const env = {} as DatabaseAndNats & { bus?: Bus }
	beforeAll(async () => {
		;[env.db, env.nats] = await Promise.all([createTestDatabase(), startNats()])
		if (name !== undefined) env.bus = await connectBus({ servers: env.nats.url, name })
	}, SETUP_TIMEOUT_MS)
	afterAll(async () => {
		await env.bus?.close()
		await env.nats?.stop()
		await env.db?.drop()
	})
	return env
}
