import { createAccount, issueApiKey } from '@lv/accounts'
import { systemClock } from '@lv/clock'
import { EVENT_NAMES } from '@lv/contracts'
import { JURISDICTION_CODES } from '@lv/registers'
import { waitFor } from '@lv/testing'
import { STACK_SERVICES } from '../../scripts/stack-services.ts'
import { insertEndpoint } from '../../services/notifier/src/test-support/fixtures.ts'
import { enqueueReads } from '../../services/reader/src/scheduler.ts'
import { type CheckFigures, availabilityBetween, type startCheckLoad } from './load.ts'
import { type ClusterTopology, REPLICATED, startClusterTopology } from './topology.ts'
import { eventsStreamIds, faultReport } from './verify.ts'

/** Every event a webhook can carry except the expiry warnings (the registers' dates make them day-dependent). */
export const SUBSCRIBED = EVENT_NAMES.filter((name) => !name.startsWith('license.expiring'))
const WEBHOOK_SECRET_KEY =
	STACK_SERVICES.find((service) => service.name === 'notifier')?.env({ api: 0, apiReplica: 0, dashboard: 0, registers: 0 }, '', 0)
		.WEBHOOK_SECRET_KEY ?? ''

export type LoadedCluster = { topology: ClusterTopology; apiKey: string }

/**
 * The --cluster topology with a Pro account whose webhook endpoint takes every event (seeded before
 * the readers start, so every event has its delivery), and every register read once.
 */
export async function startLoadedCluster(): Promise<LoadedCluster> {
	let apiKey = ''
	const topology = await startClusterTopology({
		overrides: { reader: { READER_OUTBOX_POLL_MS: '200' }, notifier: { NOTIFIER_LEASE_MS: '15000', NOTIFIER_DELIVERY_POLL_MS: '200' } },
		async seed(sql, receiver) {
			const account = await createAccount(sql, systemClock, { name: 'cluster load', plan: 'pro' })
			apiKey = (await issueApiKey(sql, systemClock, account.id, 'cluster load')).key
			await insertEndpoint(sql, systemClock.now(), {
				accountId: account.id,
				url: receiver.url(),
				events: SUBSCRIBED,
				watchlistOnly: false,
				secretKey: WEBHOOK_SECRET_KEY
			})
		}
	})
	try {
		await enqueueReads(topology.bus, systemClock, JURISDICTION_CODES, 'cluster-initial', 'manual')
		await waitFor(
			async () =>
				(await topology.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM register_status WHERE last_successful_read_at IS NOT NULL`)[0]
					?.n === JURISDICTION_CODES.length,
			{ what: 'the first read of every register', timeoutMs: 90_000, intervalMs: 250 }
		)
	} catch (error) {
		await topology.stop()
		throw error
	}
	return { topology, apiKey }
}

export type Phase = { fault: string; from: number }

/**
 * One round of faults under load, each held for a number of checks: kill -9 the EVENTS leader's NATS
 * node and bring it back, kill -9 the first replica of each service in turn (started again afterwards
 * when `restartReplicas`, for the next round), restart PostgreSQL. The register day moves on, so reads
 * during the faults write changes and events.
 */
export async function faultRound(
	topology: ClusterTopology,
	checks: ReturnType<typeof startCheckLoad>,
	round: { day: number; restartReplicas: boolean }
): Promise<Phase[]> {
	const phases: Phase[] = []
	const hold = async (count: number) => {
		const target = checks.samples.length + count
		await waitFor(() => checks.samples.length >= target, { what: `${count} more checks`, timeoutMs: 60_000, intervalMs: 50 })
	}
	const inject = async (fault: string, act: () => unknown, holdChecks = 36) => {
		phases.push({ fault, from: Date.now() })
		await act()
		await hold(holdChecks)
	}

	await hold(24)
	topology.registers.setDay(round.day)
	const leaderName = (await topology.bus.jsm.streams.info('EVENTS')).cluster?.leader
	const node = topology.nats.nodes.find((candidate) => candidate.name === leaderName) ?? topology.nats.nodes[0]
	if (!node) throw new Error('no NATS node')
	await inject(`kill -9 nats ${node.name} (EVENTS leader)`, () => node.kill(), 72)
	await inject(`nats ${node.name} back`, () => node.start())

	topology.registers.setDay(round.day + 1)
	for (const name of REPLICATED) {
		const victim = topology.replicas[name][0]
		if (!victim) throw new Error(`no ${name} replica`)
		await inject(`kill -9 ${name}-1`, () => process.kill(victim.pid, 'SIGKILL'))
	}
	await inject('restart postgresql', () => topology.restartPostgres())
	if (round.restartReplicas) for (const name of REPLICATED) await topology.restartReplica(name, 0)
	phases.push({ fault: 'end of round', from: Date.now() })
	return phases
}

/**
 * After the load: waits until the outbox drained and every due delivery is delivered, then gathers
 * what a run must show (every outbox event in EVENTS exactly once, deliveries, reads, the counter).
 */
export async function settleAndReport(topology: ClusterTopology, run: { figures: CheckFigures; phases: Phase[]; readsEnqueued: number }) {
	const { sql } = topology
	await waitFor(async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`)[0]?.n === 0, {
		what: 'the outbox to drain',
		timeoutMs: 60_000,
		intervalMs: 250
	})
	await waitFor(
		async () => {
			const [row] = await sql<{ open: number; recorded: number; outboxed: number }[]>`
				SELECT (SELECT count(*)::int FROM webhook_deliveries WHERE status <> 'delivered') AS open,
				       (SELECT count(*)::int FROM events WHERE event_id IN (SELECT event_id FROM outbox)) AS recorded,
				       (SELECT count(*)::int FROM outbox) AS outboxed`
			return row?.open === 0 && row.recorded === row.outboxed
		},
		{ what: 'every event recorded and every delivery delivered', timeoutMs: 90_000, intervalMs: 250 }
	)
	const windows = run.phases.slice(0, -1).map((phase, index) => ({
		fault: phase.fault,
		availability: availabilityBetween(run.figures.samples, phase.from, run.phases[index + 1]?.from ?? phase.from)
	}))
	const report = await faultReport(topology, {
		figures: run.figures,
		phases: windows,
		readsEnqueued: run.readsEnqueued,
		subscribed: SUBSCRIBED
	})
	const streamIds = await eventsStreamIds(topology.bus)
	const outboxIds = (await sql<{ event_id: string }[]>`SELECT event_id FROM outbox`).map((row) => row.event_id)
	const events = {
		outboxed: outboxIds.length,
		missingFromEvents: outboxIds.filter((id) => !streamIds.has(id)),
		storedTwice: [...streamIds].filter(([, count]) => count > 1).map(([id]) => id)
	}
	return { ...report, events }
}
