import { type Bus, publish } from '@lv/bus'
import { type Clock, DAY, HOUR } from '@lv/clock'
import { EventEnvelope, subjects } from '@lv/contracts'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { extractTraceContext, inSpan } from '@lv/tracing'

export type OutboxRelayOptions = {
	sql: Sql
	bus: Bus
	clock: Clock
	logger: Logger
	batchSize?: number
	/** Test hook: runs after a batch is published and before it is marked published. */
	afterPublish?(eventIds: string[]): Promise<void>
}

/** A published row is kept as long as SPEC keeps the event it carried (the EVENTS stream's 30 days), then deleted. */
export const OUTBOX_PUBLISHED_RETENTION_MS = 30 * DAY
/** How often a polling relay deletes the published rows past their retention. */
export const OUTBOX_PRUNE_EVERY_MS = HOUR
const PRUNE_BATCH = 5_000

export type OutboxRelay = {
	/** Publishes every unpublished outbox row; returns how many were published. */
	drainOnce(): Promise<number>
	/** Deletes the published rows past their retention, in batches; returns how many went. */
	prunePublished(): Promise<number>
	/** Starts polling (and pruning every `OUTBOX_PRUNE_EVERY_MS`); `kick()` drains at once (after a run commits). */
	start(pollMs: number): void
	kick(): void
	stop(): Promise<void>
}

/**
 * Publishes outbox rows to EVENTS with Nats-Msg-Id = event_id, then marks them published in the
 * same transaction that locked them (FOR UPDATE SKIP LOCKED, so replicas share the work). A relay
 * that dies between publish and mark leaves the rows unpublished; the next relay re-sends them and
 * JetStream drops the duplicates inside the stream's duplicate window. With tracing, each event is
 * published within the trace of the run that wrote it.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
	const { sql, bus, clock, logger } = options
	const batchSize = options.batchSize ?? 200
	let timer: ReturnType<typeof setInterval> | undefined
	let running: Promise<number> | undefined
	let again = false

	const drainBatch = () =>
		sql.begin(async (tx) => {
			const rows = await tx<{ seq: string; event_id: string; event_name: string; payload: EventEnvelope; trace_context: string | null }[]>`
				SELECT seq::text AS seq, event_id, event_name, payload, trace_context FROM outbox WHERE published_at IS NULL
				ORDER BY seq LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`
			for (const row of rows) {
				const parent = extractTraceContext((name) => (name === 'traceparent' ? (row.trace_context ?? undefined) : undefined))
				await inSpan('relay outbox event', { parent }, () =>
					publish(bus, EventEnvelope, subjects.event(row.event_name), row.payload, row.event_id)
				)
			}
			if (rows.length === 0) return 0
			await options.afterPublish?.(rows.map((row) => row.event_id))
			await tx`UPDATE outbox SET published_at = ${clock.now()} WHERE seq = ANY(${rows.map((row) => row.seq)}::text[]::bigint[])`
			return rows.length
		})

	const drainOnce = async () => {
		let total = 0
		for (;;) {
			const published = await drainBatch()
			total += published
			if (published < batchSize) return total
		}
	}

	const prunePublished = async () => {
		const cutoff = new Date(clock.nowMs() - OUTBOX_PUBLISHED_RETENTION_MS)
		let pruned = 0
		for (;;) {
			// Rows are published in seq order, so the oldest seqs are the first past the cutoff.
			const removed = await sql`
				DELETE FROM outbox WHERE seq IN (
					SELECT seq FROM outbox WHERE published_at < ${cutoff} ORDER BY seq LIMIT ${PRUNE_BATCH})`
			pruned += removed.count
			if (removed.count < PRUNE_BATCH) return pruned
		}
	}

	// Apart from the drains, so a long first prune (a backlog of years) never holds up a publication.
	let lastPruneMs = Number.NEGATIVE_INFINITY
	let pruning: Promise<void> | undefined
	const pruneIfDue = () => {
		if (pruning || clock.nowMs() - lastPruneMs < OUTBOX_PRUNE_EVERY_MS) return
		lastPruneMs = clock.nowMs()
		pruning = prunePublished()
			.then(
				() => undefined,
				(error) => logger.warn('outbox pruning failed; will retry', { error })
			)
			.finally(() => {
				pruning = undefined
			})
	}

	const guarded = () => {
		if (running) {
			again = true
			return running
		}
		running = (async () => {
			let total = 0
			try {
				do {
					again = false
					total += await drainOnce()
				} while (again)
			} catch (error) {
				logger.warn('outbox relay failed; will retry', { error })
			} finally {
				running = undefined
			}
			return total
		})()
		return running
	}

	return {
		drainOnce,
		prunePublished,
		start(pollMs) {
			const poll = () => {
				void guarded()
				pruneIfDue()
			}
			timer = setInterval(poll, pollMs)
			poll()
		},
		kick() {
			void guarded()
		},
		async stop() {
			if (timer) clearInterval(timer)
			timer = undefined
			await running
			await pruning
		}
	}
}
