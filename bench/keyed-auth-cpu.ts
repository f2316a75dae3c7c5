/**
 * CPU per call of the key check and limits, in-process (`app.handle`, no HTTP, no checker), so it
 * holds steady on a busy machine where req/s does not, and calls per second of wall time. Gateway
 * replicas over real PostgreSQL and nats-server serve a trivial read-only route: without the auth
 * step; keyed (an account without limits) as in production, two counting statements in flight on the
 * replica's own connection on Bun's client (ADRs 0032, 0036); the same on one postgres.js connection (before
 * ADR 0036); keyed with one statement in flight on the shared pool (before ADR 0032) and on its own
 * postgres.js connection; and keyed with the counting statement replaced by an immediate
 * admission (what a replica would spend per call if counting left the request path), and keyed on a
 * replica with key-cache and allowance leases (ADR 0031, BENCH_KEY_LEASE_MS, default 4000).
 * 50 calls in flight, BENCH_ROUNDS alternating rounds.
 *
 *   bun bench/keyed-auth-cpu.ts          BENCH_CALLS=100000 BENCH_ROUNDS=5 bun bench/keyed-auth-cpu.ts
 */
import { Elysia } from 'elysia'
import { connectBus } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { type KeyedClaim, type KeyedVerdict, countKeyedClaims } from '@lv/quota'
import { createCoalescer } from '@lv/runtime'
import { type Sql, type StatementRunner, createSql, openStatementConnection, statementsOn } from '@lv/db'
import { createTestDatabase, startNats, stopSharedPostgres } from '@lv/testing'
import { authPlugin } from '../services/gateway/src/auth/plugin.ts'
import { startCheckRounds } from '../services/gateway/src/limits/replica-leases.ts'
import { accountWithKey } from '../services/gateway/src/test-support/accounts.ts'
import { testReplica } from '../services/gateway/src/test-support/gateway.ts'
import { cpuPerCall, inAlternatingRounds } from './lib/in-process.ts'

const CALLS = Number(process.env.BENCH_CALLS ?? 60_000)

const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
const bus = await connectBus({ servers: nats.url, name: 'bench-keyed-auth-cpu' })
const { key } = await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')

/** Pools of one postgres.js connection, as main.ts opened for counting before ADR 0036. */
const countingPools = [createSql(db.url, { max: 1 }), createSql(db.url, { max: 1 })]
/** One connection on Bun's client, as main.ts opens for counting (ADR 0036). */
const countingConnection = openStatementConnection(db.url, { applicationName: 'bench-counting' })

function replicaWithProbes(countingSql?: StatementRunner, keyLeaseMs?: number) {
	const { app, auth } = testReplica({ sql: db.sql, countingSql, bus, clock: systemClock, keyLeaseMs })
	const body = { ok: true }
	const routes = app.use(
		new Elysia()
			.use(authPlugin(auth))
			.get('/probe/keyed', () => body, { auth: { mode: 'optional', readOnly: true } })
			.get('/probe/plain', () => body)
	)
	return { routes, auth }
}
/** A replica whose keyed calls are counted by `count`, one batch in flight. */
function replicaCountingBy(count: (claims: readonly KeyedClaim[]) => Promise<KeyedVerdict[]>) {
	const replica = replicaWithProbes()
	replica.auth.limits.keyed = createCoalescer(count)
	return replica
}
const counted = replicaWithProbes(countingConnection)
const postgresJs = replicaWithProbes(statementsOn(countingPools[0] as Sql))
const sharedPool = replicaCountingBy((claims) => countKeyedClaims(statementsOn(db.sql), claims))
const ownConnection = replicaCountingBy((claims) => countKeyedClaims(statementsOn(countingPools[1] as Sql), claims))
const admitted: KeyedVerdict = { outcome: 'admitted', secondUsed: 1, quotaUsed: 1 }
const uncounted = replicaCountingBy(async (claims) => claims.map(() => admitted))
const leased = replicaWithProbes(countingConnection, Number(process.env.BENCH_KEY_LEASE_MS ?? 4_000))
const stopCheckRounds = leased.auth.leases ? startCheckRounds(leased.auth.leases, silentLogger) : () => {}

type App = ReturnType<typeof replicaWithProbes>['routes']
const scenarios: { name: string; app: App; path: string }[] = [
	{ name: 'no key check or limits', app: counted.routes, path: '/probe/plain' },
	{ name: 'keyed, two statements, own Bun connection', app: counted.routes, path: '/probe/keyed' },
	{ name: 'keyed, two statements, own postgres.js', app: postgresJs.routes, path: '/probe/keyed' },
	{ name: 'keyed, one statement, shared pool', app: sharedPool.routes, path: '/probe/keyed' },
	{ name: 'keyed, one statement, own connection', app: ownConnection.routes, path: '/probe/keyed' },
	{ name: 'keyed, counting statement left out', app: uncounted.routes, path: '/probe/keyed' },
	{ name: 'keyed, leases', app: leased.routes, path: '/probe/keyed' }
]

const headers = { authorization: `Bearer ${key}` }
try {
	await inAlternatingRounds(
		scenarios.map(({ name, app, path }) => ({
			name,
			measure: (calls: number) => cpuPerCall((request) => app.handle(request), path, calls, headers)
		})),
		CALLS,
		2_000
	)
} finally {
	stopCheckRounds()
	await Promise.all(countingPools.map((pool) => pool.end({ timeout: 1 })))
	await countingConnection.close()
	await bus.close()
	await nats.stop()
	await db.drop()
	await stopSharedPostgres()
}
