import type { Sql } from '@lv/db'
import { waitFor } from './wait.ts'

/** How many statements of the connection's database wait on a lock now. */
export async function lockWaiterCount(sql: Sql): Promise<number> {
	return (await sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`).length
}

/**
 * Returns once exactly `count` statements of the connection's database wait on a lock (a row lock, an
 * advisory lock): how a test holds two writers at a chosen point of their interleaving, without timing.
 */
export function statementsWaitingOnLocks(sql: Sql, count: number): Promise<true> {
	return waitFor(async () => (await lockWaiterCount(sql)) === count, { what: `${count} statements waiting on a lock` })
}
