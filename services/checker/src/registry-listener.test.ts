import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { startNats, waitFor } from '@lv/testing'
import { checkDomain } from '@lv/verdict'
import { IndexStore } from './index-store.ts'
import { listenForRegistryChanges } from './registry-listener.ts'
import { type LicenceFixture, registerFactory, seedOneListedDomain } from './test-support/register-factory.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T11:00:00.000Z')
const env = databaseAndNatsPerFile('registry-listener-test')
let licence: LicenceFixture

beforeAll(async () => {
	licence = await seedOneListedDomain(env.db.sql, READ_AT)
})

describe('registry.changed listener', () => {
	test('a change committed while the checker was cut off from NATS is taken once it reconnects, without waiting for the poll', async () => {
		const store = new IndexStore({ sql: env.db.sql, logger: silentLogger, clock })
		await store.loadAll()
		const listener = listenForRegistryChanges(env.bus, store, silentLogger)
		const verdict = () => checkDomain(store.current(), 'acmebet.co.uk', { now: clock.now() }).verdict
		try {
			expect(verdict()).toBe('licensed')
			const { port, storeDir } = env.nats
			await env.nats.stop()
			// The reader's commit; its registry.changed is lost with the server.
			await env.db.sql`UPDATE licenses SET status = 'revoked', upstream_status = 'Revoked' WHERE id = ${licence.id}`
			await registerFactory(env.db.sql, READ_AT).finishRun('UKGC')
			env.nats = await startNats({ port, storeDir })
			await waitFor(() => verdict() === 'licence_not_active', { what: 'the revocation after the reconnect', timeoutMs: 20_000 })
		} finally {
			await listener.stop()
			await store.idle()
		}
	}, 60_000)
})
