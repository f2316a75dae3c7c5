/**
 * The bulk check job page of a 50,000-domain job, loaded over HTTP from a real dashboard process
 * (PostgreSQL, nats-server): the finished job's page without a filter, with a verdict filter, a
 * jurisdiction filter, both, and a page deep in the results; and the page of a job half done.
 * The first load of the finished page is timed on its own (it may count what the later ones read);
 * then each page is loaded BENCH_PAGE_LOADS (200) times one after another, as one browser tab does;
 * prints p50 and p99 (wall: the dashboard's worker also runs the half-done job's batches meanwhile, so
 * its process CPU is not the pages' alone). The target: p99 well under 100 ms.
 *   bun bench/bulk-page.ts
 * The answers are stored through the worker's own store functions (job-store.ts), synthetic but of
 * the shape /v1/check/batch gives: a spread of verdicts, eight jurisdictions and 2,000 operators.
 */
import { loadavg } from 'node:os'
import { BULK_BATCH_SIZE } from '@lv/bulk-check'
import { systemClock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { createTestDatabase, startNats, stopSharedPostgres } from '@lv/testing'
import { startSession } from '../services/dashboard/src/auth/sessions.ts'
import { createJob, finishStoredJobs, markStarted, storeBatches } from '../services/dashboard/src/bulk/job-store.ts'
import { countJobSummary } from '../services/dashboard/src/bulk/job-summary.ts'
import { accountWithKey } from '../services/gateway/src/test-support/accounts.ts'
import { startBenchDashboard } from './lib/dashboard.ts'
import { percentile } from './lib/page-probe.ts'

const JOB_DOMAINS = Number(process.env.BENCH_JOB_DOMAINS ?? 50_000)
const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 200)

const VERDICTS = ['licensed', 'not_found', 'licensed', 'domain_not_listed', 'not_found', 'licence_not_active', 'licensed', 'not_found']
const JURISDICTIONS = ['UKGC', 'MGA', 'SGA', 'DGA', 'KSA', 'ONT', 'IOM', 'GIB']
const OPERATORS = 2_000

/** The answer /v1/check/batch gives for entry `i`: every 50th a per-row error, a match for the verdicts that have one. */
function answerAt(i: number, domain: string): Record<string, unknown> {
	if (i % 50 === 49) return { query: { input: domain }, error: 'invalid_hostname', error_detail: 'Not a hostname.', match: null }
	const verdict = VERDICTS[i % VERDICTS.length] as string
	const jurisdiction = JURISDICTIONS[Math.floor(i / 3) % JURISDICTIONS.length] as string
	const operator = (i * 13) % OPERATORS
	const matched = verdict !== 'not_found'
	return {
		query: { domain, input: domain },
		verdict,
		verdict_detail: `${domain}: ${verdict.replaceAll('_', ' ')} according to the register read at 2026-11-24 06:00 UTC; the other covered registers do not list it.`,
		match: matched
			? {
					operator: `Operator ${operator} Limited`,
					operator_slug: `operator-${operator}`,
					jurisdiction,
					regulator_name: `Regulator of ${jurisdiction}`,
					license_number: `${jurisdiction}-${100_000 + operator}`,
					status: verdict === 'licence_not_active' ? 'expired' : 'active',
					match_type: 'domain'
				}
			: null,
		confidence: matched ? 'high' : null,
		match_absence_reason: matched ? null : 'not_listed',
		_meta: matched ? { register: { jurisdiction, last_read_at: '2026-11-24T06:00:00Z', sla_breached: false } } : {}
	}
}

/** A started job of JOB_DOMAINS entries whose first `storedBatches` batches are answered, as the worker stores them. */
async function seedJob(sql: Sql, accountId: string, sourceName: string, storedBatches: number): Promise<string> {
	const entries = Array.from({ length: JOB_DOMAINS }, (_, i) => ({ line: i + 2, input: `site-${i}.example`, domain: `site-${i}.example` }))
	const report = { lines: JOB_DOMAINS + 1, header: 'domain', blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }
	const jobId = await createJob(sql, { accountId, sourceName, entries, report, now: new Date() })
	await markStarted(sql, accountId, jobId, new Date())
	for (let batch = 0; batch < storedBatches; batch++) {
		const first = batch * BULK_BATCH_SIZE
		const answers = entries.slice(first, first + BULK_BATCH_SIZE).map((entry, index) => answerAt(first + index, entry.domain))
		// The charge the worker records before it asks the checker (bench seeding only; no quota is counted).
		await sql`INSERT INTO bulk_check_batches (job_id, batch, charged_at) VALUES (${jobId}, ${batch}, now())`
		await storeBatches(sql, jobId, [{ batch, first, count: answers.length, reply: JSON.stringify({ results: answers }) }], new Date())
	}
	// As the worker does when a job ends: its summary is counted then.
	for (const job of await finishStoredJobs(sql, new Date(), jobId)) await countJobSummary(sql, job.id)
	await sql`VACUUM ANALYZE bulk_check_results`
	return jobId
}

const db = await createTestDatabase()
const nats = await startNats()
try {
	const { accountId } = await accountWithKey(db.sql, systemClock, 'enterprise', 'bench')
	const [user] = await db.sql<{ id: string }[]>`
		INSERT INTO dashboard_users (id, account_id, email, password_hash, created_at)
		VALUES (${crypto.randomUUID()}, ${accountId}, 'bench@example.com', 'unused', now()) RETURNING id`
	const session = await startSession(db.sql, systemClock, (user as { id: string }).id, 3_600_000)
	const batches = Math.ceil(JOB_DOMAINS / BULK_BATCH_SIZE)
	const finished = await seedJob(db.sql, accountId, 'finished', batches)
	const running = await seedJob(db.sql, accountId, 'running', Math.floor(batches / 2))
	const countingStarted = performance.now()
	await countJobSummary(db.sql, finished)
	console.log(
		`counting the finished job's summary again (as the worker does once when a job ends): ${(performance.now() - countingStarted).toFixed(1)} ms`
	)
	const dashboard = await startBenchDashboard({ databaseUrl: db.url, natsUrl: nats.url, apiBaseUrl: 'http://127.0.0.1:9', mailDir: '/tmp' })
	const port = dashboard.port
	const headers = { cookie: `lv_session=${session.token}`, accept: 'text/html' }
	const pages: [string, string][] = [
		['finished, no filter', `/bulk/${finished}`],
		['finished, verdict=licensed', `/bulk/${finished}?verdict=licensed`],
		['finished, jurisdiction=MGA', `/bulk/${finished}?jurisdiction=MGA`],
		['finished, verdict=licence_not_active & jurisdiction=KSA', `/bulk/${finished}?verdict=licence_not_active&jurisdiction=KSA`],
		['finished, verdict=error', `/bulk/${finished}?verdict=error`],
		['finished, last page (no filter)', `/bulk/${finished}?${process.env.BENCH_DEEP_QUERY ?? `after=${JOB_DOMAINS - 101}`}`],
		['running, half done', `/bulk/${running}`]
	]
	try {
		console.log(`${JOB_DOMAINS} domains per job, ${LOADS} loads per page, load average ${loadavg()[0]?.toFixed(1)}`)
		// A fresh process is slow on its first requests (connections, compilation): warm it on the running job's page first.
		for (let load = 0; load < 20; load++) await (await fetch(`http://127.0.0.1:${port}/bulk/${running}`, { headers })).text()
		const started = performance.now()
		await (await fetch(`http://127.0.0.1:${port}/bulk/${finished}`, { headers })).text()
		console.log(`finished, the first load after the job ended: ${(performance.now() - started).toFixed(1)} ms`)
		for (const [name, path] of pages) {
			const times: number[] = []
			let bytes = 0
			for (let load = 0; load < LOADS; load++) {
				// A fresh process is slow on its first requests (connections, compilation): warm it on the running job's page first.
				for (let load = 0; load < 20; load++) await (await fetch(`http://127.0.0.1:${port}/bulk/${running}`, { headers })).text()
				const started = performance.now()
				const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
				const body = await response.text()
				times.push(performance.now() - started)
				if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
				bytes = body.length
			}
			console.log(
				`${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ${(bytes / 1024).toFixed(0)} KiB, load ${loadavg()[0]?.toFixed(1)}`
			)
		}
	} finally {
		await dashboard.stop()
	}
} finally {
	await nats.stop()
	await db.drop()
	await stopSharedPostgres()
}
