import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { metricValue } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { TransientError } from '@lv/bus'
import { accountWithKey, insertPlan } from '../../../gateway/src/test-support/accounts.ts'
import { createDashboardMetrics } from '../metrics.ts'
import { harnessPerFile } from '../test-support/harness.ts'
import { createJob, findJobForWorker, markStarted, markStopped, storeBatches } from './job-store.ts'
import { type BulkWorkerDeps, handleBatch, startBulkWorker } from './worker.ts'

const h = harnessPerFile()
let checker: TestChecker

beforeAll(async () => {
	checker = await startTestChecker({ sql: h.db.sql, natsUrl: h.natsUrl, clock: h.clock })
}, 30_000)

afterAll(async () => {
	await checker?.stop()
})

function workerDeps() {
	const service = createServiceMetrics('dashboard', true)
	const deps: BulkWorkerDeps = {
		sql: h.db.sql,
		bus: h.bus,
		clock: h.clock,
		logger: silentLogger,
		checkerTimeoutMs: 10_000,
		metrics: createDashboardMetrics(service)
	}
	return { deps, registry: service.registry }
}

/** A running job of `domains` distinct domains on an account on `plan` (Enterprise: no per-second limit in the way). */
async function runningJob(domains: number, plan = 'enterprise') {
	const { accountId } = await accountWithKey(h.db.sql, h.clock, plan)
	const entries = Array.from({ length: domains }, (_, index) => ({
		line: index + 1,
		input: `w${index}.example`,
		domain: `w${index}.example`
	}))
	const report = { lines: domains, header: null, blank: 0, duplicates: 0, urlsReduced: 0, junk: 0, junkSamples: [] }
	const jobId = await createJob(h.db.sql, { accountId, sourceName: 'worker test', entries, report, now: h.clock.now() })
	await markStarted(h.db.sql, accountId, jobId, h.clock.now())
	return { accountId, jobId }
}

const batchMessage = (jobId: string, batch: number) => ({ id: `m${batch}`, sent_at: new Date(0).toISOString(), job_id: jobId, batch })

const quotaUsed = async (accountId: string) =>
	(await h.db.sql<{ quota_count: number }[]>`SELECT quota_count FROM limit_counters WHERE subject = ${accountId}`)[0]?.quota_count ?? 0

const storedAnswers = async (jobId: string) =>
	(await h.db.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM bulk_check_results WHERE job_id = ${jobId}`)[0]?.count

describe('bulk check worker', () => {
	test('a batch delivered twice at once and once more later is counted against the quota once and its answers stored once', async () => {
		const { deps, registry } = workerDeps()
		const { accountId, jobId } = await runningJob(250)
		await Promise.all([handleBatch(deps, batchMessage(jobId, 1)), handleBatch(deps, batchMessage(jobId, 1))])
		await handleBatch(deps, batchMessage(jobId, 1))
		expect(await quotaUsed(accountId)).toBe(1)
		expect(await storedAnswers(jobId)).toBe(100)
		expect(await metricValue(registry, 'dashboard_bulk_check_batches_total')).toBe(1)
		expect((await findJobForWorker(h.db.sql, jobId))?.done).toBe(100)
	})

	test('a message of several batches counts each batch as one call and stores each once, whatever the redeliveries and overlapping messages', async () => {
		const { deps, registry } = workerDeps()
		const { accountId, jobId } = await runningJob(450)
		const message = { ...batchMessage(jobId, 0), batches: 5 }
		await Promise.all([handleBatch(deps, message), handleBatch(deps, message), handleBatch(deps, batchMessage(jobId, 2))])
		await handleBatch(deps, message)
		expect(await quotaUsed(accountId)).toBe(5)
		expect(await storedAnswers(jobId)).toBe(450)
		expect(await metricValue(registry, 'dashboard_bulk_check_batches_total')).toBe(5)
		expect(await metricValue(registry, 'dashboard_bulk_check_jobs_total', { outcome: 'finished' })).toBe(1)
		expect(await findJobForWorker(h.db.sql, jobId)).toMatchObject({ state: 'done', done: 450 })
	})

	test('a message whose batches go past the per-second limit stores those admitted and leaves the rest, uncounted, to its redelivery', async () => {
		const { deps } = workerDeps()
		const plan = await insertPlan(h.db.sql, { code: `two_a_second_${crypto.randomUUID().slice(0, 8)}`, per_second_limit: 2 })
		const { accountId, jobId } = await runningJob(450, plan)
		const message = { ...batchMessage(jobId, 0), batches: 5 }
		const refused = await handleBatch(deps, message).then(
			() => null,
			(error: unknown) => error
		)
		expect(refused).toBeInstanceOf(TransientError)
		expect(await quotaUsed(accountId)).toBe(2)
		expect(await storedAnswers(jobId)).toBe(200)
		const counted = await h.db.sql<{ batch: number }[]>`SELECT batch FROM bulk_check_batches WHERE job_id = ${jobId} ORDER BY batch`
		expect(counted.map((row) => row.batch)).toEqual([0, 1])
		h.clock.advanceSeconds(1)
		await handleBatch(deps, message).catch(() => undefined)
		h.clock.advanceSeconds(1)
		await handleBatch(deps, message)
		expect(await quotaUsed(accountId)).toBe(5)
		expect(await findJobForWorker(h.db.sql, jobId)).toMatchObject({ state: 'done', done: 450 })
	})

	test("a job deleted takes its stored answers with it, and another job's stay", async () => {
		const { deps } = workerDeps()
		const gone = await runningJob(150)
		const kept = await runningJob(150)
		for (const { jobId } of [gone, kept]) await handleBatch(deps, { ...batchMessage(jobId, 0), batches: 2 })
		await h.db.sql`DELETE FROM bulk_check_jobs WHERE id = ${gone.jobId}`
		expect(await storedAnswers(gone.jobId)).toBe(0)
		expect(await storedAnswers(kept.jobId)).toBe(150)
	})

	test("a message reaching past the end of its job handles only the job's batches", async () => {
		const { deps } = workerDeps()
		const { accountId, jobId } = await runningJob(150)
		await handleBatch(deps, { ...batchMessage(jobId, 0), batches: 5 })
		expect(await quotaUsed(accountId)).toBe(2)
		expect(await findJobForWorker(h.db.sql, jobId)).toMatchObject({ state: 'done', done: 150 })
	})

	test('a checker reply that does not answer every entry of the batch stores nothing and leaves the batch to be retried', async () => {
		const { jobId } = await runningJob(100)
		await h.db.sql`INSERT INTO bulk_check_batches (job_id, batch, charged_at) VALUES (${jobId}, 0, ${h.clock.now()})`
		const answering = (rows: number) => JSON.stringify({ results: Array.from({ length: rows }, () => ({ verdict: 'unlisted' })) })
		const store = async (reply: string) =>
			(await storeBatches(h.db.sql, jobId, [{ batch: 0, first: 0, count: 100, reply }], h.clock.now()))[0]
		expect(await store(answering(99))).toBe('incomplete')
		expect(await store(answering(101))).toBe('incomplete')
		expect(await store(JSON.stringify({ error: 'checker_unavailable' }))).toBe('incomplete')
		expect(await storedAnswers(jobId)).toBe(0)
		expect((await findJobForWorker(h.db.sql, jobId))?.done).toBe(0)
		expect(await store(answering(100))).toBe('stored')
		expect(await store(answering(100))).toBe('already')
		expect(await storedAnswers(jobId)).toBe(100)
	})

	test('progress counts the entries of the stored batches, the last one short', async () => {
		const { deps } = workerDeps()
		const { jobId } = await runningJob(250)
		await handleBatch(deps, batchMessage(jobId, 2))
		expect((await findJobForWorker(h.db.sql, jobId))?.done).toBe(50)
		await handleBatch(deps, batchMessage(jobId, 0))
		expect(await findJobForWorker(h.db.sql, jobId)).toMatchObject({ state: 'running', done: 150 })
	})

	test('an account moved to another plan during a job goes on being counted under its new plan', async () => {
		const { deps } = workerDeps()
		const { accountId, jobId } = await runningJob(250)
		await handleBatch(deps, batchMessage(jobId, 0))
		await h.db.sql`UPDATE accounts SET plan_code = 'business' WHERE id = ${accountId}`
		await handleBatch(deps, batchMessage(jobId, 1))
		expect(await findJobForWorker(h.db.sql, jobId)).toMatchObject({ state: 'running', done: 200 })
		expect(await quotaUsed(accountId)).toBe(2)
	})

	test('batches stored at the same moment end their job exactly once, with its key revoked', async () => {
		const { deps, registry } = workerDeps()
		const { accountId, jobId } = await runningJob(1_000)
		await Promise.all(Array.from({ length: 10 }, (_, batch) => handleBatch(deps, batchMessage(jobId, batch))))
		const job = await findJobForWorker(h.db.sql, jobId)
		expect(job).toMatchObject({ state: 'done', done: 1_000 })
		expect(await quotaUsed(accountId)).toBe(10)
		expect(await storedAnswers(jobId)).toBe(1_000)
		expect(await metricValue(registry, 'dashboard_bulk_check_jobs_total', { outcome: 'finished' })).toBe(1)
		const [key] = await h.db.sql<
			{ revoked: boolean }[]
		>`SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = ${job?.keyId ?? null}`
		expect(key?.revoked).toBe(true)
	})

	test('a job whose last batch was stored by a worker that stopped before ending it is ended when a worker starts', async () => {
		const { deps } = workerDeps()
		const { jobId } = await runningJob(150)
		await handleBatch(deps, batchMessage(jobId, 0))
		await handleBatch(deps, batchMessage(jobId, 1))
		// As left by a worker that stored the last batch and died before its end check.
		await h.db.sql`UPDATE bulk_check_jobs SET state = 'running', finished_at = NULL WHERE id = ${jobId}`
		const worker = await startBulkWorker(deps)
		try {
			expect(await findJobForWorker(h.db.sql, jobId)).toMatchObject({ state: 'done', done: 150 })
		} finally {
			await worker.stop()
		}
	})

	test('a batch counted before its job stopped is still checked and stored when its message comes back after the stop; an uncounted one is not counted', async () => {
		const { deps } = workerDeps()
		const { accountId, jobId } = await runningJob(250)
		// Batch 1 was counted (its call charged) and its checker request timed out; meanwhile another message used up the quota.
		await h.db.sql`INSERT INTO bulk_check_batches (job_id, batch, charged_at) VALUES (${jobId}, 1, ${h.clock.now()})`
		await markStopped(h.db.sql, jobId, 'quota_exhausted', h.clock.now())
		await handleBatch(deps, batchMessage(jobId, 1))
		await handleBatch(deps, batchMessage(jobId, 2))
		expect(await storedAnswers(jobId)).toBe(100)
		expect(await quotaUsed(accountId)).toBe(0)
		const job = await findJobForWorker(h.db.sql, jobId)
		expect([job?.state, job?.done]).toEqual(['stopped', 100])
	})
})
