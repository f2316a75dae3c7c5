import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, waitFor } from '@lv/testing'
import { checkDomain } from '@lv/verdict'
import { IndexStore } from './index-store.ts'
import { listenForRegistryChanges } from './registry-listener.ts'
import { type LicenceFixture, registerFactory, seedOneListedDomain } from './test-support/register-factory.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T11:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let licence: LicenceFixture

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	bus = await connectBus({ servers: nats.url, name: 'registry-listener-test' })
	licence = await seedOneListedDomain(db.sql, READ_AT)
})

afterAll(async () => {
	await bus.close()
	await nats.stop()
	await db.drop()
})

describe('registry.changed listener', () => {
	test('a change committed while the checker was cut off from NATS is taken once it reconnects, without waiting for the poll', async () => {
		const store = new IndexStore({ sql: db.sql, logger: silentLogger, clock })
		await store.loadAll()
		const listener = listenForRegistryChanges(bus, store, silentLogger)
		const verdict = () => checkDomain(store.current(), 'acmebet.co.uk', { now: clock.now() }).verdict
		try {
			expect(verdict()).toBe('licensed')
			const { port, storeDir } = nats
			await nats.stop()
			// The reader's commit; its registry.changed is lost with the server.
			await db.sql`UPDATE licenses SET status = 'revoked', upstream_status = 'Revoked' WHERE id = ${licence.id}`
			await registerFactory(db.sql, READ_AT).finishRun('UKGC')
			nats = await startNats({ port, storeDir })
			await waitFor(() => verdict() === 'licence_not_active', { what: 'the revocation after the reconnect', timeoutMs: 20_000 })
		} finally {
			await listener.stop()
			await store.idle()
		}
	}, 60_000)
})
