/**
 * The cluster fault rounds for longer than CI allows: `bun tests/cluster/soak.ts [minutes]` (default 10).
 * Each round kills the EVENTS leader's NATS node and brings it back, kills one replica of each
 * service (started again for the next round) and restarts PostgreSQL, under the same steady load as
 * tests/cluster/faults.test.ts; at the end it prints the figures and exits 1 if anything was lost.
 */
import { startCheckLoad, startReadLoad } from './load.ts'
import { type Phase, faultRound, settleAndReport, startLoadedCluster } from './scenario.ts'

const minutes = Number(process.argv[2] ?? 10)
const { topology, apiKey } = await startLoadedCluster()
let failed = true
try {
	const checks = startCheckLoad({ gatewayUrls: topology.gatewayUrls, apiKey, perSecond: 12 })
	const reads = startReadLoad({ bus: topology.bus, everyMs: 1_500 })
	const phases: Phase[] = []
	const until = Date.now() + minutes * 60_000
	for (let round = 0; Date.now() < until; round++) {
		phases.push(...(await faultRound(topology, checks, { day: 1 + (round % 2) * 2, restartReplicas: true })))
		console.log(`round ${round + 1} done; ${checks.samples.length} checks so far`)
	}
	const figures = await checks.stop()
	const readsEnqueued = await reads.stop()
	const report = await settleAndReport(topology, { figures, phases, readsEnqueued })
	console.log(report.text)
	failed =
		report.events.missingFromEvents.length > 0 ||
		report.events.storedTwice.length > 0 ||
		report.deliveries.due !== report.deliveries.delivered ||
		report.deliveries.withoutDelivery > 0 ||
		report.deliveries.notReceived > 0 ||
		report.deliveries.duplicatesWithOtherEvent > 0 ||
		Object.values(report.reads).some((count) => count !== 0) ||
		report.counter < figures.answered200 ||
		report.counter - figures.answered200 > figures.lostInFlight
	console.log(failed ? 'SOAK FAILED' : 'soak passed: events lost 0, deliveries lost 0, monthly counter equal to the calls charged')
} finally {
	await topology.stop()
}
process.exit(failed ? 1 : 0)
