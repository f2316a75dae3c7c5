import { type Bus, type Consumption, TransientError, consume } from '@lv/bus'
import { ReadJob, readerConsumer } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import type { JurisdictionCode } from '@lv/registers'
import { ReconciliationBusyError, RunFailedError } from './errors.ts'
import { type RunDeps, type RunResult, runJurisdiction } from './run.ts'

const MINUTE = 60_000
/** Redelivery delay after the n-th failed attempt: 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h. */
const RETRY_SCHEDULE_MS = [30_000, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE, 180 * MINUTE]
export const retryDelayMs = (attempt: number) => RETRY_SCHEDULE_MS[Math.min(attempt, RETRY_SCHEDULE_MS.length) - 1] ?? 30_000

/** The schedule's delay, or the wait the source asked for (Retry-After) when that is longer. */
export const redeliveryDelayMs = (failure: RunFailedError, attempt: number, retryDelay: (attempt: number) => number) =>
	Math.max(retryDelay(attempt), failure.requestedWaitMs ?? 0)

export type JobLoopOptions = {
	bus: Bus
	deps: RunDeps
	jurisdictions: readonly JurisdictionCode[]
	logger: Logger
	retryDelay?: (attempt: number) => number
	/**
	 * After each attempt whose register read committed or failed (not one that found another reader
	 * holding the lock): the slot's domain pages are read here. `result` is null when the read failed;
	 * the job is nak'ed after this step.
	 */
	afterAttempt?(jurisdiction: JurisdictionCode, attempt: { slot: string; result: RunResult | null }): Promise<void>
	heartbeatMs?: number
}

/**
 * One consumption per jurisdiction on its durable `reader-<CODE>`: replicas bind the same durable,
 * so a job runs once. A failed run naks the job with a growing delay, after the attempt's
 * `afterAttempt` step; a run that finds another replica reconciling naks it briefly.
 */
export async function startJobLoops(options: JobLoopOptions): Promise<{ stop(): Promise<void>; isRunning(): boolean }> {
	const retryDelay = options.retryDelay ?? retryDelayMs
	const consumptions: Consumption[] = []
	for (const jurisdiction of options.jurisdictions) {
		const consumption = await consume(options.bus, {
			consumer: readerConsumer(jurisdiction),
			schema: ReadJob,
			logger: options.logger,
			maxMessages: 1,
			handler: async (job, context) => {
				if (job.jurisdiction !== jurisdiction) return
				const heartbeat = setInterval(() => context.working(), options.heartbeatMs ?? MINUTE)
				try {
					let result: RunResult | null = null
					let failure: RunFailedError | null = null
					try {
						result = await runJurisdiction(options.deps, jurisdiction, job.id)
					} catch (error) {
						if (error instanceof ReconciliationBusyError) throw new TransientError(error.message, retryDelay(1))
						if (!(error instanceof RunFailedError)) throw error
						failure = error
					}
					await options
						.afterAttempt?.(jurisdiction, { slot: job.slot, result })
						.catch((error: unknown) => options.logger.warn('after-attempt step failed', { jurisdiction, slot: job.slot, error }))
					if (failure)
						throw new TransientError(
							`${failure.reason}: ${failure.message}`,
							redeliveryDelayMs(failure, context.deliveryCount, retryDelay),
							{
								cause: failure
							}
						)
				} finally {
					clearInterval(heartbeat)
				}
			}
		})
		consumptions.push(consumption)
	}
	return {
		/** Every jurisdiction's consumption runs: one whose loop cannot run leaves that register unread. */
		isRunning: () => consumptions.every((consumption) => consumption.isRunning()),
		async stop() {
			await Promise.all(consumptions.map((consumption) => consumption.stop()))
		}
	}
}
