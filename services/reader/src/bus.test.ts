import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DAY } from '@lv/clock'
import { type Bus, connectBus, ensureStreams } from '@lv/bus'
import { STREAMS, readerConsumer, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, startNats, waitFor } from '@lv/testing'
import { startJobLoops } from './job-loop.ts'
import { OUTBOX_PUBLISHED_RETENTION_MS, prunePublishedOutbox } from './outbox-prune.ts'
import { RETENTION_PASS_EVERY_MS } from './retention.ts'
import { createOutboxRelay } from './outbox-relay.ts'
import { outboxEvent } from './reconcile/events.ts'
import { defaultIds, runJurisdiction } from './run.ts'
import { enqueueReads } from './scheduler.ts'
import { createReaderHarness, type ReaderHarness } from './test-support/harness.ts'

let nats: NatsHandle
let bus: Bus
let h: ReaderHarness

beforeAll(async () => {
	nats = await startNats()
	bus = await connectBus({ servers: nats.url, name: 'reader-test' })
	await ensureStreams(bus)
	h = await createReaderHarness({ bus })
})
afterAll(async () => {
	await h.close()
	await bus.close()
	await nats.stop()
})

/** Every message the stream holds with this Nats-Msg-Id. */
async function messagesWithId(stream: string, msgId: string): Promise<number> {
	const info = await bus.jsm.streams.info(stream)
	let count = 0
	for (let seq = info.state.first_seq; seq <= info.state.last_seq && info.state.messages > 0; seq++) {
		const message = await bus.jsm.streams.getMessage(stream, { seq }).catch(() => null)
		if (message?.header.get('Nats-Msg-Id') === msgId) count++
	}
	return count
}

const jobsFor = async (code: string) =>
	(await bus.jsm.streams.info(STREAMS.JOBS.name, { subjects_filter: subjects.readJob(code) })).state.subjects?.[subjects.readJob(code)] ?? 0

describe('scheduler', () => {
	test('publishing the same daily slot twice leaves one job (Nats-Msg-Id read-<CODE>-<slot>)', async () => {
		const first = await enqueueReads(bus, h.clock, ['AN'], '2026-11-02', 'scheduled')
		const second = await enqueueReads(bus, h.clock, ['AN'], '2026-11-02', 'scheduled')
		expect(first).toEqual([{ jurisdiction: 'AN', duplicate: false }])
		expect(second).toEqual([{ jurisdiction: 'AN', duplicate: true }])
		expect(await jobsFor('AN')).toBe(1)
		expect(await messagesWithId(STREAMS.JOBS.name, 'read-AN-2026-11-02')).toBe(1)
	})
})

describe('job loop', () => {
	test('two replicas on the durable reader-<CODE> run a job once and announce registry.changed after the commit', async () => {
		const replicas = await Promise.all([1, 2].map(() => startJobLoops({ bus, deps: h.deps, jurisdictions: ['AN'], logger: silentLogger })))
		await waitFor(
			async () => (await h.db.sql`SELECT 1 FROM reader_runs WHERE jurisdiction_code = 'AN' AND outcome = 'succeeded'`).length === 1,
			{ what: 'the AN run' }
		)
		await waitFor(async () => (await bus.jsm.consumers.info(STREAMS.JOBS.name, readerConsumer('AN').durable)).num_ack_pending === 0, {
			what: 'the job acked'
		})
		const runs = await h.db.sql<{ job_id: string }[]>`SELECT job_id FROM reader_runs WHERE jurisdiction_code = 'AN'`
		expect(runs.map((r) => r.job_id)).toEqual(['read-AN-2026-11-02'])
		expect(await jobsFor('AN')).toBe(0)
		const registry = await bus.jsm.streams.info(STREAMS.REGISTRY.name, { subjects_filter: subjects.registryChanged('AN') })
		expect(registry.state.subjects?.[subjects.registryChanged('AN')]).toBe(1)
		await Promise.all(replicas.map((replica) => replica.stop()))
	})

	test('a failed run naks the job, which is retried with backoff until the register answers', async () => {
		const route = 'gamingcommission.ca/interactive-gaming/permit-holders/'
		h.server.fault(route, 'http500', 2)
		const loop = await startJobLoops({ bus, deps: h.deps, jurisdictions: ['KH'], logger: silentLogger, retryDelay: () => 50 })
		await enqueueReads(bus, h.clock, ['KH'], '2026-11-02', 'scheduled')
		await waitFor(
			async () => (await h.db.sql`SELECT 1 FROM reader_runs WHERE jurisdiction_code = 'KH' AND outcome = 'succeeded'`).length === 1,
			{ what: 'the KH retry' }
		)
		const runs = await h.db.sql<
			{ outcome: string; failure_reason: string | null }[]
		>`SELECT outcome, failure_reason FROM reader_runs WHERE jurisdiction_code = 'KH' ORDER BY finished_at, outcome`
		expect(runs.map((r) => r.outcome)).toEqual(['failed', 'failed', 'succeeded'])
		expect(runs[0]!.failure_reason).toBe('http_error')
		await loop.stop()
	})
})

describe('outbox relay', () => {
	test('publishes every outbox row to EVENTS with Nats-Msg-Id = event_id and marks it published', async () => {
		const relay = createOutboxRelay({ sql: h.db.sql, bus, clock: h.clock, logger: silentLogger })
		await relay.drainOnce()
		const rows = await h.db.sql<
			{ event_id: string; event_name: string; published_at: Date | null }[]
		>`SELECT event_id, event_name, published_at FROM outbox ORDER BY seq`
		expect(rows.length).toBeGreaterThan(0)
		expect(rows.every((row) => row.published_at !== null)).toBe(true)
		const sample = rows[0]!
		expect(await messagesWithId(STREAMS.EVENTS.name, sample.event_id)).toBe(1)
		const stored = await bus.jsm.streams.getMessage(STREAMS.EVENTS.name, { last_by_subj: subjects.event(sample.event_name) })
		expect(stored?.json<{ event: string; event_id: string }>().event).toBe(sample.event_name)
	})

	test('published rows are deleted 30 days after their publication; unpublished rows are kept whatever their age', async () => {
		const relay = createOutboxRelay({ sql: h.db.sql, bus, clock: h.clock, logger: silentLogger })
		await relay.drainOnce()
		const published = await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NOT NULL`
		expect(published[0]!.n).toBeGreaterThan(0)
		const waiting = crypto.randomUUID()
		await h.db.sql`
			INSERT INTO outbox (event_id, event_name, payload, created_at)
			VALUES (${waiting}, 'license.issued', '{}'::jsonb, ${new Date(h.clock.nowMs() - 400 * DAY)})`
		const count = async () => (await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox`)[0]!.n
		const before = await count()

		h.clock.advance(OUTBOX_PUBLISHED_RETENTION_MS - 1)
		expect(await prunePublishedOutbox(h.db.sql, h.clock.now())).toBe(0)
		h.clock.advance(2)
		expect(await prunePublishedOutbox(h.db.sql, h.clock.now())).toBe(published[0]!.n)
		expect(await count()).toBe(before - published[0]!.n)
		expect(await h.db.sql`SELECT 1 FROM outbox WHERE event_id = ${waiting} AND published_at IS NULL`).toHaveLength(1)
		await h.db.sql`DELETE FROM outbox WHERE event_id = ${waiting}`
	})

	test('a polling relay prunes when it starts and again once an hour has passed on its clock', async () => {
		const publishedLongAgo = async () => {
			const id = crypto.randomUUID()
			const at = new Date(h.clock.nowMs() - OUTBOX_PUBLISHED_RETENTION_MS - 1)
			await h.db
				.sql`INSERT INTO outbox (event_id, event_name, payload, created_at, published_at) VALUES (${id}, 'license.issued', '{}'::jsonb, ${at}, ${at})`
			return async () => (await h.db.sql`SELECT 1 FROM outbox WHERE event_id = ${id}`).length === 0
		}
		const first = await publishedLongAgo()
		const relay = createOutboxRelay({ sql: h.db.sql, bus, clock: h.clock, logger: silentLogger })
		relay.start(20)
		await waitFor(first, { what: 'the first prune' })
		const second = await publishedLongAgo()
		const polled = outboxEvent('coverage.degraded', defaultIds(h.clock).eventId(), h.clock.now(), { jurisdiction_code: 'IOM' })
		await h.db.sql`
			INSERT INTO outbox (event_id, event_name, payload, created_at)
			VALUES (${polled.eventId}, ${polled.eventName}, ${JSON.stringify(polled.payload)}::text::jsonb, ${h.clock.now()})`
		await waitFor(
			async () => (await h.db.sql`SELECT 1 FROM outbox WHERE event_id = ${polled.eventId} AND published_at IS NOT NULL`).length === 1,
			{
				what: 'a later poll'
			}
		)
		expect(await second()).toBe(false)
		h.clock.advance(RETENTION_PASS_EVERY_MS)
		await waitFor(second, { what: 'the prune an hour later' })
		await relay.stop()
	})

	test('a relay stopped between publish and mark re-sends through a new relay without a duplicate in EVENTS', async () => {
		h.goToDay(1)
		await runJurisdiction(h.deps, 'IOM')
		const pending = await h.db.sql<{ event_id: string }[]>`SELECT event_id FROM outbox WHERE published_at IS NULL ORDER BY seq`
		expect(pending.length).toBeGreaterThan(0)
		const crashing = createOutboxRelay({
			sql: h.db.sql,
			bus,
			clock: h.clock,
			logger: silentLogger,
			afterPublish: async () => {
				throw new Error('relay killed after publishing, before marking')
			}
		})
		expect(crashing.drainOnce()).rejects.toThrow('relay killed')
		const [stillPending] = await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`
		expect(stillPending!.n).toBe(pending.length)
		for (const { event_id } of pending) expect(await messagesWithId(STREAMS.EVENTS.name, event_id)).toBe(1)

		const next = createOutboxRelay({ sql: h.db.sql, bus, clock: h.clock, logger: silentLogger })
		expect(await next.drainOnce()).toBe(pending.length)
		for (const { event_id } of pending) expect(await messagesWithId(STREAMS.EVENTS.name, event_id)).toBe(1)
		const [left] = await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL`
		expect(left!.n).toBe(0)
	})
})
