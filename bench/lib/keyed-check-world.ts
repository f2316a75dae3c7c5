import { systemClock } from '@lv/clock'
import { createTestDatabase, startNats, stopSharedPostgres } from '@lv/testing'
import { accountWithKey } from '../../services/gateway/src/test-support/accounts.ts'
import { startService } from '../../tests/e2e/check-stack.ts'
import { seedWorldRegisters } from './seed-world.ts'

/** A listed domain of the seeded world: the checker answers it from its memo after the first call. */
export const LISTED_DOMAIN_QUERY = '?domain=acmebet.co.uk'

/**
 * What the in-process keyed check benches run against: real PostgreSQL with 2,000 seeded register rows, nats-server,
 * `checkers` checker processes (one queue group), and an enterprise account's key as request headers; `stop` takes
 * it all down.
 */
export async function startKeyedCheckWorld(checkers = 1) {
	const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
	await seedWorldRegisters(db.sql, 2_000)
	const { key } = await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')
	const replicas = await Promise.all(
		Array.from({ length: checkers }, () => startService('checker', { DATABASE_URL: db.url, NATS_URL: nats.url }))
	)
	return {
		db,
		nats,
		headers: { authorization: `Bearer ${key}` },
		async stop() {
			await Promise.all(replicas.map((checker) => checker.stop()))
			await nats.stop()
			await db.drop()
			await stopSharedPostgres()
		}
	}
}
