import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type Bus, connectBus, consume, ensureStreams } from '@lv/bus'
import { EventEnvelope, STREAMS } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type OtlpReceiver, startNats, startOtlpReceiver, waitFor } from '@lv/testing'
import { activeTraceId, startTracing, stopTracing } from '@lv/tracing'
import { createOutboxRelay } from './outbox-relay.ts'
import { runJurisdiction } from './run.ts'
import { type ReaderHarness, createReaderHarness } from './test-support/harness.ts'

let nats: NatsHandle
let bus: Bus
let h: ReaderHarness
let receiver: OtlpReceiver

beforeAll(async () => {
	nats = await startNats()
	bus = await connectBus({ servers: nats.url, name: 'reader-trace-test' })
	await ensureStreams(bus)
	h = await createReaderHarness({ bus })
	receiver = startOtlpReceiver()
	await startTracing({ serviceName: 'reader', endpoint: receiver.url })
})
afterAll(async () => {
	await stopTracing()
	receiver.stop()
	await h.close()
	await bus.close()
	await nats.stop()
})

test("events a run writes to the outbox are published by the relay within the run's trace, and consumed within it", async () => {
	await runJurisdiction(h.deps, 'IOM')
	const [stored] = await h.db.sql<{ trace_context: string | null }[]>`SELECT trace_context FROM outbox ORDER BY seq LIMIT 1`
	expect(stored?.trace_context).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
	const runTraceId = stored?.trace_context?.split('-')[1]

	const consumedIn: (string | undefined)[] = []
	const consumption = await consume(bus, {
		consumer: {
			stream: STREAMS.EVENTS.name,
			durable: 'trace-test-events',
			filterSubject: 'events.>',
			ackWaitMs: 30_000,
			maxDeliver: 2,
			maxAckPending: 100
		},
		schema: EventEnvelope,
		logger: silentLogger,
		handler: async () => {
			consumedIn.push(activeTraceId())
		}
	})
	const relay = createOutboxRelay({ sql: h.db.sql, bus, clock: h.clock, logger: silentLogger })
	const published = await relay.drainOnce()
	expect(published).toBeGreaterThan(0)
	await waitFor(() => consumedIn.length === published, { what: 'every event consumed' })
	await consumption.stop()
	expect(new Set(consumedIn)).toEqual(new Set([runTraceId]))
	await stopTracing()
	const spans = receiver.spans().filter((span) => span.traceId === runTraceId)
	expect(spans.some((span) => span.name === 'read register IOM' && span.parentSpanId === undefined)).toBe(true)
	expect(spans.filter((span) => span.name === 'relay outbox event')).toHaveLength(published)
})
