import { type Bus, type Consumption, TransientError, consume, publish, requestBytes } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { BULK_CHECK_CONSUMER, BulkCheckBatch, CheckBatchRequest, bulkCheckBatchMsgId, subjects } from '@lv/contracts'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { type KeyPlan, countKeyCalls, readKeyPlan } from '@lv/quota'
import { batchRanges } from '@lv/bulk-check'
import { secondWindow } from '@lv/fixed-window'
import { issueActionKey, revokeActionKey } from '../gateway/action-keys.ts'
import { asSql } from '../store/transaction.ts'
import {
	type WorkerJob,
	type BatchAnswers,
	type BatchToCheck,
	type FinishedJob,
	batchesWork,
	claimJobKey,
	findJobForWorker,
	finishStoredJobs,
	markStopped,
	storeBatches,
	unfinishedBatches
} from './job-store.ts'
import { countJobSummary } from './job-summary.ts'
import type { DashboardMetrics } from '../metrics.ts'

/**
 * Batches sent as one message (ADR 0037): a message's batches are read, counted, stored and acked
 * together, so those costs are paid once for all of them; each batch is still its own check.batch
 * request and its own call against the quota.
 */
export const BATCHES_PER_MESSAGE = 5

/**
 * Messages one worker process handles at once (each pull subscription handles its messages one by
 * one): a message spends much of its time waiting on PostgreSQL and the checker, so a couple in
 * flight keep the checker as busy as POST /v1/check/batch with a few connections does.
 */
const MESSAGES_IN_FLIGHT = 2

export type BulkWorkerDeps = { sql: Sql; bus: Bus; clock: Clock; logger: Logger; checkerTimeoutMs: number; metrics?: DashboardMetrics }

/**
 * Publishes batches of a job, BATCHES_PER_MESSAGE to a message; a message published twice (a
 * restart, a second click) is one message (Nats-Msg-Id), and a batch in two messages is handled once.
 */
export async function publishBatches(
	deps: Pick<BulkWorkerDeps, 'bus' | 'clock'>,
	jobId: string,
	batches: readonly number[]
): Promise<void> {
	const sentAt = deps.clock.now().toISOString()
	// All at once: one after another, each waiting for its stream's acknowledgement, delayed a large job's start.
	await Promise.all(
		batchRanges(batches, BATCHES_PER_MESSAGE).map((range) => {
			const id = bulkCheckBatchMsgId(jobId, range.batch, range.batches)
			return publish(deps.bus, BulkCheckBatch, subjects.bulkCheckBatch, { id, sent_at: sentAt, job_id: jobId, ...range }, id)
		})
	)
}

/** Why a job's batches were not counted: its quota is used up, or its key or plan is gone. */
type StopReason = 'quota_exhausted' | 'no_plan'

class QuotaRefusal extends Error {
	constructor(readonly outcome: StopReason) {
		super(outcome)
	}
}

/** The batches counted by this call, in order, and why the rest were not (a per-second refusal is retried after `retryAfterMs`). */
type Charge = { charged: number[]; refusal: null | { stop: StopReason } | { retryAfterMs: number } }

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

/**
 * Counts each of `batches` as one call with `keyId`, in the same transaction as their
 * bulk_check_batches rows, so a batch is counted once whatever the redeliveries. The calls the
 * quota or the per-second limit refuse are the last ones: their rows are removed again, so those
 * batches stay uncounted.
 */
function countBatchesOnce(deps: BulkWorkerDeps, job: WorkerJob, batches: readonly number[], keyId: string, plan: KeyPlan): Promise<Charge> {
	const { sql, clock } = deps
	return sql.begin(async (tx) => {
		const inserted = await tx<{ batch: number }[]>`
			INSERT INTO bulk_check_batches (job_id, batch, charged_at) SELECT ${job.id}, batch, ${clock.now()} FROM unnest(${batches}::int[]) AS b(batch)
			ON CONFLICT DO NOTHING RETURNING batch`
		if (inserted.length === 0) return { charged: [], refusal: null }
		const fresh = inserted.map((row) => row.batch).sort((a, b) => a - b)
		const nowMs = clock.now().getTime()
		const verdicts = await countKeyCalls(asSql(tx), { keyId, accountId: job.accountId, nowMs, plan, calls: fresh.length })
		if (verdicts.some((verdict) => verdict.outcome === 'stale')) throw new QuotaRefusal('no_plan')
		const admitted = verdicts.filter((verdict) => verdict.outcome === 'admitted').length
		const refused = verdicts[admitted]
		if (!refused) return { charged: fresh, refusal: null }
		await tx`DELETE FROM bulk_check_batches WHERE job_id = ${job.id} AND batch IN ${tx(fresh.slice(admitted))}`
		const refusal =
			refused.outcome === 'per_second_exceeded'
				? { retryAfterMs: secondWindow(nowMs).resetMs - nowMs }
				: { stop: 'quota_exhausted' as const }
		return { charged: fresh.slice(0, admitted), refusal }
	})
}

/**
 * Counts the batches, each as one call against the account's quota through the gateway's
 * counting. A plan kept from before that no longer holds is read again; a key found revoked is
 * replaced once (the plan itself gone stops the job).
 */
async function chargeBatches(deps: BulkWorkerDeps, job: WorkerJob, batches: readonly number[]): Promise<Charge> {
	let keyId = await jobKey(deps, job, null)
	for (let replaced = false; ; ) {
		const { plan, kept } = await keyPlanOf(deps, job, keyId)
		try {
			if (!plan) throw new QuotaRefusal('no_plan')
			return await countBatchesOnce(deps, job, batches, keyId, plan)
		} catch (error) {
			if (!(error instanceof QuotaRefusal)) throw error
			if (error.outcome !== 'no_plan') return { charged: [], refusal: { stop: error.outcome } }
			keyPlans.delete(keyId)
			if (kept) continue
			if (replaced) return { charged: [], refusal: { stop: error.outcome } }
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

/** Sends the batch's domains as one check.batch message; the store checks the reply answers every one. */
async function checkBatch(deps: BulkWorkerDeps, { batch, first, domains }: BatchToCheck): Promise<BatchAnswers & { batch: number }> {
	const reply = new TextDecoder().decode(
		await requestBytes(deps.bus, {
			subject: subjects.checkBatch,
			schema: CheckBatchRequest,
			body: { id: crypto.randomUUID(), sent_at: deps.clock.now().toISOString(), domains: [...domains] },
			timeoutMs: deps.checkerTimeoutMs,
			unavailableReason: 'checker_unavailable'
		})
	)
	return { batch, first, count: domains.length, reply }
}

/** The job stops (its quota used up, its plan gone): marked stopped, its counting key revoked. */
async function stopJob(deps: BulkWorkerDeps, job: WorkerJob, reason: StopReason): Promise<void> {
	deps.logger.info('bulk check job stopped', { job_id: job.id, account_id: job.accountId, reason })
	await markStopped(deps.sql, job.id, reason, deps.clock.now())
	await endJob(deps, (await findJobForWorker(deps.sql, job.id)) ?? job)
	deps.metrics?.bulkJobEnded(reason)
}

/**
 * One message's batches: read with their job (one statement), counted once (one transaction),
 * checked (a check.batch request each, at once) and stored (one statement); then the job ends if
 * they were its last batches to be stored. A batch found stored already (a redelivery after a
 * worker died between its store and its ack) is skipped. A quota refusal stops the job after the
 * batches counted before it are stored, whenever their messages come (a stopped job's counted
 * batches are still checked); a per-second refusal or an incomplete reply leaves the message to be
 * redelivered for the batches not stored.
 */
export async function handleBatch(deps: BulkWorkerDeps, message: BulkCheckBatch): Promise<void> {
	const work = await batchesWork(deps.sql, message.job_id, { batch: message.batch, batches: message.batches ?? 1 })
	if (!work || (work.job.state !== 'running' && work.job.state !== 'stopped')) return
	const { job } = work
	// A stopped job counts nothing more, but a batch counted before the stop is still checked and stored: its call was charged.
	const running = job.state === 'running'
	const fresh = running ? work.batches.filter((batch) => batch.status === 'new').map((batch) => batch.batch) : []
	const charge: Charge = fresh.length > 0 ? await chargeBatches(deps, job, fresh) : { charged: [], refusal: null }
	if (charge.refusal && 'stop' in charge.refusal) await stopJob(deps, job, charge.refusal.stop)
	const toCheck = work.batches.filter((batch) => batch.status === 'charged' || charge.charged.includes(batch.batch))
	const answers = await Promise.all(toCheck.map((batch) => checkBatch(deps, batch)))
	const outcomes = answers.length > 0 ? await storeBatches(deps.sql, job.id, answers, deps.clock.now()) : []
	outcomes.forEach((outcome, index) => {
		if (outcome === 'stored') deps.metrics?.bulkBatchChecked(toCheck[index]?.domains.length ?? 0)
	})
	if (outcomes.includes('incomplete')) throw new TransientError('the checker answered a different number of rows')
	if (charge.refusal && 'retryAfterMs' in charge.refusal) throw new TransientError('per-second limit reached', charge.refusal.retryAfterMs)
	if (!charge.refusal && running) await finishStored(deps, job.id)
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
		Array.from({ length: MESSAGES_IN_FLIGHT }, () =>
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
		isRunning: () => consumptions.every((consumption) => consumption.isRunning()),
		async stop() {
			await Promise.all(consumptions.map((consumption) => consumption.stop()))
		}
	}
}
