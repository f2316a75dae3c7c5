import type { TestClock } from '@lv/clock'
import { waitFor } from '@lv/testing'
import type { CheckerStateWatch } from '../routes/checker-states-watch.ts'

/**
 * Probes the checker replicas (ADR 0048) and waits until `replicas` of them, none leaving, have proven their
 * latest state at the probe's instant: the clock moves on by 1 ms first, so no earlier probe's proof counts.
 */
export async function proveCheckerStates(watch: CheckerStateWatch, clock: TestClock, replicas: number): Promise<void> {
	clock.advance(1)
	const at = clock.nowMs()
	watch.probe()
	await waitFor(
		() => {
			const heard = watch.states.replicas().filter((replica) => !replica.leaving)
			return heard.length === replicas && heard.every((replica) => replica.provenAtMs === at)
		},
		{ what: 'every checker replica to answer the probe' }
	)
}
