import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { EVENT_NAMES } from '@lv/contracts'
import { createAccount, issueApiKey } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { JURISDICTION_CODES } from '@lv/registers'
import { waitFor } from '@lv/testing'
import { enqueueReads } from '../../services/reader/src/scheduler.ts'
import { STACK_SERVICES } from '../../scripts/stack-services.ts'
import { insertEndpoint } from '../../services/notifier/src/testing/fixtures.ts'
import { availabilityBetween, startCheckLoad, startReadLoad } from './load.ts'
import { type ClusterTopology, REPLICATED, startClusterTopology } from './topology.ts'
import { eventsStreamIds, faultReport } from './verify.ts'

/**
 * The `--cluster` topology under a steady load of keyed checks, register reads and the webhook
 * deliveries they cause, while one NATS node is killed and brought back, one replica of each
 * service is killed in turn and PostgreSQL restarts. Afterwards nothing is lost or counted twice.
 */
const SUBSCRIBED = EVENT_NAMES.filter((name) => !name.startsWith('license.expiring'))
const WEBHOOK_SECRET_KEY = STACK_SERVICES.find((service) => service.name === 'notifier')?.env({ api: 0, apiReplica: 0, dashboard: 0, registers: 0 }, 0).WEBHOOK_SECRET_KEY ?? ''

let topology: ClusterTopology
let apiKey: string

beforeAll(async () => {
	topology = await startClusterTopology({
		overrides: { reader: { READER_OUTBOX_POLL_MS: '200' }, notifier: { NOTIFIER_LEASE_MS: '15000', NOTIFIER_DELIVERY_POLL_MS: '200' } },
		async seed(sql, receiver) {
			const account = await createAccount(sql, systemClock, { name: 'cluster load', plan: 'pro' })
			apiKey = (await issueApiKey(sql, systemClock, account.id, 'cluster load')).key
			await insertEndpoint(sql, systemClock.now(), { accountId: account.id, url: receiver.url(), events: SUBSCRIBED, watchlistOnly: false, secretKey: WEBHOOK_SECRET_KEY })
		}
	})
	await enqueueReads(topology.bus, systemClock, JURISDICTION_CODES, 'cluster-initial', 'manual')
	await waitFor(async () => (await topology.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM register_status WHERE last_successful_read_at IS NOT NULL`)[0]?.n === JURISDICTION_CODES.length, {
		what: 'the first read of every register',
		timeoutMs: 90_000,
		intervalMs: 250
	})
}, 180_000)

afterAll(async () => {
	await topology?.stop()
}, 60_000)

describe('a three-node NATS cluster with two replicas of every service', () => {
	test('rides through a NATS node, one replica of each service and PostgreSQL going down: no event or delivery lost, counters exact', async () => {
		const checks = startCheckLoad({ gatewayUrls: topology.gatewayUrls, apiKey, perSecond: 12 })
		const reads = startReadLoad({ bus: topology.bus, everyMs: 1_500 })
		const phases: { fault: string; from: number }[] = []
		/** Holds the load until `count` more checks were answered or failed. */
		const hold = async (count: number) => {
			const target = checks.samples.length + count
			await waitFor(() => checks.samples.length >= target, { what: `${count} more checks`, timeoutMs: 60_000, intervalMs: 50 })
		}
		const inject = async (fault: string, act: () => void | Promise<void>, holdChecks = 36) => {
			phases.push({ fault, from: Date.now() })
			await act()
			await hold(holdChecks)
		}

		await hold(24)
		topology.registers.setDay(1)
		const leaderName = (await topology.bus.jsm.streams.info('EVENTS')).cluster?.leader
		const node = topology.nats.nodes.find((candidate) => candidate.name === leaderName) ?? topology.nats.nodes[0]
		if (!node) throw new Error('no NATS node')
		await inject(`kill -9 nats ${node.name} (EVENTS leader)`, () => node.kill(), 72)
		await inject(`nats ${node.name} back`, () => node.start())

		topology.registers.setDay(2)
		for (const name of REPLICATED) {
			const victim = topology.replicas[name][0]
			if (!victim) throw new Error(`no ${name} replica`)
			await inject(`kill -9 ${name}-1`, () => {
				process.kill(victim.pid, 'SIGKILL')
			})
		}
		await inject('restart postgresql', () => topology.restartPostgres())
		const loadEnd = Date.now()

		const figures = await checks.stop()
		const readsEnqueued = await reads.stop()

		// afterwards: the outbox drained, every due delivery done
		await waitFor(async () => (await topology.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`)[0]?.n === 0, {
			what: 'the outbox to drain',
			timeoutMs: 60_000,
			intervalMs: 250
		})
		await waitFor(
			async () => {
				const [row] = await topology.sql<{ open: number; recorded: number; outboxed: number }[]>`
					SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE status <> 'delivered') AS open,
					       (SELECT count(*)::int FROM events WHERE event_id IN (SELECT event_id FROM outbox)) AS recorded,
					       (SELECT count(*)::int FROM outbox) AS outboxed`
				return row?.open === 0 && row.recorded === row.outboxed
			},
			{ what: 'every event recorded and every delivery delivered', timeoutMs: 90_000, intervalMs: 250 }
		)

		const windows = phases.map((phase, index) => ({ fault: phase.fault, availability: availabilityBetween(figures.samples, phase.from, phases[index + 1]?.from ?? loadEnd) }))
		const report = await faultReport(topology, { figures, phases: windows, readsEnqueued, subscribed: SUBSCRIBED })
		console.log(report.text)

		const streamIds = await eventsStreamIds(topology.bus)
		const outboxIds = (await topology.sql<{ event_id: string }[]>`SELECT event_id FROM outbox`).map((row) => row.event_id)
		expect({ outboxEvents: outboxIds.length > 0, missingFromEvents: outboxIds.filter((id) => !streamIds.has(id)), storedTwice: [...streamIds].filter(([, count]) => count > 1) }).toEqual({
			outboxEvents: true,
			missingFromEvents: [],
			storedTwice: []
		})
		expect(report.deliveries).toMatchObject({ due: report.deliveries.delivered, withoutDelivery: 0, notReceived: 0, duplicatesWithOtherEvent: 0 })
		expect(report.reads).toMatchObject({ historyOutsideSucceededReads: 0, licenceEventsWithoutHistory: 0, running: 0 })
		expect(figures.duplicateCounts).toBe(0)
		// each admitted call has its own number; numbers nobody saw belong to calls whose answer broke in flight
		expect(report.counter).toBe(figures.highestCount)
		expect(report.counter - report.countedAnswers).toBeLessThanOrEqual(figures.lostInFlight)
	}, 300_000)
})

