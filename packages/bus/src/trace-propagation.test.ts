import { afterAll, afterEach, beforeAll, expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { STREAMS, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type OtlpReceiver, startNats, startOtlpReceiver, waitFor } from '@lv/testing'
import { activeTraceId, inSpan, startTracing, stopTracing } from '@lv/tracing'
import { type Bus, connectBus, consume, ensureStreams, publish, request, respond } from './index.ts'

const Job = Type.Object({ n: Type.Integer() })

let nats: NatsHandle
let bus: Bus
let receiver: OtlpReceiver

beforeAll(async () => {
	nats = await startNats()
	bus = await connectBus({ servers: nats.url, name: 'bus-trace-test' })
	await ensureStreams(bus)
	receiver = startOtlpReceiver()
})

afterEach(() => stopTracing())

afterAll(async () => {
	await bus.close()
	await nats.stop()
	receiver.stop()
})

test('without tracing a request carries no headers', async () => {
	let carried: unknown = 'not answered'
	const subscription = bus.nc.subscribe('trace.plain', {
		callback: (_err, msg) => {
			carried = msg.headers
			msg.respond(new TextEncoder().encode('{}'))
		}
	})
	await request(bus, { subject: 'trace.plain', schema: Job, body: { n: 1 }, timeoutMs: 2_000, unavailableReason: 'dependency_unavailable' })
	subscription.unsubscribe()
	expect(carried).toBeUndefined()
})

test('a request and the responder handling it share one trace', async () => {
	await startTracing({ serviceName: 'bus-test', endpoint: receiver.url })
	let handlerTraceId: string | undefined
	const responder = respond(bus, {
		subject: 'trace.echo',
		queue: 'trace',
		schema: Job,
		logger: silentLogger,
		handler: (body) => {
			handlerTraceId = activeTraceId()
			return body
		}
	})
	const callerTraceId = await inSpan('caller', {}, async () => {
		await request(bus, {
			subject: 'trace.echo',
			schema: Job,
			body: { n: 2 },
			timeoutMs: 2_000,
			unavailableReason: 'dependency_unavailable'
		})
		return activeTraceId()
	})
	await responder.stop()
	await stopTracing()
	expect(callerTraceId).toMatch(/^[0-9a-f]{32}$/)
	expect(handlerTraceId).toBe(callerTraceId as string)
	const spans = receiver.spans().filter((span) => span.traceId === callerTraceId)
	const client = spans.find((span) => span.name === 'request trace.echo')
	const server = spans.find((span) => span.name === 'serve trace.echo')
	expect(server?.parentSpanId).toBe(client?.spanId as string)
})

test('a responder whose handler fails answers the error envelope and its span is marked failed', async () => {
	await startTracing({ serviceName: 'bus-test', endpoint: receiver.url })
	const responder = respond(bus, {
		subject: 'trace.fail',
		queue: 'trace',
		schema: Job,
		logger: silentLogger,
		handler: () => {
			throw new Error('handler bug')
		}
	})
	const traceId = await inSpan('caller', {}, async () => {
		await expect(
			request(bus, { subject: 'trace.fail', schema: Job, body: { n: 4 }, timeoutMs: 2_000, unavailableReason: 'dependency_unavailable' })
		).rejects.toMatchObject({
			status: 500
		})
		return activeTraceId()
	})
	await responder.stop()
	await stopTracing()
	const served = receiver.spans().find((span) => span.traceId === traceId && span.name === 'serve trace.fail')
	expect(served?.statusCode).toBe(2)
})

test("a published stream message is consumed within the publisher's trace", async () => {
	await startTracing({ serviceName: 'bus-test', endpoint: receiver.url })
	const seen: (string | undefined)[] = []
	const consumption = await consume(bus, {
		consumer: {
			stream: STREAMS.JOBS.name,
			durable: 'trace-consumer',
			filterSubject: subjects.readJob('TRACE'),
			ackWaitMs: 30_000,
			maxDeliver: 2,
			maxAckPending: 1
		},
		schema: Job,
		logger: silentLogger,
		handler: async () => {
			seen.push(activeTraceId())
		}
	})
	const publisherTraceId = await inSpan('publisher', {}, async () => {
		await publish(bus, Job, subjects.readJob('TRACE'), { n: 3 }, 'trace-job-1')
		return activeTraceId()
	})
	await waitFor(() => seen.length === 1, { what: 'the job to be consumed' })
	await consumption.stop()
	expect(seen).toEqual([publisherTraceId])
})
