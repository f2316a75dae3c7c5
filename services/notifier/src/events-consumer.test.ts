import { beforeAll, expect, test } from 'bun:test'
import { ensureStreams, publish } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { EventEnvelope, NOTIFIER_EVENTS_CONSUMER, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { metricValue, waitFor } from '@lv/testing'
import { startEventsConsumer } from './events-consumer.ts'
import { createNotifierMetrics } from './metrics.ts'
import { purgeExpired } from './retention.ts'
import { coverageEvent, insertAccount, insertEndpoint, testSecretKey } from './test-support/fixtures.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile('notifier-test')
const clock = new TestClock('2026-11-01T10:00:00.000Z')

beforeAll(async () => {
	await ensureStreams(env.bus)
})
const publishEvent = (event: EventEnvelope) => publish(env.bus, EventEnvelope, subjects.event(event.event), event, event.event_id)
const pendingAcks = async () =>
	(await env.bus.jsm.consumers.info(NOTIFIER_EVENTS_CONSUMER.stream, NOTIFIER_EVENTS_CONSUMER.durable)).num_ack_pending

test('an event published on EVENTS is stored with a pending delivery row, acked only once the commit succeeded, and counted as consumed then', async () => {
	const now = clock.now()
	const account = await insertAccount(env.db.sql, now)
	await insertEndpoint(env.db.sql, now, {
		accountId: account,
		url: 'https://hooks.example.com/in',
		events: ['coverage.degraded'],
		secretKey: testSecretKey()
	})
	// the database refuses event rows until the trigger is dropped
	await env.db.sql.unsafe(`
		CREATE FUNCTION refuse_events() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'database unavailable'; END $$;
		CREATE TRIGGER refuse_events BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_events();`)
	let queued = 0
	const service = createServiceMetrics('notifier', true)
	const metrics = createNotifierMetrics(service, { sql: env.db.sql, clock })
	const consumption = await startEventsConsumer({
		bus: env.bus,
		sql: env.db.sql,
		clock,
		logger: silentLogger,
		onDeliveriesQueued: () => queued++,
		metrics
	})
	try {
		const event = coverageEvent(now)
		await publishEvent(event)
		await waitFor(async () => (await pendingAcks()) === 1, { what: 'the message to be held unacked' })
		expect(await env.db.sql`SELECT 1 FROM events`).toHaveLength(0)
		expect(await metricValue(service.registry, 'notifier_events_consumed_total')).toBe(0)
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries`).toHaveLength(0)

		await env.db.sql.unsafe('DROP TRIGGER refuse_events ON events')
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM events WHERE event_id = ${event.event_id}`).length === 1, {
			what: 'the redelivered event to be stored',
			timeoutMs: 15_000
		})
		await waitFor(async () => (await pendingAcks()) === 0, { what: 'the ack after the commit' })
		const deliveries = await env.db.sql`SELECT status, attempt_count FROM webhook_deliveries WHERE event_id = ${event.event_id}`
		expect([...deliveries]).toEqual([{ status: 'pending', attempt_count: 0 }])
		expect(queued).toBe(1)

		await publishEvent(event)
		const again = coverageEvent(now)
		await publishEvent(again)
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM events WHERE event_id = ${again.event_id}`).length === 1, {
			what: 'the next event'
		})
		expect(await env.db.sql`SELECT 1 FROM webhook_deliveries WHERE event_id = ${event.event_id}`).toHaveLength(1)
		// The republished first event is a duplicate JetStream drops; the next one is consumed.
		expect(await metricValue(service.registry, 'notifier_events_consumed_total', { event: 'coverage.degraded' })).toBe(2)
	} finally {
		await consumption.stop()
	}
}, 30_000)

test('a body that is not a SPEC envelope is terminated, not retried', async () => {
	const consumption = await startEventsConsumer({ bus: env.bus, sql: env.db.sql, clock, logger: silentLogger })
	try {
		const before = (await env.bus.jsm.consumers.info(NOTIFIER_EVENTS_CONSUMER.stream, NOTIFIER_EVENTS_CONSUMER.durable)).delivered
			.stream_seq
		await env.bus.js.publish(subjects.event('license.issued'), new TextEncoder().encode('{"event":"license.issued"}'), {
			msgID: 'not-an-envelope'
		})
		await waitFor(
			async () => {
				const info = await env.bus.jsm.consumers.info(NOTIFIER_EVENTS_CONSUMER.stream, NOTIFIER_EVENTS_CONSUMER.durable)
				return info.delivered.stream_seq > before && info.num_ack_pending === 0 && info.num_redelivered === 0
			},
			{ what: 'the bad message to be terminated' }
		)
		expect(await env.db.sql`SELECT 1 FROM events WHERE event_name = 'license.issued'`).toHaveLength(0)
	} finally {
		await consumption.stop()
	}
})

test('a durable deleted while the notifier runs is created again, and events published after the deletion are recorded without a restart', async () => {
	const consumption = await startEventsConsumer({ bus: env.bus, sql: env.db.sql, clock, logger: silentLogger, pullExpiresMs: 1_000 })
	try {
		const before = coverageEvent(clock.now())
		await publishEvent(before)
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM events WHERE event_id = ${before.event_id}`).length === 1, {
			what: 'the event before the deletion'
		})
		await env.bus.jsm.consumers.delete(NOTIFIER_EVENTS_CONSUMER.stream, NOTIFIER_EVENTS_CONSUMER.durable)
		const after = coverageEvent(clock.now())
		await publishEvent(after)
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM events WHERE event_id = ${after.event_id}`).length === 1, {
			what: 'the event published after the deletion',
			timeoutMs: 20_000
		})
	} finally {
		await consumption.stop()
	}
}, 40_000)

test('a durable deleted and created again reads EVENTS from its start, yet records no event already purged and every event published meanwhile', async () => {
	const later = new TestClock(clock.now())
	const account = await insertAccount(env.db.sql, later.now())
	const endpoint = await insertEndpoint(env.db.sql, later.now(), {
		accountId: account,
		url: 'https://hooks.example.com/purged',
		events: ['coverage.degraded'],
		secretKey: testSecretKey()
	})
	const recorded = async (eventId: string) => (await env.db.sql`SELECT 1 FROM events WHERE event_id = ${eventId}`).length === 1
	const deliveriesOf = (eventId: string) =>
		env.db.sql`SELECT status FROM webhook_deliveries WHERE event_id = ${eventId} AND endpoint_id = ${endpoint.id}`
	const consumption = await startEventsConsumer({ bus: env.bus, sql: env.db.sql, clock: later, logger: silentLogger })
	try {
		const old = coverageEvent(later.now())
		await publishEvent(old)
		await waitFor(() => recorded(old.event_id), { what: 'the old event to be recorded' })
		await env.db.sql`UPDATE webhook_deliveries SET status = 'delivered' WHERE event_id = ${old.event_id}`
		// 31 days on, retention has purged it; the stream (30 days by publication time, not by the injected clock) keeps it
		later.advanceDays(31)
		await purgeExpired(env.db.sql, later.now())
		expect(await recorded(old.event_id)).toBe(false)

		await env.bus.jsm.consumers.delete(NOTIFIER_EVENTS_CONSUMER.stream, NOTIFIER_EVENTS_CONSUMER.durable)
		const meanwhile = coverageEvent(later.now())
		await publishEvent(meanwhile)
		// one consumer hands its messages over in stream order, the old one first
		await waitFor(() => recorded(meanwhile.event_id), { what: 'the event published while the durable was missing', timeoutMs: 20_000 })
		const replay = await env.bus.jsm.consumers.info(NOTIFIER_EVENTS_CONSUMER.stream, NOTIFIER_EVENTS_CONSUMER.durable)
		expect(replay.config.deliver_policy).toBe('all')
		expect(await recorded(old.event_id)).toBe(false)
		expect([...(await deliveriesOf(old.event_id))]).toEqual([])
		expect([...(await deliveriesOf(meanwhile.event_id))]).toEqual([{ status: 'pending' }])
	} finally {
		await consumption.stop()
	}
}, 40_000)

test('the EVENTS stream deleted while the notifier runs is created again from the layout, the notifier not ready meanwhile, and events published after are recorded without a restart', async () => {
	const consumption = await startEventsConsumer({ bus: env.bus, sql: env.db.sql, clock, logger: silentLogger, pullExpiresMs: 1_000 })
	try {
		const before = coverageEvent(clock.now())
		await publishEvent(before)
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM events WHERE event_id = ${before.event_id}`).length === 1, {
			what: 'the event before the deletion'
		})
		await env.bus.jsm.streams.delete(NOTIFIER_EVENTS_CONSUMER.stream)
		await waitFor(() => !consumption.isRunning(), { what: 'the consumption to report the missing stream' })
		const after = coverageEvent(clock.now())
		await publishEvent(after)
		await waitFor(async () => (await env.db.sql`SELECT 1 FROM events WHERE event_id = ${after.event_id}`).length === 1, {
			what: 'the event published after the deletion',
			timeoutMs: 20_000
		})
		await waitFor(() => consumption.isRunning(), { what: 'the consumption to run again' })
		const stream = (await env.bus.jsm.streams.info(NOTIFIER_EVENTS_CONSUMER.stream)).config
		expect({ subjects: stream.subjects, max_age: stream.max_age, num_replicas: stream.num_replicas }).toEqual({
			subjects: [subjects.allEvents],
			max_age: 30 * 86_400_000_000_000,
			num_replicas: env.bus.replicas
		})
	} finally {
		await consumption.stop()
	}
}, 40_000)
