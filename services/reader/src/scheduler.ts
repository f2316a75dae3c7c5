import { type Bus, publish } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { ReadJob, readJobMsgId, subjects } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import type { JurisdictionCode } from '@lv/registers'

/** The daily slot an instant belongs to: its UTC date. */
export const dailySlot = (now: Date) => now.toISOString().slice(0, 10)

export type EnqueueResult = { jurisdiction: JurisdictionCode; duplicate: boolean }

/**
 * Publishes one read job per jurisdiction for a slot, with Nats-Msg-Id `read-<CODE>-<slot>`: every
 * replica's scheduler may publish the same slot, JetStream keeps one job.
 */
export async function enqueueReads(
	bus: Bus,
	clock: Clock,
	jurisdictions: readonly JurisdictionCode[],
	slot: string,
	reason: ReadJob['reason']
): Promise<EnqueueResult[]> {
	const results: EnqueueResult[] = []
	for (const jurisdiction of jurisdictions) {
		const id = readJobMsgId(jurisdiction, slot)
		const job: ReadJob = { id, sent_at: clock.now().toISOString(), jurisdiction, slot, reason }
		const { duplicate } = await publish(bus, ReadJob, subjects.readJob(jurisdiction), job, id)
		results.push({ jurisdiction, duplicate })
	}
	return results
}

export type Scheduler = { tick(): Promise<void>; stop(): void }

/** Checks every `intervalMs` whether today's slot is enqueued; the check is cheap and idempotent. */
export function startScheduler(options: {
	bus: Bus
	clock: Clock
	jurisdictions: readonly JurisdictionCode[]
	intervalMs: number
	logger: Logger
}): Scheduler {
	let lastSlot: string | null = null
	const tick = async () => {
		const slot = dailySlot(options.clock.now())
		if (slot === lastSlot) return
		try {
			const results = await enqueueReads(options.bus, options.clock, options.jurisdictions, slot, 'scheduled')
			lastSlot = slot
			options.logger.info('daily reads scheduled', { slot, new: results.filter((r) => !r.duplicate).map((r) => r.jurisdiction) })
		} catch (error) {
			options.logger.warn('scheduling failed; will retry', { slot, error })
		}
	}
	const timer = setInterval(() => void tick(), options.intervalMs)
	void tick()
	return { tick, stop: () => clearInterval(timer) }
}
