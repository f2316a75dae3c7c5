import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import {
	BULK_CHECK_CONSUMER,
	BulkCheckBatch,
	type ConsumerSpec,
	EXPORTER_REGISTRY_CONSUMER,
	EventEnvelope,
	NOTIFIER_EVENTS_CONSUMER,
	type NatsRole,
	QUEUE_GROUPS,
	ReadJob,
	RegistryChanged,
	STREAMS,
	readerConsumer,
	subjects
} from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, startNats, waitFor } from '@lv/testing'
import { type Bus, connectBus, consume, ensureStreams, publish, request, respond, scatter } from './index.ts'

/**
 * nats-server started with one user per service (the permissions of packages/contracts): each role
 * can do what its service does, through the same bus functions, and nothing that belongs to another.
 */
let nats: NatsHandle
const buses: Bus[] = []

const connectAs = async (role: NatsRole) => {
	const credentials = nats.credentials?.[role]
	if (!credentials) throw new Error('nats started without users')
	const bus = await connectBus({ servers: nats.url, name: `permissions-${role}`, ...credentials })
	buses.push(bus)
	return bus
}

const eventsStored = async (bus: Bus) => (await bus.jsm.streams.info(STREAMS.EVENTS.name)).state.messages

const envelope = (event: string, id: string): EventEnvelope => ({
	event,
	event_id: `evt_01J000000000000000000000${id}`,
	api_version: '2026-04-20',
	timestamp: '2026-11-24T00:00:00.000Z',
	livemode: true,
	data: {}
})

beforeAll(async () => {
	nats = await startNats({ users: true })
})

afterAll(async () => {
	for (const bus of buses) await bus.close()
	await nats.stop()
})

describe('per-service NATS users', () => {
	test('a connection without a valid password is refused', async () => {
		await expect(connectBus({ servers: nats.url, name: 'no-user' })).rejects.toThrow()
		await expect(connectBus({ servers: nats.url, name: 'wrong-password', user: 'reader', pass: 'not-the-password' })).rejects.toThrow()
	})

	test('the gateway cannot publish a fake event: the publish is refused and EVENTS stays as it was', async () => {
		const reader = await connectAs('reader')
		await ensureStreams(reader)
		const before = await eventsStored(reader)
		const gateway = await connectAs('gateway')
		const refused = await publishOutcome(gateway, subjects.event('license.status_changed'), envelope('license.status_changed', 'A0'))
		expect(refused).toBe('refused')
		const checker = await connectAs('checker')
		expect(await publishOutcome(checker, subjects.event('license.expired'), envelope('license.expired', 'A1'))).toBe('refused')
		expect(await publishOutcome(gateway, subjects.registryChanged('UKGC'), {})).toBe('refused')
		expect(await eventsStored(reader)).toBe(before)
	})

	test('the notifier may announce its own scans but not a licence status change', async () => {
		const notifier = await connectAs('notifier')
		expect(await publishOutcome(notifier, subjects.event('coverage.degraded'), envelope('coverage.degraded', 'B0'))).toBe('stored')
		expect(await publishOutcome(notifier, subjects.event('license.status_changed'), envelope('license.status_changed', 'B1'))).toBe(
			'refused'
		)
	})

	test('every role does its own work: the reader publishes, notifier, exporter and reader consume, the gateway asks a checker', async () => {
		const reader = await connectAs('reader')
		const notifier = await connectAs('notifier')
		const exporter = await connectAs('exporter')
		const checker = await connectAs('checker')
		const gateway = await connectAs('gateway')
		for (const bus of [reader, notifier, exporter, checker, gateway]) await ensureStreams(bus)

		const notified = await receivedSubjects(notifier, NOTIFIER_EVENTS_CONSUMER)
		const exported = await receivedSubjects(exporter, EXPORTER_REGISTRY_CONSUMER)
		const jobs = await receivedSubjects(reader, readerConsumer('MGA'))
		const Ask = Type.Object({ domain: Type.String() })
		const responder = respond(checker, {
			subject: subjects.checkDomain,
			queue: QUEUE_GROUPS.checker,
			schema: Ask,
			logger: silentLogger,
			handler: (body) => ({ answered: body.domain })
		})
		const registryHeard: string[] = []
		const listener = checker.nc.subscribe(subjects.allRegistryChanged, { callback: (_error, msg) => void registryHeard.push(msg.subject) })
		try {
			const event = envelope('license.status_changed', 'C0')
			await publish(reader, EventEnvelope, subjects.event(event.event), event, event.event_id)
			const header = { id: 'permissions-test', sent_at: event.timestamp }
			await publish(
				reader,
				RegistryChanged,
				subjects.registryChanged('MGA'),
				{ ...header, jurisdiction: 'MGA', run_id: 'run-1', data_version: 2, changed: true },
				'MGA-run-1'
			)
			await publish(
				reader,
				ReadJob,
				subjects.readJob('MGA'),
				{ ...header, jurisdiction: 'MGA', slot: '2026-11-24', reason: 'manual' },
				'read-MGA-1'
			)

			const answer = await request(gateway, {
				subject: subjects.checkDomain,
				schema: Ask,
				body: { domain: 'example.com' },
				timeoutMs: 5_000,
				unavailableReason: 'checker_unavailable'
			})
			expect(answer).toEqual({ answered: 'example.com' })
			await waitFor(
				() =>
					notified.subjects.includes(subjects.event(event.event)) &&
					exported.subjects.includes(subjects.registryChanged('MGA')) &&
					jobs.subjects.includes(subjects.readJob('MGA')) &&
					registryHeard.length > 0,
				{ what: 'each consumer to receive its message' }
			)
			expect(registryHeard).toEqual([subjects.registryChanged('MGA')])
		} finally {
			listener.unsubscribe()
			await responder.stop()
			await Promise.all([notified.stop(), exported.stop(), jobs.stop()])
		}
	})

	test('the dashboard queues and consumes bulk check batches and asks a checker, but cannot publish an event or a read job', async () => {
		const dashboard = await connectAs('dashboard')
		const checker = await connectAs('checker')
		await ensureStreams(dashboard)
		const batches = await receivedSubjects(dashboard, BULK_CHECK_CONSUMER)
		const Batch = Type.Object({ domains: Type.Array(Type.String()) })
		const responder = respond(checker, {
			subject: subjects.checkBatch,
			queue: QUEUE_GROUPS.checker,
			schema: Batch,
			logger: silentLogger,
			handler: (body) => ({ results: body.domains })
		})
		// The responder's subscription reaches the server before the request does.
		await checker.nc.flush()
		try {
			const jobId = '00000000-0000-4000-8000-000000000001'
			await publish(
				dashboard,
				BulkCheckBatch,
				subjects.bulkCheckBatch,
				{ id: 'b0', sent_at: '2026-11-24T00:00:00.000Z', job_id: jobId, batch: 0 },
				`bulk-${jobId}-0`
			)
			const answer = await request(dashboard, {
				subject: subjects.checkBatch,
				schema: Batch,
				body: { domains: ['example.com'] },
				timeoutMs: 5_000,
				unavailableReason: 'checker_unavailable'
			})
			expect(answer).toEqual({ results: ['example.com'] })
			await waitFor(() => batches.subjects.includes(subjects.bulkCheckBatch), { what: 'the batch to reach the dashboard consumer' })
			expect(await publishOutcome(dashboard, subjects.event('license.status_changed'), envelope('license.status_changed', 'D0'))).toBe(
				'refused'
			)
			expect(await publishOutcome(dashboard, subjects.readJob('MGA'), {})).toBe('refused')
		} finally {
			await responder.stop()
			await batches.stop()
		}
	})

	test('the gateway probes the checkers’ answer states and hears their announcements, and cannot announce one itself', async () => {
		const gateway = await connectAs('gateway')
		const checker = await connectAs('checker')
		const Report = Type.Object({ state: Type.String() })
		const responder = respond(checker, {
			subject: subjects.checkState,
			schema: Type.Object({}),
			logger: silentLogger,
			handler: () => ({ state: 'probed' })
		})
		const replies: string[] = []
		const probes = scatter(gateway, {
			subject: subjects.checkState,
			schema: Type.Object({}),
			replySchema: Report,
			logger: silentLogger,
			onReply: (reply) => void replies.push(reply.state)
		})
		const heard: string[] = []
		const announcements = gateway.nc.subscribe(subjects.checkStateChanged, {
			callback: (_error, msg) => void heard.push(new TextDecoder().decode(msg.data))
		})
		try {
			await Promise.all([checker.nc.flush(), gateway.nc.flush()])
			probes.send({})
			gateway.nc.publish(subjects.checkStateChanged, '"from the gateway"')
			await gateway.nc.flush()
			checker.nc.publish(subjects.checkStateChanged, '"from a checker"')
			await waitFor(() => replies.length === 1 && heard.length > 0, { what: 'the probe reply and the announcement' })
			expect({ replies, heard }).toEqual({ replies: ['probed'], heard: ['"from a checker"'] })
		} finally {
			announcements.unsubscribe()
			await probes.stop()
			await responder.stop()
		}
	})

	test('only checkers may subscribe to check requests: the gateway cannot take them', async () => {
		const gateway = await connectAs('gateway')
		const subscription = gateway.nc.subscribe(subjects.checkLicense)
		const closed = await Promise.race([subscription.closed.then((ending) => String(ending)), Bun.sleep(5_000).then(() => 'still open')])
		expect(closed).toMatch(/Permissions Violation for Subscription/i)
	})
})

/** Consumes a durable as its service does (any body) and collects the subjects of what arrives. */
async function receivedSubjects(bus: Bus, consumer: ConsumerSpec) {
	const received: string[] = []
	const consumption = await consume(bus, {
		consumer,
		schema: Type.Unknown(),
		logger: silentLogger,
		handler: async (_body, context) => void received.push(context.subject)
	})
	return { subjects: received, stop: () => consumption.stop() }
}

/** Publishes to a stream subject and tells whether JetStream stored it or the server refused the publish. */
async function publishOutcome(bus: Bus, subject: string, body: unknown): Promise<'stored' | 'refused'> {
	try {
		await bus.js.publish(subject, JSON.stringify(body), { timeout: 3_000 })
		return 'stored'
	} catch (error) {
		if (/permission/i.test(String(error))) return 'refused'
		throw error
	}
}
