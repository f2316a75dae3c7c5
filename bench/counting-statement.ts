/**
 * Client CPU per keyed counting statement (`@lv/quota` countKeyedClaims, one account, one group of
 * identical claims), two statements in flight on one connection as the gateway keeps them (ADR 0032), on
 * postgres.js and on Bun's built-in client (ADR 0036), alternating in BENCH_ROUNDS rounds. CPU time of this
 * process per statement, and wall time per pair of statements.
 *
 *   bun bench/counting-statement.ts          BENCH_STATEMENTS=4000 BENCH_ROUNDS=5 bun bench/counting-statement.ts
 */
import { hashApiKey } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { type StatementRunner, createSql, openStatementConnection, statementsOn } from '@lv/db'
import { type KeyedClaim, countKeyedClaims } from '@lv/quota'
import { createTestDatabase, stopSharedPostgres } from '@lv/testing'
import { lookupKey } from '../services/gateway/src/auth/key-lookup.ts'
import { keyedClaim } from '../services/gateway/src/limits/admission.ts'
import { accountWithKey } from '../services/gateway/src/test-support/accounts.ts'
import { BENCH_ROUNDS, median } from './lib/rounds.ts'

const PAIRS = Number(process.env.BENCH_STATEMENTS ?? 3000) / 2
const CLAIMS_PER_STATEMENT = 20

const db = await createTestDatabase()
const { key } = await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')
const record = await lookupKey(db.sql, hashApiKey(key), Date.now())
if (!record?.plan) throw new Error('the bench key was not found')
const claims: KeyedClaim[] = Array.from({ length: CLAIMS_PER_STATEMENT }, () => keyedClaim(record, record.plan as never, Date.now()))
const pool = createSql(db.url, { max: 1 })
const connection = openStatementConnection(db.url, { applicationName: 'bench-counting' })
const clients: { name: string; statements: StatementRunner }[] = [
	{ name: 'postgres.js', statements: statementsOn(pool) },
	{ name: "Bun's client", statements: connection }
]

async function perStatement(statements: StatementRunner, pairs: number): Promise<{ cpuMicros: number; wallMicros: number }> {
	const startedAt = performance.now()
	const before = process.cpuUsage()
	for (let pair = 0; pair < pairs; pair++) await Promise.all([countKeyedClaims(statements, claims), countKeyedClaims(statements, claims)])
	const used = process.cpuUsage(before)
	return { cpuMicros: (used.user + used.system) / (2 * pairs), wallMicros: ((performance.now() - startedAt) * 1000) / pairs }
}

const cpu = new Map<string, number[]>()
const wall = new Map<string, number[]>()
try {
	for (const { statements } of clients) await perStatement(statements, 200)
	for (let round = 0; round < BENCH_ROUNDS; round++)
		for (const { name, statements } of round % 2 === 1 ? [...clients].reverse() : clients) {
			const { cpuMicros, wallMicros } = await perStatement(statements, PAIRS)
			cpu.set(name, [...(cpu.get(name) ?? []), cpuMicros])
			wall.set(name, [...(wall.get(name) ?? []), wallMicros])
			console.log(
				`round ${round + 1}  ${name.padEnd(14)} ${cpuMicros.toFixed(1)} µs of CPU per statement, ${wallMicros.toFixed(0)} µs per pair`
			)
		}
} finally {
	await pool.end({ timeout: 1 })
	await connection.close()
	await db.drop()
	await stopSharedPostgres()
}
console.log(`-- median of ${BENCH_ROUNDS} rounds, ${CLAIMS_PER_STATEMENT} claims per statement`)
for (const { name } of clients)
	console.log(
		`${name.padEnd(14)} ${median(cpu.get(name) ?? []).toFixed(1)} µs of CPU per statement, ${median(wall.get(name) ?? []).toFixed(0)} µs per pair`
	)
