import { TestClock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { type RegisterServer, startRegisterServer } from '@lv/register-server'
import { adapters } from '@lv/registers'
import { createTestDatabase, type TestDatabase } from '@lv/testing'
import { httpFetcher } from '../fetch/http-fetcher.ts'
import { registerServerPolicy } from '../fetch/source-policy.ts'
import type { RunDeps } from '../run.ts'
import { Sources } from '../sources.ts'

/** Scenario day n is read at 06:00 UTC on 2026-11-(2+n), after the register server's day boundary. */
export const readTimeOfDay = (day: number) => new Date(Date.UTC(2026, 10, 2 + day, 6))

export type ReaderHarness = {
	db: TestDatabase
	server: RegisterServer
	clock: TestClock
	deps: RunDeps
	/** Moves the register server and the clock to a scenario day. */
	goToDay(day: number): void
	close(): Promise<void>
}

/** A real PostgreSQL database, the register server on a free port and a reader wired to both. */
export async function createReaderHarness(overrides: Partial<RunDeps> = {}): Promise<ReaderHarness> {
	const db = await createTestDatabase()
	const server = startRegisterServer({ timeoutHoldMs: 5_000 })
	const clock = new TestClock(readTimeOfDay(0))
	const deps: RunDeps = {
		sql: db.sql,
		clock,
		fetcher: httpFetcher({ timeoutMs: 1_000, userAgent: 'reader-test' }),
		sources: new Sources(server.url),
		policy: registerServerPolicy(server.url),
		adapters,
		grace: { missedReads: 2, minimumMs: 48 * 3_600_000 },
		maxFiles: 100,
		logger: silentLogger,
		...overrides
	}
	return {
		db,
		server,
		clock,
		deps,
		goToDay(day) {
			server.setDay(day)
			clock.set(readTimeOfDay(day))
		},
		async close() {
			await server.stop()
			await db.drop()
		}
	}
}

/** Every row a run may write, as one comparable value (for "nothing was written" assertions). */
export async function databaseDigest(sql: Sql): Promise<string> {
	const tables = [
		'operators',
		'operator_registrations',
		'trading_names',
		'licenses',
		'license_number_versions',
		'license_history',
		'domain_links',
		'verification_readings',
		'regulatory_actions',
		'outbox',
		'snapshots',
		'register_reads',
		'reader_runs'
	]
	const parts: string[] = []
	for (const table of tables) {
		const [row] = await sql<{ digest: string | null; n: number }[]>`
			SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*)::int AS n FROM ${sql(table)} t`
		parts.push(`${table}:${row?.n}:${row?.digest}`)
	}
	const status =
		await sql`SELECT jurisdiction_code, last_successful_read_at, license_count, domain_count, data_version FROM register_status ORDER BY 1`
	parts.push(JSON.stringify(status, (_key, value) => (typeof value === 'bigint' ? String(value) : value)))
	return parts.join('\n')
}
