/**
 * How a postgres.js connection on Bun behaves when its server session is killed: a one-connection
 * instance runs a statement, its backend is terminated, and two statements follow at once, each
 * raced against a 3-second timer. Prints each round's outcomes, e.g. `error ECONNRESET | hang`.
 *
 *   bun bench/postgres-reset.ts          BENCH_ROUNDS=10 bun bench/postgres-reset.ts
 *
 * Unpatched, a statement sent between the socket's `error` and `close` stayed pending for good, and
 * the connection with it (6 of 6 rounds). patches/postgres@3.4.9.patch fixes that (ADR 0010): the
 * statements settle with an error and the connection reconnects.
 */
import { createSql } from '@lv/db'
import { createTestDatabase, stopSharedPostgres } from '@lv/testing'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)
const db = await createTestDatabase()
const outcome = (statement: Promise<unknown>) =>
	Promise.race([
		statement.then(
			() => 'ok',
			(error: { code?: string }) => `error ${error.code}`
		),
		Bun.sleep(3_000).then(() => 'hang')
	])
try {
	let hung = 0
	for (let round = 1; round <= ROUNDS; round++) {
		const sql = createSql(db.url, { max: 1, applicationName: 'reset-victim' })
		await sql`SELECT 1`
		await db.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'reset-victim'`
		const first = await outcome(sql`SELECT 1`)
		const second = await outcome(sql`SELECT 1`)
		if (first === 'hang' || second === 'hang') hung++
		console.log(`round ${round}: ${first} | ${second}`)
		await sql.end({ timeout: 1 }).catch(() => {})
	}
	console.log(`${hung} of ${ROUNDS} rounds left a statement pending for 3 s or more`)
} finally {
	await db.drop()
	await stopSharedPostgres()
}
process.exit(0)
