/**
 * Dashboard bulk check against POST /v1/check/batch on the same machine, real processes (checker,
 * gateway, dashboard with its bulk worker, nats-server, PostgreSQL), in BENCH_ROUNDS (3) alternating rounds of:
 *   1. POST /v1/check/batch with 100 domains, BENCH_BATCH_CONNECTIONS (4) connections, for BENCH_DURATION s: domains/s;
 *   2. a BENCH_JOB_DOMAINS (50,000) domain bulk check job, from start to done: domains/s, and the
 *      dashboard's page latency (wrk on a signed-in /bulk page, 2 connections as fast as they go) while it runs;
 *   3. the same job with no page loads beside it (what those 2 connections take from the job).
 *   bun bench/bulk-check.ts
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
import { startServer } from './lib/process.ts'
import { BENCH_ROUNDS, median, medianOverRounds, medianRun } from './lib/rounds.ts'
import { type WrkResult, ensureWrk, runWrk } from './lib/wrk.ts'

const INDEX_DOMAINS = Number(process.env.BENCH_DOMAINS ?? 100_000)
const JOB_DOMAINS = Number(process.env.BENCH_JOB_DOMAINS ?? 50_000)
const SECONDS = Number(process.env.BENCH_DURATION ?? 6)
const BATCH_CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 4)

ensureWrk()
const workDir = mkdtempSync(join(TMP_ROOT, 'bench-bulk-'))
const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
await seedSyntheticRegisters(db.sql, INDEX_DOMAINS)
const { key, accountId } = await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')

/** Half listed hosts spread over the registers, half unlisted names, as the batch bench sends them. */
const [[code = 'UKGC', size = 1] = []] = registerSizes(INDEX_DOMAINS)
const domainAt = (i: number) => (i % 2 === 0 ? `${code.toLowerCase()}-site${1 + ((i * 2_917) % size)}.com` : `unlisted-${i}-shop.example`)
const batchBody = JSON.stringify({ domains: Array.from({ length: 100 }, (_, i) => domainAt(i)) })

const checker = await startService('checker', { DATABASE_URL: db.url, NATS_URL: nats.url })
const gateway = await startServer(
	join(REPO_ROOT, 'bench/gateway-server.ts'),
	await freePort(),
	{ DATABASE_URL: db.url, NATS_URL: nats.url },
	'/bench/ready'
)
const dashboardPort = await freePort()
const dashboard = await startService('dashboard', {
	DATABASE_URL: db.url,
	NATS_URL: nats.url,
	PORT: String(dashboardPort),
	APP_URL: `http://127.0.0.1:${dashboardPort}`,
	API_BASE_URL: `http://127.0.0.1:${gateway.port}`,
	DASHBOARD_MAIL_URL: `file://${workDir}`
})
const bus = await connectBus({ servers: nats.url, name: 'bench-bulk' })

try {
	const [user] = await db.sql<{ id: string }[]>`
		INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
		VALUES (${crypto.randomUUID()}, ${accountId}, 'bench@example.com', 'unused', now()) RETURNING id`
	const session = await startSession(db.sql, systemClock, (user as { id: string }).id, 3_600_000)
	const distinct = new Map<string, { line: number; input: string; domain: string }>()
	for (let i = 100; distinct.size < JOB_DOMAINS; i++)
		distinct.set(domainAt(i), { line: distinct.size + 1, input: domainAt(i), domain: domainAt(i) })
	const unique = [...distinct.values()]
	const report = { lines: unique.length, header: null, blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }

	const measureBatch = async () => {
		const batch = await runWrk({
			url: `http://127.0.0.1:${gateway.port}/v1/check/batch`,
			durationSeconds: SECONDS,
			connections: BATCH_CONNECTIONS,
			threads: 1,
			luaScript: `wrk.method = "POST"\nwrk.body = ${JSON.stringify(batchBody)}\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["Authorization"] = "Bearer ${key}"\n`,
			workDir
		})
		console.log(
			`POST /v1/check/batch x100, c${BATCH_CONNECTIONS}: ${batch.requestsPerSecond.toFixed(0)} req/s = ${(batch.requestsPerSecond * 100).toFixed(0)} domains/s (p99 ${batch.p99Ms.toFixed(1)} ms${batch.non2xx ? `, non-2xx ${batch.non2xx}` : ''}), load ${loadavg()[0]?.toFixed(1)}`
		)
		return batch.requestsPerSecond * 100
	}

	const measureJob = async (withPages: boolean) => {
		const jobId = await createJob(db.sql, { accountId, sourceName: 'bench', entries: unique, report, now: new Date() })
		await markStarted(db.sql, accountId, jobId, new Date())
		const started = performance.now()
		await publishBatches(
			{ bus, clock: systemClock },
			jobId,
			Array.from({ length: Math.ceil(unique.length / 100) }, (_, i) => i)
		)
		const pages = withPages
			? runWrk({
					url: `http://127.0.0.1:${dashboardPort}/bulk/${jobId}`,
					durationSeconds: 5,
					connections: 2,
					threads: 1,
					headers: { cookie: `lv_session=${session.token}` },
					workDir
				})
			: null
		await waitFor(async () => (await db.sql`SELECT 1 FROM bulk_check_jobs WHERE id = ${jobId} AND state = 'done'`).length === 1, {
			timeoutMs: 600_000,
			intervalMs: 100,
			what: 'the bulk job'
		})
		const seconds = (performance.now() - started) / 1000
		const page = await pages
		const meanwhile = page
			? `GET /bulk/{id} meanwhile: ${page.requestsPerSecond.toFixed(0)} req/s, p50 ${page.p50Ms.toFixed(1)} ms, p99 ${page.p99Ms.toFixed(1)} ms${page.non2xx ? `, non-2xx ${page.non2xx}` : ''}`
			: 'no page loads meanwhile'
		console.log(
			`bulk check job, ${unique.length} domains: ${seconds.toFixed(1)} s = ${(unique.length / seconds).toFixed(0)} domains/s, load ${loadavg()[0]?.toFixed(1)}; ${meanwhile}`
		)
		return { rate: unique.length / seconds, page }
	}

	const batchRates: number[] = []
	const jobRates: number[] = []
	const quietJobRates: number[] = []
	const pageRuns: WrkResult[] = []
	const percentOf = (rate: number, round: number) => `${((rate / (batchRates[round] as number)) * 100).toFixed(0)} %`
	for (let round = 0; round < BENCH_ROUNDS; round++) {
		console.log(`-- round ${round + 1} of ${BENCH_ROUNDS}`)
		batchRates.push(await measureBatch())
		const job = await measureJob(true)
		jobRates.push(job.rate)
		if (job.page) pageRuns.push(job.page)
		quietJobRates.push((await measureJob(false)).rate)
		console.log(
			`job / batch endpoint this round: ${percentOf(job.rate, round)} with page loads, ${percentOf(quietJobRates[round] as number, round)} without`
		)
	}
	const share = medianOverRounds(BENCH_ROUNDS, (round) => (jobRates[round] as number) / (batchRates[round] as number))
	const quietShare = medianOverRounds(BENCH_ROUNDS, (round) => (quietJobRates[round] as number) / (batchRates[round] as number))
	const page = medianRun(pageRuns)
	console.log(`-- median of ${BENCH_ROUNDS} rounds`)
	console.log(`POST /v1/check/batch x100, c${BATCH_CONNECTIONS}: ${median(batchRates).toFixed(0)} domains/s`)
	console.log(
		`bulk check job, ${unique.length} domains: ${median(jobRates).toFixed(0)} domains/s (${(share * 100).toFixed(0)} % of the batch endpoint, median of the per-round shares)`
	)
	console.log(
		`the same job without page loads: ${median(quietJobRates).toFixed(0)} domains/s (${(quietShare * 100).toFixed(0)} % of the batch endpoint)`
	)
	console.log(
		`dashboard GET /bulk/{id} while a job ran: p50 ${page.p50Ms.toFixed(1)} ms, p99 ${page.p99Ms.toFixed(1)} ms (median round); worst p99 ${Math.max(...pageRuns.map((run) => run.p99Ms)).toFixed(1)} ms`
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
