/**
 * Dashboard bulk check against POST /v1/check/batch on the same machine, real processes (checker,
 * gateway, dashboard with its bulk worker, nats-server, PostgreSQL), in BENCH_ROUNDS (3) alternating rounds of:
 *   1. POST /v1/check/batch, BENCH_BATCH_CONNECTIONS (4) connections, for BENCH_DURATION s: domains/s. The requests
 *      carry the job's own list of BENCH_JOB_DOMAINS (50,000) distinct domains, 100 a request in the job's batch
 *      order, over and over: both sides check the same domains, and the checker's answer memo (4,096 answers)
 *      misses on both as it would for any list this long;
 *   2. the bulk check job of that list, from start to done: domains/s, with a person watching it
 *      (lib/page-probe.ts: the page's progress poll every second and a full GET /bulk/{id} every
 *      BENCH_RELOAD_MS (250) ms): the p99 of those page loads;
 *   3. the same job with an aggressive probe instead (wrk, 2 connections loading GET /bulk/{id} as fast as
 *      they go): what a page hammered beside the job costs it, and the page latency then.
 *   bun bench/bulk-check.ts
 * Each side's line gives the CPU its servers used per 100 domains (lib/process.ts cpuSecondsOfChildren), by process:
 * on this CPU-bound machine the ratio of those predicts the rate share and drifts far less.
 * The job's share of the batch rate is taken within each round (the shared machine drifts from one
 * minute to the next), then the median over rounds. The target: at least 50 %, page p99 under 100 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { connectBus } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { REPO_ROOT, TMP_ROOT, createTestDatabase, freePort, startNats, stopSharedPostgres, waitFor } from '@lv/testing'
import { startSession } from '../services/dashboard/src/auth/sessions.ts'
import { createJob, markStarted } from '../services/dashboard/src/bulk/job-store.ts'
import { publishBatches } from '../services/dashboard/src/bulk/worker.ts'
import { accountWithKey } from '../services/gateway/src/test-support/accounts.ts'
import { startService } from '../tests/e2e/check-stack.ts'
import { registerSizes, seedSyntheticRegisters } from './check-seed.ts'
import { cpuSecondsOfChildren, cpuSecondsSince, profileArgs, startServer } from './lib/process.ts'
import { BENCH_ROUNDS, median, medianOverRounds, medianRun } from './lib/rounds.ts'
import { percentile, startPageProbe } from './lib/page-probe.ts'
import { type WrkResult, ensureWrk, runWrk } from './lib/wrk.ts'

const INDEX_DOMAINS = Number(process.env.BENCH_DOMAINS ?? 100_000)
const JOB_DOMAINS = Number(process.env.BENCH_JOB_DOMAINS ?? 50_000)
const SECONDS = Number(process.env.BENCH_DURATION ?? 6)
const BATCH_CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 4)
const RELOAD_MS = Number(process.env.BENCH_RELOAD_MS ?? 250)

ensureWrk()
const workDir = mkdtempSync(join(TMP_ROOT, 'bench-bulk-'))
const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
await seedSyntheticRegisters(db.sql, INDEX_DOMAINS)
const { key, accountId } = await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')

/** Half listed hosts spread over the registers, half unlisted names. */
const [[code = 'UKGC', size = 1] = []] = registerSizes(INDEX_DOMAINS)
const domainAt = (i: number) => (i % 2 === 0 ? `${code.toLowerCase()}-site${1 + ((i * 2_917) % size)}.com` : `unlisted-${i}-shop.example`)

const checker = await startService('checker', { DATABASE_URL: db.url, NATS_URL: nats.url }, profileArgs())
const gateway = await startServer(
	join(REPO_ROOT, 'bench/gateway-server.ts'),
	await freePort(),
	{ DATABASE_URL: db.url, NATS_URL: nats.url },
	'/bench/ready'
)
const dashboardPort = await freePort()
const dashboard = await startService(
	'dashboard',
	{
		DATABASE_URL: db.url,
		NATS_URL: nats.url,
		PORT: String(dashboardPort),
		APP_URL: `http://127.0.0.1:${dashboardPort}`,
		API_BASE_URL: `http://127.0.0.1:${gateway.port}`,
		DASHBOARD_MAIL_URL: `file://${workDir}`
	},
	profileArgs()
)
const bus = await connectBus({ servers: nats.url, name: 'bench-bulk' })
const serverLabels = new Map([
	[checker.pid, 'checker'],
	[gateway.pid, 'gateway'],
	[dashboard.pid, 'dashboard']
])
/** The servers' CPU (the load generators wrk and this process left out), in ms per 100 domains, and its parts. */
const cpuPer100 = (seconds: Map<string, number>, domains: number) => {
	const servers = [...seconds].filter(([label]) => label !== 'wrk' && label !== 'runuser').sort((a, b) => b[1] - a[1])
	const total = servers.reduce((sum, [, used]) => sum + used, 0)
	const per100 = (used: number) => ((used * 1000 * 100) / domains).toFixed(1)
	return {
		ms: (total * 1000 * 100) / domains,
		text: `${per100(total)} ms CPU per 100 domains (${servers
			.filter(([, used]) => used > 0)
			.map(([label, used]) => `${label} ${per100(used)}`)
			.join(', ')})`
	}
}

try {
	const [user] = await db.sql<{ id: string }[]>`
		INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
		VALUES (${crypto.randomUUID()}, ${accountId}, 'bench@example.com', 'unused', now()) RETURNING id`
	const session = await startSession(db.sql, systemClock, (user as { id: string }).id, 3_600_000)
	const distinct = new Map<string, { line: number; input: string; domain: string }>()
	for (let i = 100; distinct.size < JOB_DOMAINS; i++)
		distinct.set(domainAt(i), { line: distinct.size + 1, input: domainAt(i), domain: domainAt(i) })
	const unique = [...distinct.values()]
	/** The job's list as POST /v1/check/batch bodies of 100, sent in turn (wrk.format per request). */
	const batchBodies = Array.from({ length: Math.ceil(unique.length / 100) }, (_, i) =>
		JSON.stringify({ domains: unique.slice(i * 100, i * 100 + 100).map((entry) => entry.domain) })
	)
	const batchLua = `local bodies = { ${batchBodies.map((body) => `[[${body}]]`).join(',\n')} }
local next_body = 0
local headers = { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer ${key}" }
request = function()
  next_body = next_body % #bodies + 1
  return wrk.format("POST", nil, headers, bodies[next_body])
end
`
	const report = { lines: unique.length, header: null, blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }

	const measureBatch = async () => {
		const cpuBefore = cpuSecondsOfChildren(serverLabels)
		const batch = await runWrk({
			url: `http://127.0.0.1:${gateway.port}/v1/check/batch`,
			durationSeconds: SECONDS,
			connections: BATCH_CONNECTIONS,
			threads: 1,
			luaScript: batchLua,
			workDir
		})
		const cpu = cpuPer100(cpuSecondsSince(serverLabels, cpuBefore), batch.requests * 100)
		console.log(
			`POST /v1/check/batch x100, c${BATCH_CONNECTIONS}: ${batch.requestsPerSecond.toFixed(0)} req/s = ${(batch.requestsPerSecond * 100).toFixed(0)} domains/s (p99 ${batch.p99Ms.toFixed(1)} ms${batch.non2xx ? `, non-2xx ${batch.non2xx}` : ''}), load ${loadavg()[0]?.toFixed(1)}; ${cpu.text}`
		)
		return { rate: batch.requestsPerSecond * 100, cpuMs: cpu.ms }
	}

	const measureJob = async (probe: 'person' | 'wrk') => {
		const jobId = await createJob(db.sql, { accountId, sourceName: 'bench', entries: unique, report, now: new Date() })
		await markStarted(db.sql, accountId, jobId, new Date())
		const startedAtMs = Date.now()
		const pageUrl = `http://127.0.0.1:${dashboardPort}/bulk/${jobId}`
		const cookie = `lv_session=${session.token}`
		const cpuBefore = cpuSecondsOfChildren(serverLabels)
		await publishBatches(
			{ bus, clock: systemClock },
			jobId,
			Array.from({ length: Math.ceil(unique.length / 100) }, (_, i) => i)
		)
		const person = probe === 'person' ? startPageProbe({ pageUrl, cookie, reloadEveryMs: RELOAD_MS }) : null
		const hammer =
			probe === 'wrk' ? runWrk({ url: pageUrl, durationSeconds: 5, connections: 2, threads: 1, headers: { cookie }, workDir }) : null
		let finishedAtMs = 0
		await waitFor(
			async () => {
				const [done] = await db.sql<{ finished_at: Date }[]>`SELECT finished_at FROM bulk_check_jobs WHERE id = ${jobId} AND state = 'done'`
				finishedAtMs = done?.finished_at.getTime() ?? 0
				return done !== undefined
			},
			{ timeoutMs: 600_000, intervalMs: 100, what: 'the bulk job' }
		)
		const cpu = cpuPer100(cpuSecondsSince(serverLabels, cpuBefore), unique.length)
		// From before its batches were published to the end the job records (not when this poll saw it).
		const seconds = (finishedAtMs - startedAtMs) / 1000
		const watched = await person?.stop()
		const hammered = await hammer
		// A load started after the job ended is of the finished page (its results read): kept apart.
		const whileRunning = (watched?.pageLoads ?? []).filter((load) => load.startedAtMs < finishedAtMs).map((load) => load.ms)
		const meanwhile = watched
			? `person watching: ${whileRunning.length} page loads while it ran, p50 ${percentile(whileRunning, 50).toFixed(1)} ms, worst ${Math.max(...whileRunning).toFixed(1)} ms (load ${whileRunning.indexOf(Math.max(...whileRunning)) + 1}), ${watched.polls} progress polls${watched.failures ? `, failed ${watched.failures}` : ''}`
			: `wrk on GET /bulk/{id}: ${hammered?.requestsPerSecond.toFixed(0)} req/s, p50 ${hammered?.p50Ms.toFixed(1)} ms, p99 ${hammered?.p99Ms.toFixed(1)} ms${hammered?.non2xx ? `, non-2xx ${hammered.non2xx}` : ''}`
		console.log(
			`bulk check job, ${unique.length} domains: ${seconds.toFixed(1)} s = ${(unique.length / seconds).toFixed(0)} domains/s, load ${loadavg()[0]?.toFixed(1)}; ${meanwhile}; ${cpu.text}`
		)
		return { rate: unique.length / seconds, pageLoadsMs: whileRunning, hammered, cpuMs: cpu.ms }
	}

	const batchRates: number[] = []
	const jobRates: number[] = []
	const hammeredJobRates: number[] = []
	const pageLoadsMs: number[] = []
	const hammerRuns: WrkResult[] = []
	const loads: number[] = []
	/** Per round: the batch endpoint's server CPU per domain over the watched job's (what the rate ratio follows on a CPU-bound machine). */
	const cpuShares: number[] = []
	const percentOf = (rate: number, round: number) => `${((rate / (batchRates[round] as number)) * 100).toFixed(0)} %`
	for (let round = 0; round < BENCH_ROUNDS; round++) {
		console.log(`-- round ${round + 1} of ${BENCH_ROUNDS}, load ${loadavg()[0]?.toFixed(1)}`)
		loads.push(loadavg()[0] as number)
		const batch = await measureBatch()
		batchRates.push(batch.rate)
		const job = await measureJob('person')
		jobRates.push(job.rate)
		cpuShares.push(batch.cpuMs / job.cpuMs)
		pageLoadsMs.push(...job.pageLoadsMs)
		const hammered = await measureJob('wrk')
		hammeredJobRates.push(hammered.rate)
		if (hammered.hammered) hammerRuns.push(hammered.hammered)
		loads.push(loadavg()[0] as number)
		console.log(
			`job / batch endpoint this round: ${percentOf(job.rate, round)} watched by a person, ${percentOf(hammered.rate, round)} beside the wrk page probe; CPU per domain batch / job ${((batch.cpuMs / job.cpuMs) * 100).toFixed(0)} %`
		)
	}
	const share = medianOverRounds(BENCH_ROUNDS, (round) => (jobRates[round] as number) / (batchRates[round] as number))
	const hammeredShare = medianOverRounds(BENCH_ROUNDS, (round) => (hammeredJobRates[round] as number) / (batchRates[round] as number))
	const hammer = medianRun(hammerRuns)
	console.log(`-- median of ${BENCH_ROUNDS} rounds, load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`)
	console.log(`POST /v1/check/batch x100 (the job's list), c${BATCH_CONNECTIONS}: ${median(batchRates).toFixed(0)} domains/s`)
	console.log(
		`bulk check job, ${unique.length} domains, watched by a person: ${median(jobRates).toFixed(0)} domains/s (${(share * 100).toFixed(0)} % of the batch endpoint, median of the per-round shares); CPU per domain, batch endpoint / job: ${(median(cpuShares) * 100).toFixed(0)} %`
	)
	console.log(
		`dashboard GET /bulk/{id} page loads while it ran (every ${RELOAD_MS} ms, ${pageLoadsMs.length} over all rounds): p50 ${percentile(pageLoadsMs, 50).toFixed(1)} ms, p95 ${percentile(pageLoadsMs, 95).toFixed(1)} ms, p99 ${percentile(pageLoadsMs, 99).toFixed(1)} ms, worst ${Math.max(...pageLoadsMs).toFixed(1)} ms`
	)
	console.log(
		`the same job beside the wrk page probe: ${median(hammeredJobRates).toFixed(0)} domains/s (${(hammeredShare * 100).toFixed(0)} % of the batch endpoint); GET /bulk/{id} under wrk: ${hammer.requestsPerSecond.toFixed(0)} req/s, p99 ${hammer.p99Ms.toFixed(1)} ms (median round)`
	)
} finally {
	await bus.close()
	await dashboard.stop()
	await gateway.stop()
	await checker.stop()
	await nats.stop()
	await db.drop()
	await stopSharedPostgres()
	rmSync(workDir, { recursive: true, force: true })
}
