import { type Bus, requestBytes } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { CheckStateProbe, subjects } from '@lv/contracts'

/** How long the status answer waits for any checker replica to answer its probe. */
export const CHECKS_PROBE_TIMEOUT_MS = 1_000

/**
 * Whether checks can be answered now: some checker replica answers a `check.state` probe (every
 * replica answers it once its index is loaded) within the bound. No NATS connection, no replica
 * or no answer in time: false.
 */
export async function checksAvailable(bus: Bus, clock: Clock, timeoutMs = CHECKS_PROBE_TIMEOUT_MS): Promise<boolean> {
	if (!bus.isConnected()) return false
	try {
		await requestBytes(bus, {
			subject: subjects.checkState,
			schema: CheckStateProbe,
			body: { id: crypto.randomUUID(), sent_at: clock.now().toISOString() },
			timeoutMs,
			unavailableReason: 'checker_unavailable'
		})
		return true
	} catch {
		return false
	}
}
