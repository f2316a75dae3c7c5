/**
 * Notifier fan-out: N events published on EVENTS, each fanned out to every one of M local webhook
 * endpoints (watchlist_only false), delivered by the real notifier process (services/notifier/src/main.ts).
 * Prints deliveries per second, p50/p99 from the event's commit to its arrival at the receiver, and
 * the notifier's peak RSS.
 *
 *   BENCH_EVENTS=10000 BENCH_ENDPOINTS=100 NOTIFIER_DELIVERY_CONCURRENCY=128 bun bench/notifier-fanout.ts
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { connectBus, ensureStreams, publish } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { EventEnvelope, subjects } from '@lv/contracts'
import { REPO_ROOT, createTestDatabase, freePort, startNats } from '@lv/testing'
import {
	insertAccount,
	insertEndpoint,
	insertLicence,
	insertOperator,
	licenceEvent
} from '../services/notifier/src/test-support/fixtures.ts'
import { peakRssDuring, startServer } from './lib/process.ts'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000)
const ENDPOINTS = Number(process.env.BENCH_ENDPOINTS ?? 100)
const CONCURRENCY = process.env.NOTIFIER_DELIVERY_CONCURRENCY ?? '128'
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 1800) * 1000
const expected = EVENTS * ENDPOINTS

const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
const secretKey = randomBytes(32).toString('hex')

const arrivals: { eventId: string; atMs: number }[] = []
const receivers = Array.from({ length: ENDPOINTS }, () =>
	Bun.serve({
		hostname: '127.0.0.1',
		port: 0,
		async fetch(request) {
			const eventId = request.headers.get('x-service-event-id') ?? ''
			arrivals.push({ eventId, atMs: Date.now() })
			await request.arrayBuffer()
			return new Response('ok')
		}
	})
)

const now = systemClock.now()
const operator = await insertOperator(db.sql, now, 'bench-operator')
const licenseId = await insertLicence(db.sql, now, { operatorId: operator.id })
for (const receiver of receivers) {
	const accountId = await insertAccount(db.sql, now, 'enterprise')
	await insertEndpoint(db.sql, now, {
		accountId,
		url: `http://127.0.0.1:${receiver.port}/hook`,
		events: ['license.status_changed'],
		watchlistOnly: false,
		secretKey
	})
}

const healthPort = await freePort()
const notifier = await startServer(
	join(REPO_ROOT, 'services/notifier/src/main.ts'),
	healthPort,
	{
		DATABASE_URL: db.url,
		NATS_URL: nats.url,
		HEALTH_PORT: String(healthPort),
		LOG_LEVEL: 'error',
		WEBHOOK_SECRET_KEY: secretKey,
		WEBHOOK_ALLOW_LIST: '127.0.0.1/32',
		NOTIFIER_DELIVERY_CONCURRENCY: CONCURRENCY,
		NOTIFIER_ENDPOINT_CONCURRENCY: '4',
		NOTIFIER_DELIVERY_POLL_MS: '100'
	},
	'/readyz'
)

const bus = await connectBus({ servers: nats.url, name: 'bench-publisher' })
await ensureStreams(bus)

const { result, peakRssMb } = await peakRssDuring(notifier.pid, async () => {
	const startedMs = Date.now()
	const events = Array.from({ length: EVENTS }, () =>
		licenceEvent('license.status_changed', { operatorId: operator.id, licenseId, operatorSlug: operator.slug }, new Date())
	)
	for (let offset = 0; offset < events.length; offset += 500) {
		await Promise.all(
			events.slice(offset, offset + 500).map((event) => publish(bus, EventEnvelope, subjects.event(event.event), event, event.event_id))
		)
	}
	const publishedMs = Date.now()
	while (arrivals.length < expected && Date.now() - startedMs < TIMEOUT_MS) await Bun.sleep(200)
	return { startedMs, publishedMs, finishedMs: Date.now() }
})

const committed = new Map(
	(await db.sql<{ event_id: string; received_at: Date }[]>`SELECT event_id, received_at FROM events`).map((row) => [
		row.event_id,
		row.received_at.getTime()
	])
)
const latencies = arrivals.map((arrival) => arrival.atMs - (committed.get(arrival.eventId) ?? arrival.atMs)).sort((a, b) => a - b)
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0
const firstCommit = Math.min(...committed.values())
const lastArrival = arrivals.reduce((max, arrival) => Math.max(max, arrival.atMs), 0)
const [stats] = await db.sql<{ delivered: number; total: number }[]>`
	SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*)::int AS total FROM webhook_deliveries`
const uniqueDeliveries = new Set(arrivals.map((arrival) => arrival.eventId)).size

console.log(
	JSON.stringify(
		{
			events: EVENTS,
			endpoints: ENDPOINTS,
			expected_deliveries: expected,
			received_requests: arrivals.length,
			delivery_rows: stats?.total,
			delivered_rows: stats?.delivered,
			distinct_events_received: uniqueDeliveries,
			notifier_concurrency: Number(CONCURRENCY),
			publish_seconds: (result.publishedMs - result.startedMs) / 1000,
			wall_seconds: (result.finishedMs - result.startedMs) / 1000,
			deliveries_per_second: Math.round(arrivals.length / ((lastArrival - firstCommit) / 1000)),
			commit_to_delivery_ms: { p50: percentile(50), p99: percentile(99), max: latencies.at(-1) ?? 0 },
			notifier_peak_rss_mb: peakRssMb
		},
		null,
		2
	)
)

await notifier.stop()
for (const receiver of receivers) receiver.stop(true)
await bus.close()
await nats.stop()
await db.drop()
process.exit(0)
