import { type Bus, type Consumption, TransientError, consume, publish, requestBytes } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { BULK_CHECK_CONSUMER, BulkCheckBatch, CheckBatchRequest, bulkCheckBatchMsgId, subjects } from '@lv/contracts'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { type KeyPlan, countKeyCall, readKeyPlan } from '@lv/quota'
import { secondWindow } from '@lv/fixed-window'
import { issueActionKey, revokeActionKey } from '../gateway/action-keys.ts'
import { asSql } from '../store/transaction.ts'
import {
	type WorkerJob,
	type BatchAnswers,
	type FinishedJob,
	batchWork,
	claimJobKey,
	findJobForWorker,
	finishStoredJobs,
	markStopped,
	storeBatchResults,
	unfinishedBatches
} from './job-store.ts'
import { countJobSummary } from './job-summary.ts'
import type { DashboardMetrics } from '../metrics.ts'

/**
 * Batches one worker process handles at once (each pull subscription handles its messages one by
 * one): a batch spends most of its time waiting on PostgreSQL and the checker, so several in flight
 * keep the checker as busy as POST /v1/check/batch with a few connections does.
 */
const BATCHES_IN_FLIGHT = 8

export type BulkWorkerDeps = { sql: Sql; bus: Bus; clock: Clock; logger: Logger; checkerTimeoutMs: number; metrics?: DashboardMetrics }

/** Publishes every batch of a job; a batch published twice (a restart, a second click) is one message (Nats-Msg-Id). */
export async function publishBatches(
	deps: Pick<BulkWorkerDeps, 'bus' | 'clock'>,
	jobId: string,
	batches: readonly number[]
): Promise<void> {
	const sentAt = deps.clock.now().toISOString()
	for (const batch of batches) {
		await publish(
			deps.bus,
			BulkCheckBatch,
			subjects.bulkCheckBatch,
			{ id: bulkCheckBatchMsgId(jobId, batch), sent_at: sentAt, job_id: jobId, batch },
			bulkCheckBatchMsgId(jobId, batch)
		)
	}
}

type ChargeOutcome = 'charged' | 'quota_exhausted' | 'no_plan'

class QuotaRefusal extends Error {
	constructor(readonly outcome: Exclude<ChargeOutcome, 'charged'>) {
		super(outcome)
	}
}

/**
 * The key the job's batches are counted against: the job's own action key, or a new one for the
 * first batch or in place of `replacing` (revoked by the action key sweep during a long job).
 */
async function jobKey(deps: BulkWorkerDeps, job: WorkerJob, replacing: string | null): Promise<string> {
	if (job.keyId !== null && job.keyId !== replacing) return job.keyId
	const issued = await issueActionKey(deps.sql, deps.clock, job.accountId, 'bulk_check')
	const kept = await claimJobKey(deps.sql, job.id, issued.id, replacing)
	if (kept !== issued.id) await revokeActionKey(deps.sql, deps.clock, job.accountId, issued.id)
	return kept
}

/**
 * The plans of the keys batches are counted with, as last read: a batch's count re-checks its plan
 * against the committed rows, so only a refused count reads it again. Bounded by the jobs running.
 */
const keyPlans = new Map<string, KeyPlan>()
const KEY_PLANS_KEPT = 1_000

async function keyPlanOf(deps: BulkWorkerDeps, job: WorkerJob, keyId: string): Promise<{ plan: KeyPlan | null; kept: boolean }> {
	const kept = keyPlans.get(keyId)
	if (kept) return { plan: kept, kept: true }
	const plan = await readKeyPlan(deps.sql, keyId, job.accountId)
	if (plan) {
		if (keyPlans.size >= KEY_PLANS_KEPT) keyPlans.clear()
		keyPlans.set(keyId, plan)
	}
	return { plan, kept: false }
}

/** Counts one batch with `keyId` in the same transaction as its bulk_check_batches row, so a batch is counted once whatever the redeliveries. */
function countBatchOnce(deps: BulkWorkerDeps, job: WorkerJob, batch: number, keyId: string, plan: KeyPlan): Promise<ChargeOutcome> {
	const { sql, clock } = deps
	return sql.begin(async (tx) => {
		const inserted =
			await tx`INSERT INTO bulk_check_batches (job_id, batch, charged_at) VALUES (${job.id}, ${batch}, ${clock.now()}) ON CONFLICT DO NOTHING RETURNING batch`
		if (inserted.length === 0) return 'charged' as const
		const nowMs = clock.now().getTime()
		const verdict = await countKeyCall(asSql(tx), { keyId, accountId: job.accountId, nowMs, plan })
		if (verdict.outcome === 'per_second_exceeded') throw new TransientError('per-second limit reached', secondWindow(nowMs).resetMs - nowMs)
		if (verdict.outcome === 'quota_exhausted') throw new QuotaRefusal('quota_exhausted')
		if (verdict.outcome === 'stale') throw new QuotaRefusal('no_plan')
		return 'charged' as const
	})
}

/**
 * Counts the batch as one call against the account's quota through the gateway's counting. A
 * per-second refusal is retried in the next second; a plan kept from before that no longer holds is
 * read again; a key found revoked is replaced once (the plan itself gone stops the job).
 */
async function chargeBatch(deps: BulkWorkerDeps, job: WorkerJob, batch: number): Promise<ChargeOutcome> {
	let keyId = await jobKey(deps, job, null)
	for (let replaced = false; ; ) {
		const { plan, kept } = await keyPlanOf(deps, job, keyId)
		try {
			if (!plan) throw new QuotaRefusal('no_plan')
			return await countBatchOnce(deps, job, batch, keyId, plan)
		} catch (error) {
			if (!(error instanceof QuotaRefusal)) throw error
			if (error.outcome !== 'no_plan') return error.outcome
			keyPlans.delete(keyId)
			if (kept) continue
			if (replaced) return error.outcome
			replaced = true
			keyId = await jobKey(deps, { ...job, keyId }, keyId)
		}
	}
}

/** The job is over: its counting key is revoked (the action key sweep would, later). */
async function endJob(deps: BulkWorkerDeps, job: Pick<WorkerJob, 'accountId' | 'keyId'>): Promise<void> {
	if (!job.keyId) return
	keyPlans.delete(job.keyId)
	await revokeActionKey(deps.sql, deps.clock, job.accountId, job.keyId)
}

/** Ends the running jobs (`jobId`, or all) whose every batch is stored. */
async function finishStored(deps: BulkWorkerDeps, jobId: string | null): Promise<void> {
	const finished: FinishedJob[] = await finishStoredJobs(deps.sql, deps.clock.now(), jobId)
	for (const job of finished) {
		await endJob(deps, job)
		await countJobSummary(deps.sql, job.id)
		deps.metrics?.bulkJobEnded('finished')
	}
}

/** Sends the batch's domains (from position `first` on) as one check.batch message; the store checks the reply answers every one. */
async function checkBatch(deps: BulkWorkerDeps, first: number, domains: readonly string[]): Promise<BatchAnswers> {
	const reply = new TextDecoder().decode(
		await requestBytes(deps.bus, {
			subject: subjects.checkBatch,
			schema: CheckBatchRequest,
			body: { id: crypto.randomUUID(), sent_at: deps.clock.now().toISOString(), domains: [...domains] },
			timeoutMs: deps.checkerTimeoutMs,
			unavailableReason: 'checker_unavailable'
		})
	)
	return { first, count: domains.length, reply }
}

/**
 * One batch: read with its job (one statement), counted once, checked, stored; then the job ends if
 * this was its last batch to be stored. A batch found stored already (a redelivery after a worker
 * died between its store and its ack) only re-runs that end check.
 */
export async function handleBatch(deps: BulkWorkerDeps, message: BulkCheckBatch): Promise<void> {
	const work = await batchWork(deps.sql, message.job_id, message.batch)
	if (work?.job.state !== 'running') return
	const { job, status } = work
	if (status === 'new') {
		const charged = await chargeBatch(deps, job, message.batch)
		if (charged !== 'charged') {
			deps.logger.info('bulk check job stopped', { job_id: job.id, account_id: job.accountId, reason: charged })
			await markStopped(deps.sql, job.id, charged, deps.clock.now())
			await endJob(deps, (await findJobForWorker(deps.sql, job.id)) ?? job)
			deps.metrics?.bulkJobEnded(charged)
			return
		}
	}
	if (status !== 'done') {
		const answers = await checkBatch(deps, work.first, work.domains)
		const outcome = await storeBatchResults(deps.sql, job.id, message.batch, answers, deps.clock.now())
		if (outcome === 'incomplete') throw new TransientError('the checker answered a different number of rows')
		if (outcome === 'stored') deps.metrics?.bulkBatchChecked(work.domains.length)
	}
	await finishStored(deps, job.id)
}

/**
 * The bulk check worker: consumes batch messages from the BULK work queue. A message is acked only
 * once its results are stored, so a worker that dies mid-batch leaves it to be redelivered; at start
 * the batches of running jobs not yet stored are published again.
 */
export async function startBulkWorker(deps: BulkWorkerDeps): Promise<Consumption> {
	const pending = new Map<string, number[]>()
	for (const { jobId, batch } of await unfinishedBatches(deps.sql)) pending.set(jobId, [...(pending.get(jobId) ?? []), batch])
	for (const [jobId, batches] of pending) await publishBatches(deps, jobId, batches)
	await finishStored(deps, null)
	const consumptions = await Promise.all(
		Array.from({ length: BATCHES_IN_FLIGHT }, () =>
			consume(deps.bus, {
				consumer: BULK_CHECK_CONSUMER,
				schema: BulkCheckBatch,
				handler: (body) => handleBatch(deps, body),
				logger: deps.logger,
				maxMessages: 2
			})
		)
	)
	return {
		done: Promise.all(consumptions.map((consumption) => consumption.done)).then(() => undefined),
		async stop() {
			await Promise.all(consumptions.map((consumption) => consumption.stop()))
		}
	}
}
