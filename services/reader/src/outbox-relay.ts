import { type Bus, publish } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { EventEnvelope, subjects } from '@lv/contracts'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { extractTraceContext, inSpan } from '@lv/tracing'
import { periodicRetention } from './retention.ts'

export type OutboxRelayOptions = {
	sql: Sql
	bus: Bus
	clock: Clock
	logger: Logger
	batchSize?: number
	/** Test hook: runs after a batch is published and before it is marked published. */
	afterPublish?(eventIds: string[]): Promise<void>
}

export type OutboxRelay = {
	/** Publishes every unpublished outbox row; returns how many were published. */
	drainOnce(): Promise<number>
	/** Starts polling (and the retention pass every `RETENTION_PASS_EVERY_MS`, retention.ts); `kick()` drains at once (after a run commits). */
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

	const prune = periodicRetention(sql, clock, logger)

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
		start(pollMs) {
			const poll = () => {
				void guarded()
				prune.ifDue()
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
			await prune.settled()
		}
	}
}
