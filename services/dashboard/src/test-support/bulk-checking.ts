import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { waitFor } from '@lv/testing'
import type { Consumption } from '@lv/bus'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { createServiceMetrics } from '@lv/runtime'
import { handleBatch, startBulkWorker } from '../bulk/worker.ts'
import { createDashboardMetrics } from '../metrics.ts'
import type { Harness } from './harness.ts'

export type BulkChecking = { checker: TestChecker; worker: Consumption; stop(): Promise<void> }

/**
 * A checker replica and a bulk check worker on the harness's NATS, as the dashboard process runs them; stopped when
 * the harness stops, before its bus (a batch's handler may still be waiting for the gateway's replicas to drop the
 * job's key), or earlier by `stop`.
 */
export async function startBulkChecking(h: Harness): Promise<BulkChecking> {
	const checker = await startTestChecker({ sql: h.db.sql, natsUrl: h.natsUrl, clock: h.clock })
	const worker = await startBulkWorker({ sql: h.db.sql, bus: h.bus, clock: h.clock, logger: silentLogger, checkerTimeoutMs: 10_000 })
	let stopped: Promise<void> | undefined
	const stop = () => {
		stopped ??= worker.stop().then(() => checker.stop())
		return stopped
	}
	h.beforeStop(stop)
	return { checker, worker, stop }
}

/** Waits until the job has left `running` (done or stopped) and returns its state. */
export const jobFinished = (sql: Sql, jobId: string, timeoutMs = 30_000) =>
	waitFor(
		async () => {
			const [row] = await sql<{ state: string }[]>`SELECT state FROM bulk_check_jobs WHERE id = ${jobId} AND state IN ('done', 'stopped')`
			return row?.state
		},
		{ timeoutMs, what: `bulk check job ${jobId} to finish` }
	)

/** Checks a job's first `batches` batches (one by default) now, one after another, as the worker would, without a worker running. */
export async function checkBatchesNow(h: Harness, jobId: string, batches = 1): Promise<void> {
	const metrics = createDashboardMetrics(createServiceMetrics('dashboard', false))
	for (let batch = 0; batch < batches; batch++)
		await handleBatch(
			{ sql: h.db.sql, bus: h.bus, clock: h.clock, logger: silentLogger, checkerTimeoutMs: 10_000, metrics },
			{ id: `now-${jobId}-${batch}`, sent_at: h.clock.now().toISOString(), job_id: jobId, batch }
		)
}
