import { afterAll, beforeAll } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import { type Sql, type StatementConnection, createSql, openStatementConnection } from '@lv/db'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'

/**
 * One test file's world for several gateway replicas on one database: PostgreSQL (with `setup` run on
 * it), nats-server and a bus, all ended after the file. `open` gives each replica a pool of its own
 * (so its own key cache, change listener and counting queues) and, as in production, one connection
 * of its own for the keyed counting statements.
 */
export function replicaWorld(name: string, setup: (sql: Sql) => Promise<unknown>) {
	const pools: Sql[] = []
	const countingConnections: StatementConnection[] = []
	let nats: NatsHandle | undefined
	const world: { db: TestDatabase; bus: Bus; open(url?: string): { sql: Sql; countingSql: StatementConnection } } = {
		db: undefined as unknown as TestDatabase,
		bus: undefined as unknown as Bus,
		open(url = world.db.url) {
			const sql = createSql(url, { max: 5 })
			const countingSql = openStatementConnection(url, { applicationName: 'test-counting' })
			pools.push(sql)
			countingConnections.push(countingSql)
			return { sql, countingSql }
		}
	}
	beforeAll(async () => {
		;[world.db, nats] = await Promise.all([createTestDatabase(), startNats()])
		world.bus = await connectBus({ servers: nats.url, name })
		await setup(world.db.sql)
	}, 60_000)
	afterAll(async () => {
		await Promise.all(pools.map((pool) => pool.end({ timeout: 1 })))
		await Promise.all(countingConnections.map((connection) => connection.close()))
		await world.bus.close()
		await nats?.stop()
		await world.db.drop()
	})
	return world
}
