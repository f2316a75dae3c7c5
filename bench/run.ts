/**
 * `npm run bench`: starts PostgreSQL, nats-server, a bare Elysia server (the yardstick, measured in
 * every run) and the gateway, seeds one enterprise account and one operator, then drives each route
 * with wrk on loopback and prints req/s, p50, p99, non-2xx and the server's peak RSS.
 *
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=32 BENCH_ROUNDS=3 BENCH_ONLY=bare,health bun bench/run.ts
 *
 * Every scenario runs in BENCH_ROUNDS alternating rounds; medians are reported (bench/lib/rounds.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { systemClock } from '@lv/clock'
import { REPO_ROOT, TMP_ROOT, createTestDatabase, freePort, startNats } from '@lv/testing'
import { accountWithKey, insertPlan } from '../services/gateway/src/test-support/accounts.ts'
import { insertDomain, insertLicence, insertOperator } from '../services/gateway/src/test-support/register-data.ts'
import { peakRssDuring, startServer } from './lib/process.ts'
import { BENCH_ROUNDS, medianOverRounds, medianRun } from './lib/rounds.ts'
import { RANDOM_CLIENT_LUA, type WrkResult, ensureWrk, randomKeyLua, runWrk } from './lib/wrk.ts'

const durationSeconds = Number(process.env.BENCH_DURATION ?? 5)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
const only = process.env.BENCH_ONLY?.split(',')

ensureWrk()
const workDir = mkdtempSync(join(TMP_ROOT, 'bench-'))
const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
const account = await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')
// Many accounts on a limited plan (monthly quota and per-second limit counted, never reached): the usual production shape.
await insertPlan(db.sql, { code: 'bench', monthly_quota: 1_000_000_000, per_second_limit: 1_000_000 })
const manyKeys = await Promise.all(
	Array.from({ length: 500 }, (_, index) => accountWithKey(db.sql, systemClock, 'bench', `bench ${index}`).then((row) => row.key))
)
const operatorId = await insertOperator(db.sql, { slug: 'bench-operator', display_name: 'Bench Operator' })
const licenceId = await insertLicence(db.sql, { operatorId, jurisdiction: 'UKGC', number: '000-000001-R-1', verifiedAt: new Date() })
await insertLicence(db.sql, { operatorId, jurisdiction: 'MGA', number: 'MGA/B2C/1', verifiedAt: new Date() })
await insertDomain(db.sql, { operatorId, licenceId, jurisdiction: 'UKGC', hostname: 'bench-operator.example' })

const bare = await startServer(join(REPO_ROOT, 'bench/bare-server.ts'), await freePort(), {}, '/bare')
const gateway = await startServer(
	join(REPO_ROOT, 'bench/gateway-server.ts'),
	await freePort(),
	{ DATABASE_URL: db.url, NATS_URL: nats.url },
	'/v1/health'
)

type Scenario = { name: string; server: typeof bare; path: string; headers?: Record<string, string>; lua?: string }
const keyed = { authorization: `Bearer ${account.key}` }
const scenarios: Scenario[] = [
	{ name: 'bare', server: bare, path: '/bare' },
	{ name: 'health', server: gateway, path: '/v1/health' },
	{ name: 'operator-keyed', server: gateway, path: '/v1/operators/bench-operator', headers: keyed },
	{ name: 'operator-keyed-500-accounts', server: gateway, path: '/v1/operators/bench-operator', lua: randomKeyLua(manyKeys) },
	{ name: 'operator-unlimited', server: gateway, path: '/bench/unlimited/operators/bench-operator' },
	{ name: 'operator-unlimited-500-keys', server: gateway, path: '/bench/unlimited/operators/bench-operator', lua: randomKeyLua(manyKeys) },
	{ name: 'jurisdictions-keyless', server: gateway, path: '/v1/jurisdictions', lua: RANDOM_CLIENT_LUA },
	{ name: 'jurisdictions-keyed', server: gateway, path: '/v1/jurisdictions', headers: keyed },
	{ name: 'jurisdictions-keyed-500-accounts', server: gateway, path: '/v1/jurisdictions', lua: randomKeyLua(manyKeys) },
	{ name: 'jurisdictions-unlimited', server: gateway, path: '/bench/unlimited/jurisdictions' },
	{ name: 'jurisdictions-unlimited-500-keys', server: gateway, path: '/bench/unlimited/jurisdictions', lua: randomKeyLua(manyKeys) },
	{ name: 'jurisdictions-unlimited-random-client', server: gateway, path: '/bench/unlimited/jurisdictions', lua: RANDOM_CLIENT_LUA }
]

type Measured = WrkResult & { peakRssMb: number }
const results = new Map<string, Measured[]>()
const line = (name: string, result: Measured) =>
	`${name.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${result.p50Ms.toFixed(2).padStart(7)} ms   p99 ${result.p99Ms
		.toFixed(2)
		.padStart(7)} ms   non-2xx ${String(result.non2xx).padStart(6)}   peak RSS ${result.peakRssMb} MB`
try {
	for (let round = 0; round < BENCH_ROUNDS; round++) {
		console.log(`-- round ${round + 1} of ${BENCH_ROUNDS}`)
		for (const scenario of scenarios) {
			if (only && !only.includes(scenario.name) && scenario.name !== 'bare') continue
			const url = `http://127.0.0.1:${scenario.server.port}${scenario.path}`
			if (round === 0)
				await runWrk({ url, durationSeconds: 1, connections, threads: 1, headers: scenario.headers, luaScript: scenario.lua, workDir })
			const { result, peakRssMb } = await peakRssDuring(scenario.server.pid, () =>
				runWrk({ url, durationSeconds, connections, threads: 1, headers: scenario.headers, luaScript: scenario.lua, workDir })
			)
			results.set(scenario.name, [...(results.get(scenario.name) ?? []), { ...result, peakRssMb }])
			console.log(line(scenario.name, { ...result, peakRssMb }))
		}
	}
	console.log(`-- median of ${BENCH_ROUNDS} rounds`)
	for (const [name, runs] of results)
		console.log(line(name, { ...medianRun(runs), peakRssMb: Math.max(...runs.map((run) => run.peakRssMb)) }))
	const cost = (limited: string, unlimited: string) => {
		const share = medianOverRounds(BENCH_ROUNDS, (round) => {
			const a = results.get(limited)?.[round]
			const b = results.get(unlimited)?.[round]
			return a && b ? 1 - a.requestsPerSecond / b.requestsPerSecond : undefined
		})
		if (!Number.isNaN(share))
			console.log(
				`limiter + key check cost, ${limited.padEnd(34)} vs ${unlimited}: ${(share * 100).toFixed(1)} % of throughput (median of per-round ratios)`
			)
	}
	// Each limited scenario against the same requests (same wrk script) with the limiter left out: a
	// wrk Lua script costs wrk CPU on the same two cores, which is not the limiter's cost.
	cost('operator-keyed', 'operator-unlimited')
	cost('operator-keyed-500-accounts', 'operator-unlimited-500-keys')
	cost('jurisdictions-keyed', 'jurisdictions-unlimited')
	cost('jurisdictions-keyed-500-accounts', 'jurisdictions-unlimited-500-keys')
	cost('jurisdictions-keyless', 'jurisdictions-unlimited-random-client')
	// The same, against the plain unlimited route (the figures earlier sessions reported).
	cost('operator-keyed-500-accounts', 'operator-unlimited')
	cost('jurisdictions-keyed-500-accounts', 'jurisdictions-unlimited')
	cost('jurisdictions-keyless', 'jurisdictions-unlimited')
	console.log(
		`(${durationSeconds} s per route and round, ${connections} connections, 1 wrk thread, ${navigator.hardwareConcurrency} CPUs shared by wrk, server and PostgreSQL)`
	)
} finally {
	await Promise.all([bare.stop(), gateway.stop()])
	await nats.stop()
	await db.drop()
	rmSync(workDir, { recursive: true, force: true })
	process.exit(0)
}
