/**
 * GET /v1/check?domain= (keyed) through gateway -> NATS -> checker, measured in the same run as the
 * bare Elysia route, then POST /v1/check/batch with 100 domains. Real processes (checker main.ts,
 * the gateway app), real PostgreSQL and nats-server, an index of BENCH_DOMAINS (default 500,000)
 * domain links. Uses the shared wrk runner in bench/lib.
 *
 *   bun bench/check-http.ts          BENCH_DOMAINS=50000 BENCH_DURATION=5 bun bench/check-http.ts
 *
 * Every scenario runs in BENCH_ROUNDS alternating rounds (default 3); medians are reported.
 * Each row also names the processes that used more than 2 % of a CPU during it (the machine's two
 * CPUs are shared by wrk, the gateway, the checker, nats-server and PostgreSQL). BENCH_PROFILE_DIR=dir
 * writes a markdown CPU profile of the gateway and the checker when they stop. BENCH_ONLY=1,4 runs only
 * the bare route and the scenarios at those positions. Scenario 9 is the keyed check on a second
 * gateway started with METRICS=false: `BENCH_ONLY=1,9` alternates metrics on and off, and prints both
 * throughput and the gateway's CPU time per request (steadier on a shared machine). `BENCH_ONLY=1,4,10`
 * measures the cold path (4: a never-asked unlisted name every call, against 1: the memoised keyed
 * check) and the batch tail (10: 100 domains, 50 of them never asked, at BENCH_BATCH_CONNECTIONS, one
 * message; 11: the same through gateway B, which sends a batch as parts of 25 domains; 12: scenario 4
 * through gateway B, which keeps as many check.many messages in flight as there are checkers, or BENCH_IN_FLIGHT).
 * The world is bench/lib/synthetic-world.ts's: word-compound names and hosts, so unlisted names meet
 * realistic near-misses in the name stage. CHECKERS=2 starts two checker replicas in one queue group.
 * BENCH_CHECKER_TRACE=path/prefix writes each checker's NATS loop timings (bench/lib/checker-trace.ts) to prefix-<pid>.json.
 * Odd rounds run the scenarios in reverse order, so no scenario always follows the same one.
 * BENCH_FIRST_GATEWAY / BENCH_SECOND_GATEWAY=NAME=value,... give either gateway extra settings (the second
 * then runs without METRICS=false), e.g. BENCH_COUNTING_IN_FLIGHT=1,BENCH_COUNTING_CONNECTION=pool for the
 * keyed counting before ADR 0032, BENCH_COUNTING_CONNECTION=postgres.js before ADR 0036; with `BENCH_ONLY=1,9`
 * swap the two between runs, as the first gateway also serves the other scenarios. BENCH_SECOND_GATEWAY_ROOT=dir
 * runs the second gateway from another checkout (with its own node_modules; `git archive` of a commit plus
 * `cp -a node_modules`): the keyed check of two commits in the same run. Scenario 13 is scenario 4 (a new
 * unlisted domain every call) through that second gateway: `BENCH_ONLY=1,4,13` with BENCH_SECOND_GATEWAY_ROOT
 * and BENCH_SECOND_GATEWAY=METRICS=true compares the gateway CPU per cold call of two commits. Scenario 14 is
 * scenario 10 (the batch) through the second gateway: `BENCH_ONLY=10,14` with the same settings compares the batch
 * route of two commits, with the gateway CPU per batch.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { systemClock } from '@lv/clock'
import { REPO_ROOT, TMP_ROOT, createTestDatabase, freePort, startNats, stopSharedPostgres } from '@lv/testing'
import { accountWithKey, insertPlan } from '../services/gateway/src/test-support/accounts.ts'
import { startService } from '../tests/e2e/check-stack.ts'
import { seedWorldRegisters } from './lib/seed-world.ts'
import { TLDS, WORDS, hostname } from './lib/synthetic-world.ts'
import { checkerArgs, checkerTraceEnv, cpuSharesDuring, peakRssDuring, startServer } from './lib/process.ts'
import { BENCH_ROUNDS, median, medianOverRounds, medianRun } from './lib/rounds.ts'
import { type WrkResult, ensureWrk, halfFreshBatchLua, randomKeyLua, randomPathLua, runWrk, uniqueDomainLua } from './lib/wrk.ts'

const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 500_000)
const SECONDS = Number(process.env.BENCH_DURATION ?? 6)
const CONNECTIONS = 50
const BATCH_CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 4)
/** Checker replicas in queue group `checker` (CHECKERS=2 measures two). */
const CHECKERS = Number(process.env.CHECKERS ?? 1)

ensureWrk()
const workDir = mkdtempSync(join(TMP_ROOT, 'bench-check-'))
const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
await seedWorldRegisters(db.sql, DOMAINS)
const key = (await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')).key
await insertPlan(db.sql, { code: 'bench', monthly_quota: 1_000_000_000, per_second_limit: 1_000_000 })
const manyKeys = await Promise.all(
	Array.from({ length: 500 }, (_, i) => accountWithKey(db.sql, systemClock, 'bench', `bench ${i}`).then((row) => row.key))
)

const checkers = await Promise.all(
	Array.from({ length: CHECKERS }, () =>
		startService('checker', { DATABASE_URL: db.url, NATS_URL: nats.url, ...checkerTraceEnv() }, checkerArgs())
	)
)
const bare = await startServer(join(REPO_ROOT, 'bench/bare-server.ts'), await freePort(), {}, '/bare')
/** `NAME=value,...` as an environment. */
const envOf = (pairs: string): Record<string, string> =>
	Object.fromEntries(pairs.split(',').map((pair) => pair.split('=') as [string, string]))
/** BENCH_FIRST_GATEWAY=NAME=value,... adds that environment to the first gateway (the one most scenarios use). */
const gateway = await startServer(
	join(REPO_ROOT, 'bench/gateway-server.ts'),
	await freePort(),
	{ DATABASE_URL: db.url, NATS_URL: nats.url, ...(process.env.BENCH_FIRST_GATEWAY ? envOf(process.env.BENCH_FIRST_GATEWAY) : {}) },
	'/bench/ready'
)
/** BENCH_SECOND_GATEWAY=NAME=value,... starts the second gateway with that environment instead of METRICS=false. */
const secondGatewayEnv = envOf(process.env.BENCH_SECOND_GATEWAY ?? 'METRICS=false')
const secondGatewayName =
	process.env.BENCH_SECOND_GATEWAY_ROOT ??
	Object.entries(secondGatewayEnv)
		.map(([name, value]) => `${name}=${value}`)
		.join(' ')
const gatewayWithoutMetrics = await startServer(
	join(process.env.BENCH_SECOND_GATEWAY_ROOT ?? REPO_ROOT, 'bench/gateway-server.ts'),
	await freePort(),
	{ DATABASE_URL: db.url, NATS_URL: nats.url, ...secondGatewayEnv },
	'/bench/ready'
)

/** check.many messages gateway B keeps in flight: BENCH_IN_FLIGHT, else as many as there are checkers. */
const GATEWAY_B_IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? CHECKERS)
/** Gateway B: batches as parts of 25 domains, and GATEWAY_B_IN_FLIGHT check.many messages in flight. */
const gatewayB = await startServer(
	join(REPO_ROOT, 'bench/gateway-server.ts'),
	await freePort(),
	{ DATABASE_URL: db.url, NATS_URL: nats.url, CHECK_BATCH_PART_DOMAINS: '25', CHECK_MESSAGES_IN_FLIGHT: String(GATEWAY_B_IN_FLIGHT) },
	'/bench/ready'
)

/** Listed hosts spread over the whole index (every register), `count` of them. */
const listedHosts = (count: number) => Array.from({ length: count }, (_, i) => hostname((i * 7_919) % DOMAINS))

// Half listed hosts spread over the index, half unlisted names (which go through the name stage).
const batchBody = JSON.stringify({
	domains: Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? hostname((i * 2_917 + 1) % DOMAINS) : hostname(DOMAINS + i)))
})
const post = (authorization: string | null) => `
wrk.method = "POST"
wrk.body = ${JSON.stringify(batchBody)}
wrk.headers["Content-Type"] = "application/json"
${authorization ? `wrk.headers["Authorization"] = ${JSON.stringify(authorization)}` : ''}
`
const labelOf = (process: string) => {
	const pid = Number(process.split(' ')[0])
	if (pid === gateway.pid) return 'gateway'
	if (pid === gatewayWithoutMetrics.pid) return 'gateway (metrics off)'
	if (pid === gatewayB.pid) return 'gateway B'
	const replica = checkers.findIndex((checker) => checker.pid === pid)
	if (replica >= 0) return CHECKERS > 1 ? `checker ${replica + 1}` : 'checker'
	if (pid === bare.pid) return 'bare'
	return process.split(' ').slice(1).join(' ')
}
/** 1,000 check paths over the whole index: listed hosts of every register (some as www.), and unlisted names. */
function variedChecks(): string[] {
	return listedHosts(1_000).map((host, i) => {
		if (i % 5 === 4) return `/v1/check?domain=${hostname(DOMAINS + i)}`
		return `/v1/check?domain=${i % 3 === 0 ? `www.${host}` : host}`
	})
}

const SECOND_GATEWAY = `keyed, one account, gateway ${secondGatewayName}`
const HALF_FRESH_BATCH = `POST /v1/check/batch x100, 50 never asked (c${BATCH_CONNECTIONS})`
const PARTED_BATCH = `same batch, CHECK_BATCH_PART_DOMAINS=25`
const COLD_IN_FLIGHT = `same new unlisted, CHECK_MESSAGES_IN_FLIGHT=${GATEWAY_B_IN_FLIGHT}`
const COLD_SECOND_GATEWAY = `same new unlisted, gateway ${secondGatewayName}`
const SECOND_GATEWAY_BATCH = `same batch, gateway ${secondGatewayName}`
type Scenario = { name: string; port: number; path: string; connections: number; headers?: Record<string, string>; lua?: string }
const keyed = { authorization: `Bearer ${key}` }
const allScenarios: Scenario[] = [
	{ name: 'bare Elysia JSON', port: bare.port, path: '/bare', connections: CONNECTIONS },
	{
		name: 'GET /v1/check?domain= keyed, one account',
		port: gateway.port,
		path: '/v1/check?domain=acmebet.co.uk',
		connections: CONNECTIONS,
		headers: keyed
	},
	{
		name: 'GET /v1/check?domain= keyed, 500 accounts',
		port: gateway.port,
		path: '/v1/check?domain=acmebet.co.uk',
		connections: CONNECTIONS,
		lua: randomKeyLua(manyKeys)
	},
	{
		name: 'keyed, 1,000 different domains',
		port: gateway.port,
		path: '/v1/check',
		connections: CONNECTIONS,
		lua: randomPathLua(variedChecks(), `Bearer ${key}`)
	},
	{
		name: 'keyed, a new unlisted domain every call',
		port: gateway.port,
		path: '/v1/check',
		connections: CONNECTIONS,
		lua: uniqueDomainLua(`Bearer ${key}`, WORDS, TLDS)
	},
	{
		name: 'same check, no key check or limits',
		port: gateway.port,
		path: '/bench/unlimited/check?domain=acmebet.co.uk',
		connections: CONNECTIONS
	},
	{
		name: 'same, unlisted domain (name stage)',
		port: gateway.port,
		path: `/bench/unlimited/check?domain=${hostname(DOMAINS)}`,
		connections: CONNECTIONS
	},
	{
		name: `POST /v1/check/batch x100 keyed (c${BATCH_CONNECTIONS})`,
		port: gateway.port,
		path: '/v1/check/batch',
		connections: BATCH_CONNECTIONS,
		lua: post(`Bearer ${key}`)
	},
	{ name: 'POST /v1/check/batch x100 keyed (c1)', port: gateway.port, path: '/v1/check/batch', connections: 1, lua: post(`Bearer ${key}`) },
	{
		name: SECOND_GATEWAY,
		port: gatewayWithoutMetrics.port,
		path: '/v1/check?domain=acmebet.co.uk',
		connections: CONNECTIONS,
		headers: keyed
	},
	{
		name: HALF_FRESH_BATCH,
		port: gateway.port,
		path: '/v1/check/batch',
		connections: BATCH_CONNECTIONS,
		lua: halfFreshBatchLua(listedHosts(50), `Bearer ${key}`, WORDS, TLDS)
	},
	{
		name: PARTED_BATCH,
		port: gatewayB.port,
		path: '/v1/check/batch',
		connections: BATCH_CONNECTIONS,
		lua: halfFreshBatchLua(listedHosts(50), `Bearer ${key}`, WORDS, TLDS)
	},
	{
		name: COLD_IN_FLIGHT,
		port: gatewayB.port,
		path: '/v1/check',
		connections: CONNECTIONS,
		lua: uniqueDomainLua(`Bearer ${key}`, WORDS, TLDS)
	},
	{
		name: COLD_SECOND_GATEWAY,
		port: gatewayWithoutMetrics.port,
		path: '/v1/check',
		connections: CONNECTIONS,
		lua: uniqueDomainLua(`Bearer ${key}`, WORDS, TLDS)
	},
	{
		name: SECOND_GATEWAY_BATCH,
		port: gatewayWithoutMetrics.port,
		path: '/v1/check/batch',
		connections: BATCH_CONNECTIONS,
		lua: halfFreshBatchLua(listedHosts(50), `Bearer ${key}`, WORDS, TLDS)
	}
]

/** BENCH_ONLY=1,4 keeps the bare route and the scenarios at those positions (1 = the keyed check). */
const only = process.env.BENCH_ONLY?.split(',').map(Number)
const scenarios = only ? allScenarios.filter((_, index) => index === 0 || only.includes(index)) : allScenarios

/** `gatewayRssMb` and `gatewayCpuShare`: peak RSS and CPU (in CPUs) of the process that served the scenario while wrk ran. */
type Measured = WrkResult & { gatewayRssMb: number; gatewayCpuShare: number }
const results = new Map<string, Measured[]>()
const line = (name: string, result: WrkResult) =>
	`${name.padEnd(46)} ${result.requestsPerSecond.toFixed(0).padStart(8)} req/s  p50 ${result.p50Ms.toFixed(2).padStart(7)} ms  p99 ${result.p99Ms.toFixed(2).padStart(8)} ms${result.non2xx ? `  non-2xx ${result.non2xx}` : ''}`
try {
	for (let round = 0; round < BENCH_ROUNDS; round++) {
		console.log(`-- round ${round + 1} of ${BENCH_ROUNDS}`)
		for (const scenario of round % 2 === 1 ? [...scenarios].reverse() : scenarios) {
			const url = `http://127.0.0.1:${scenario.port}${scenario.path}`
			const run = { url, connections: scenario.connections, threads: 1, headers: scenario.headers, luaScript: scenario.lua, workDir }
			if (round === 0) await runWrk({ ...run, durationSeconds: 2 })
			const servingPid = ([gateway, gatewayWithoutMetrics, gatewayB].find((server) => server.port === scenario.port) ?? bare).pid
			const { result: measured, shares } = await cpuSharesDuring(() =>
				peakRssDuring(servingPid, () => runWrk({ ...run, durationSeconds: SECONDS }))
			)
			const { result, peakRssMb } = measured
			const gatewayCpuShare = shares.find(({ process }) => Number(process.split(' ')[0]) === servingPid)?.share ?? 0
			results.set(scenario.name, [...(results.get(scenario.name) ?? []), { ...result, gatewayRssMb: peakRssMb, gatewayCpuShare }])
			console.log(line(scenario.name, result))
			console.log(
				`${''.padEnd(46)} CPU: ${shares.map(({ process, share }) => `${labelOf(process)} ${(share * 100).toFixed(0)} %`).join(', ')}`
			)
		}
	}
} finally {
	await gateway.stop()
	await gatewayWithoutMetrics.stop()
	await gatewayB.stop()
	await bare.stop()
	await Promise.all(checkers.map((checker) => checker.stop()))
	await nats.stop()
	await db.drop()
	await stopSharedPostgres()
	rmSync(workDir, { recursive: true, force: true })
}
console.log(`-- median of ${BENCH_ROUNDS} rounds`)
for (const [name, runs] of results) console.log(line(name, medianRun(runs)))
const [bareName, keyedName] = allScenarios.map((scenario) => scenario.name)
const bareRuns = results.get(bareName as string) ?? []
const keyedRuns = results.get(keyedName as string) ?? []
const share = medianOverRounds(BENCH_ROUNDS, (round) => {
	const bareRun = bareRuns[round]
	const keyedRun = keyedRuns[round]
	return bareRun && keyedRun ? keyedRun.requestsPerSecond / bareRun.requestsPerSecond : undefined
})
console.log(
	`\nkeyed check / bare: ${(share * 100).toFixed(1)} % (median of per-round ratios; target >= 30 %, issue #19); p99 ${median(keyedRuns.map((run) => run.p99Ms)).toFixed(2)} ms (median; target < 5 ms at 50 connections on a quiet machine)`
)
/** Median over rounds of `pick(a) / pick(b)`, each pair measured in the same round. */
const roundRatio = (a: Measured[], b: Measured[], pick: (run: Measured) => number = (run) => run.requestsPerSecond) =>
	medianOverRounds(BENCH_ROUNDS, (round) => {
		const [x, y] = [a[round], b[round]]
		return x && y ? pick(x) / pick(y) : undefined
	})
const p99Of = (runs: Measured[]) => median(runs.map((run) => run.p99Ms)).toFixed(2)
for (const [name, target] of [
	[allScenarios[4]?.name as string, ' (target >= 50 %, p99 < 10 ms)'],
	[COLD_IN_FLIGHT, '']
] as const) {
	const runs = results.get(name) ?? []
	if (runs.length > 0)
		console.log(
			`${name} / memoised keyed check: ${(roundRatio(runs, keyedRuns) * 100).toFixed(1)} % of the req/s (median of per-round ratios); p99 ${p99Of(runs)} ms (median)${target}`
		)
}
const halfFreshRuns = results.get(HALF_FRESH_BATCH) ?? []
const partedBatchRuns = results.get(PARTED_BATCH) ?? []
if (halfFreshRuns.length > 0)
	console.log(`${HALF_FRESH_BATCH} with ${CHECKERS} checker(s): p99 ${p99Of(halfFreshRuns)} ms (median; target < 15 ms)`)
if (halfFreshRuns.length > 0 && partedBatchRuns.length > 0)
	console.log(
		`batch as parts / whole: p99 ${(roundRatio(partedBatchRuns, halfFreshRuns, (run) => run.p99Ms) * 100).toFixed(1)} %, req/s ${(roundRatio(partedBatchRuns, halfFreshRuns) * 100).toFixed(1)} % (medians of per-round ratios)`
	)
/** The serving gateway's CPU per request, in µs. */
const cpuPerRequest = (run: Measured) => (run.gatewayCpuShare * 1e6) / run.requestsPerSecond
/** Gateway CPU per call of the first gateway's `firstRuns` and the second's `secondRuns`: medians and the median per-round ratio. */
const cpuComparison = (firstRuns: Measured[], secondRuns: Measured[]) =>
	`${median(firstRuns.map(cpuPerRequest)).toFixed(1)} µs and ${median(secondRuns.map(cpuPerRequest)).toFixed(1)} µs (medians); first / second ${(roundRatio(firstRuns, secondRuns, cpuPerRequest) * 100).toFixed(1)} % (median of per-round ratios)`
const metricsOffRuns = results.get(SECOND_GATEWAY) ?? []
if (metricsOffRuns.length > 0) {
	console.log(
		`keyed check, metrics on / off: ${(roundRatio(keyedRuns, metricsOffRuns) * 100).toFixed(1)} % of the req/s (median of per-round ratios; target >= 97 %)`
	)
	console.log(`gateway CPU per keyed check, first gateway and gateway ${secondGatewayName}: ${cpuComparison(keyedRuns, metricsOffRuns)}`)
}
const coldRuns = results.get(allScenarios[4]?.name as string) ?? []
const coldSecondRuns = results.get(COLD_SECOND_GATEWAY) ?? []
if (coldRuns.length > 0 && coldSecondRuns.length > 0) {
	console.log(
		`new unlisted, first / second gateway: ${(roundRatio(coldRuns, coldSecondRuns) * 100).toFixed(1)} % of the req/s (median of per-round ratios)`
	)
	console.log(`gateway CPU per cold call, first gateway and gateway ${secondGatewayName}: ${cpuComparison(coldRuns, coldSecondRuns)}`)
}
const secondBatchRuns = results.get(SECOND_GATEWAY_BATCH) ?? []
if (halfFreshRuns.length > 0 && secondBatchRuns.length > 0) {
	console.log(
		`batch, first / second gateway: p99 ${p99Of(halfFreshRuns)} / ${p99Of(secondBatchRuns)} ms (medians), ${(roundRatio(halfFreshRuns, secondBatchRuns) * 100).toFixed(1)} % of the req/s (median of per-round ratios)`
	)
	console.log(`gateway CPU per batch, first gateway and gateway ${secondGatewayName}: ${cpuComparison(halfFreshRuns, secondBatchRuns)}`)
}
console.log(
	JSON.stringify({
		bench: 'check-http',
		domains: DOMAINS,
		durationSeconds: SECONDS,
		rounds: BENCH_ROUNDS,
		checkers: CHECKERS,
		results: Object.fromEntries(results)
	})
)
