/**
 * A checker replica without PostgreSQL: the synthetic world's index of BENCH_DOMAINS links (built as
 * bench/lib/synthetic-world.ts builds it) answering the checker's subjects on NATS_URL in queue group
 * `checker`, with the checker's own responders. Prints `ready` once it answers. For benches that
 * measure the checker's NATS handling and the batch path without seeding a database.
 */
import { connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import type { IndexStore } from '../../services/checker/src/index-store.ts'
import { startResponders } from '../../services/checker/src/responders.ts'
import { buildWorldIndex, world } from './synthetic-world.ts'

/** The instant every world checker answers at, so answers compare across replicas and runs. */
export const WORLD_NOW = new Date('2026-11-24T12:00:00Z')

const size = Number(process.env.BENCH_DOMAINS ?? 500_000)
const readAt = new Date(WORLD_NOW.getTime() - 3_600_000)
const { index } = buildWorldIndex(world(size, readAt), readAt)
const bus = await connectBus({ servers: process.env.NATS_URL as string, name: 'world-checker' })
const store = { current: () => index } as unknown as IndexStore
// No as_of in these benches, so the history reads that would need PostgreSQL never happen.
const responders = startResponders({ bus, sql: undefined as unknown as Sql, store, clock: new TestClock(WORLD_NOW), logger: silentLogger })
await bus.nc.flush()
console.log('ready')
process.on('SIGTERM', async () => {
	await Promise.all(responders.map((responder) => responder.stop()))
	await bus.close()
	process.exit(0)
})
