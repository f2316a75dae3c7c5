import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startCheckLoad, startReadLoad } from './load.ts'
import { type LoadedCluster, faultRound, settleAndReport, startLoadedCluster } from './scenario.ts'

/**
 * The `--cluster` topology under a steady load of keyed checks, register reads and the webhook
 * deliveries they cause, while one NATS node is killed and brought back, one replica of each
 * service is killed in turn and PostgreSQL restarts. Afterwards nothing is lost or counted twice.
 * `bun tests/cluster/soak.ts` runs the same rounds for longer.
 */
let cluster: LoadedCluster

beforeAll(async () => {
	cluster = await startLoadedCluster()
}, 180_000)

afterAll(async () => {
	await cluster?.topology.stop()
}, 60_000)

describe('a three-node NATS cluster with two replicas of every service', () => {
	test('rides through a NATS node, one replica of each service and PostgreSQL going down: no event or delivery lost, counters exact', async () => {
		const { topology, apiKey } = cluster
		const checks = startCheckLoad({ gatewayUrls: topology.gatewayUrls, apiKey, perSecond: 12 })
		const reads = startReadLoad({ bus: topology.bus, everyMs: 1_500 })
		const phases = await faultRound(topology, checks, { day: 1, restartReplicas: false })
		const figures = await checks.stop()
		const readsEnqueued = await reads.stop()

		const report = await settleAndReport(topology, { figures, phases, readsEnqueued })
		console.log(report.text)

		expect(report.events.outboxed).toBeGreaterThan(0)
		expect({ missingFromEvents: report.events.missingFromEvents, storedTwice: report.events.storedTwice }).toEqual({
			missingFromEvents: [],
			storedTwice: []
		})
		expect(report.deliveries).toMatchObject({
			due: report.deliveries.delivered,
			withoutDelivery: 0,
			notReceived: 0,
			duplicatesWithOtherEvent: 0
		})
		expect(report.reads).toEqual({ historyOutsideSucceededReads: 0, licenceEventsWithoutHistory: 0, running: 0 })
		// a successful call is charged once, a failed one not at all; only a call whose answer broke in flight is unknown
		expect(report.counter - figures.answered200).toBeGreaterThanOrEqual(0)
		expect(report.counter - figures.answered200).toBeLessThanOrEqual(figures.lostInFlight)
	}, 300_000)
})
