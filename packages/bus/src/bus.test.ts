import { describe, expect, test } from 'bun:test'
import { STREAMS, subjects } from '@lv/contracts'
import { AppError } from '@lv/errors'
import { silentLogger } from '@lv/logger'
import { startNats, waitFor } from '@lv/testing'
import {
	PermanentError,
	TransientError,
	connectBus,
	consume,
	ensureStreams,
	isConnectionLostError,
	publish,
	request,
	respond
} from './index.ts'
import { Job, jobsBusPerFile, jobsConsumer } from './test-support/jobs-bus.ts'

const env = jobsBusPerFile('bus-test')

describe('bus', () => {
	test('ensureStreams is idempotent', async () => {
		await ensureStreams(env.bus)
		const names = (await env.bus.jsm.streams.names().next()).sort()
		expect(names).toEqual(['BULK', 'EVENTS', 'JOBS', 'REGISTRY'])
	})

	test('publishing the same Nats-Msg-Id twice stores one message', async () => {
		const first = await publish(env.bus, Job, subjects.event('license.issued'), { n: 1 }, 'evt-dedupe-1')
		const second = await publish(env.bus, Job, subjects.event('license.issued'), { n: 1 }, 'evt-dedupe-1')
		expect(first.duplicate).toBe(false)
		expect(second.duplicate).toBe(true)
		expect(second.seq).toBe(first.seq)
	})

	test('publish refuses a body that breaks its schema', async () => {
		expect(publish(env.bus, Job, subjects.readJob('UKGC'), { n: 'x' } as never, 'bad')).rejects.toThrow(/invalid payload/)
	})

	test('consume acks after the handler, naks transient errors and terms invalid payloads', async () => {
		const seen: number[] = []
		let failOnce = true
		const consumption = await consume(env.bus, {
			consumer: jobsConsumer('AA'),
			schema: Job,
			logger: silentLogger,
			handler: async (body) => {
				if (body.n === 2 && failOnce) {
					failOnce = false
					throw new TransientError('try later', 10)
				}
				if (body.n === 3) throw new PermanentError('never')
				seen.push(body.n)
			}
		})
		await publish(env.bus, Job, subjects.readJob('AA'), { n: 1 }, 'aa-1')
		await publish(env.bus, Job, subjects.readJob('AA'), { n: 2 }, 'aa-2')
		await publish(env.bus, Job, subjects.readJob('AA'), { n: 3 }, 'aa-3')
		await env.bus.js.publish(subjects.readJob('AA'), new TextEncoder().encode('not json'), { msgID: 'aa-4' })
		await waitFor(() => seen.length === 2, { what: 'two handled jobs' })
		expect(seen).toEqual([1, 2])
		await waitFor(async () => (await env.bus.jsm.consumers.info(STREAMS.JOBS.name, 'test-AA')).num_ack_pending === 0, {
			what: 'nothing pending'
		})
		const stream = await env.bus.jsm.streams.info(STREAMS.JOBS.name)
		expect(stream.state.messages).toBe(0)
		await consumption.stop()
	})

	test('request/reply passes results and error envelopes through a queue group', async () => {
		const responder = respond(env.bus, {
			subject: 'test.echo',
			queue: 'q',
			schema: Job,
			logger: silentLogger,
			handler: (body) => {
				if (body.n < 0) throw new AppError({ status: 400, code: 'invalid_query', reason: 'invalid_input', message: 'negative', field: 'n' })
				return { doubled: body.n * 2 }
			}
		})
		const ok = await request(env.bus, {
			subject: 'test.echo',
			schema: Job,
			body: { n: 21 },
			timeoutMs: 2000,
			unavailableReason: 'dependency_unavailable'
		})
		expect(ok).toEqual({ doubled: 42 })
		const failure = await request(env.bus, {
			subject: 'test.echo',
			schema: Job,
			body: { n: -1 },
			timeoutMs: 2000,
			unavailableReason: 'dependency_unavailable'
		}).catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(AppError)
		expect((failure as AppError).status).toBe(400)
		expect((failure as AppError).field).toBe('n')
		await responder.stop()
	})

	test('a request nobody answers is a 503 within the timeout', async () => {
		const failure = await request(env.bus, {
			subject: 'test.nobody',
			schema: Job,
			body: { n: 1 },
			timeoutMs: 300,
			unavailableReason: 'checker_unavailable'
		}).catch((error: unknown) => error)
		expect((failure as AppError).status).toBe(503)
		expect((failure as AppError).reason).toBe('checker_unavailable')
	})

	test('a drain after the server is gone fails as a lost connection and closes the client instead of reconnecting', async () => {
		const doomed = await startNats()
		const client = await connectBus({ servers: doomed.url, name: 'bus-test-drain' })
		client.nc.subscribe('drain.test')
		await doomed.stop()
		const failure = await client.drain().then(
			() => undefined,
			(error: unknown) => error
		)
		expect({ lost: isConnectionLostError(failure), closed: client.nc.isClosed() }).toEqual({ lost: true, closed: true })
	})

	test('a failure that is not about the connection is not taken for a lost one', () => {
		expect(isConnectionLostError(new Error('connection disconnected'))).toBe(false)
	})
})
