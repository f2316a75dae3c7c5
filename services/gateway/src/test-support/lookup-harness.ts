import { afterAll, beforeAll } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import type { TestClock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestAccount, accountWithKey, bearer } from './accounts.ts'
import { testApp } from './gateway.ts'

/**
 * A lookup-route test file's world: its own database and nats-server, an Enterprise key, the
 * register rows `seed` writes; `get` answers a keyed GET with its status and JSON body.
 */
export function lookupHarness(name: string, clock: TestClock, seed: (sql: Sql) => Promise<void>) {
	let db: TestDatabase
	let nats: NatsHandle
	let bus: Bus
	let account: TestAccount
	beforeAll(async () => {
		;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
		bus = await connectBus({ servers: nats.url, name })
		account = await accountWithKey(db.sql, clock, 'enterprise')
		await seed(db.sql)
	})
	afterAll(async () => {
		await bus.close()
		await nats.stop()
		await db.drop()
	})
	return {
		async get(path: string): Promise<{ status: number; body: any }> {
			const response = await testApp({ sql: db.sql, bus, clock }).handle(
				new Request(`http://localhost${path}`, { headers: bearer(account.key) })
			)
			return { status: response.status, body: await response.json() }
		}
	}
}
