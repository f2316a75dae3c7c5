import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ManualTimers } from '@lv/clock'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { createSql } from './connect.ts'
import { StatementDeadlineError, withStatementDeadline } from './statement-deadline.ts'
import { isDatabaseUnavailable } from './unavailable.ts'

let db: TestDatabase

beforeAll(async () => {
	db = await createTestDatabase()
	await db.sql`CREATE TABLE deadline_probe (label text NOT NULL)`
}, 60_000)

afterAll(async () => {
	await db.drop()
})

const outcomeOf = (statement: Promise<unknown>) =>
	statement.then(
		() => 'answered',
		(error: unknown) => ({ deadline: error instanceof StatementDeadlineError, unavailable: isDatabaseUnavailable(error) })
	)

test('a statement queued behind a pool whose every connection is taken fails after the bound as a database failure, and never runs once a connection comes free', async () => {
	const pool = createSql(db.url, { max: 1, applicationName: 'statement-deadline-test' })
	const timers = new ManualTimers()
	const bounded = withStatementDeadline(pool, 200, timers.startTimer)
	const holder = await pool.reserve()
	try {
		const queued = outcomeOf(bounded`INSERT INTO deadline_probe (label) VALUES ('given up')`)
		// postgres.js hands a statement to the pool a microtask after its first await: fire once it waits in the queue.
		await new Promise((resolve) => setImmediate(resolve))
		expect(timers.pending.map((timer) => timer.ms)).toEqual([200])
		timers.fireAll()
		expect(await queued).toEqual({ deadline: true, unavailable: true })
		holder.release()
		await bounded`SELECT 1`
		const rows = await db.sql`SELECT label FROM deadline_probe`
		expect(rows.length).toBe(0)
	} finally {
		holder.release()
		await pool.end({ timeout: 0 })
	}
})

test('statements, fragments and helpers through the bounded pool answer as through the pool', async () => {
	const pool = createSql(db.url, { max: 1, applicationName: 'statement-deadline-test' })
	const bounded = withStatementDeadline(pool, 2_000)
	try {
		const filter = bounded`WHERE n > ${1}`
		const rows = await bounded<{ n: number }[]>`SELECT n FROM generate_series(1, 3) AS t (n) ${filter} ORDER BY ${bounded('n')}`
		const [named] = await bounded.unsafe<{ n: number }[]>('SELECT $1::int AS n', [7])
		expect({ rows: rows.map((row) => row.n), named: named?.n }).toEqual({ rows: [2, 3], named: 7 })
	} finally {
		await pool.end({ timeout: 0 })
	}
})
