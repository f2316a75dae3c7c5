import { afterAll, beforeAll } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'

export type Stores = { db: TestDatabase; nats: NatsHandle; bus: Bus }

/** A database and a nats-server with a connected bus for one test file: started before its tests, stopped after. */
export function useStores(name: string): Stores {
	const stores = {} as Stores
	beforeAll(async () => {
		;[stores.db, stores.nats] = await Promise.all([createTestDatabase(), startNats()])
		stores.bus = await connectBus({ servers: stores.nats.url, name })
	}, 60_000)
	afterAll(async () => {
		await stores.bus.close()
		await stores.nats.stop()
		await stores.db.drop()
	})
	return stores
}
