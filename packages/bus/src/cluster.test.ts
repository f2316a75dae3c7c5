import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { STREAMS, subjects } from '@lv/contracts'
import { createLogger, silentLogger } from '@lv/logger'
import { type NatsClusterHandle, startNatsCluster, waitFor } from '@lv/testing'
import { type Bus, connectBus, consume, ensureConsumer, ensureStreams, publish, request, respond } from './index.ts'

const Body = Type.Object({ n: Type.Integer() })

let cluster: NatsClusterHandle
const buses: Bus[] = []

async function busOn(servers: string | string[], name: string, replicas = 3): Promise<Bus> {
	const bus = await connectBus({ servers, name, replicas })
	buses.push(bus)
	return bus
}

/** The node a stream's (or consumer's) RAFT group elected leader, by server name. */
async function leaderOf(bus: Bus, stream: string, consumer?: string): Promise<string> {
	const info = consumer ? await bus.jsm.consumers.info(stream, consumer) : await bus.jsm.streams.info(stream)
	const leader = info.cluster?.leader
	if (!leader) throw new Error(`${stream} has no leader`)
	return leader
}

const nodeNamed = (name: string) => {
	const node = cluster.nodes.find((candidate) => candidate.name === name)
	if (!node) throw new Error(`no node ${name}`)
	return node
}

/** Brings a killed node back and waits until every stream has a leader and both followers current, so the next test starts on a whole cluster. */
async function restore(node: NatsClusterHandle['nodes'][number], bus: Bus): Promise<void> {
	await node.start()
	await waitFor(
		async () => {
			for (const stream of Object.values(STREAMS)) {
				const info = await bus.jsm.streams.info(stream.name).catch(() => undefined)
				const followers = info?.cluster?.replicas ?? []
				if (!info?.cluster?.leader || followers.length !== 2 || followers.some((peer) => !peer.current || peer.offline)) return false
			}
			return true
		},
		{ what: 'every stream led, with both followers current', timeoutMs: 30_000 }
	)
}

beforeAll(async () => {
	cluster = await startNatsCluster()
})

afterAll(async () => {
	for (const bus of buses) await bus.close().catch(() => {})
	await cluster.stop()
})

describe('JetStream on a three-node cluster', () => {
	test('streams and consumers are created with JETSTREAM_REPLICAS replicas', async () => {
		const bus = await busOn(cluster.url, 'replicas')
		await ensureStreams(bus)
		for (const stream of Object.values(STREAMS)) expect((await bus.jsm.streams.info(stream.name)).config.num_replicas).toBe(3)
		await ensureConsumer(bus, {
			stream: 'EVENTS',
			durable: 'replicated',
			filterSubject: subjects.allEvents,
			ackWaitMs: 30_000,
			maxDeliver: -1,
			maxAckPending: 10
		})
		expect((await bus.jsm.consumers.info('EVENTS', 'replicated')).config.num_replicas).toBe(3)
	})

	test('stream set-up at replicas 1 keeps a stream an operator raised to R3 and a longer age, and logs what differs', async () => {
		const lines: string[] = []
		const logger = createLogger({}, 'info', (line) => lines.push(line))
		const spec = { name: 'RAISED', subjects: ['raised.>'], retention: 'limits' as const, maxAgeMs: 3_600_000, duplicateWindowMs: 60_000 }
		const single = await busOn(cluster.url, 'operator-raised', 1)
		await ensureStreams(single, { specs: [spec], logger })
		expect((await single.jsm.streams.info('RAISED')).config.num_replicas).toBe(1)
		const created = (await single.jsm.streams.info('RAISED')).config
		await single.jsm.streams.update('RAISED', { ...created, num_replicas: 3, max_age: 0 })

		await ensureStreams(single, { specs: [spec], logger })

		const after = (await single.jsm.streams.info('RAISED')).config
		expect({ replicas: after.num_replicas, maxAge: after.max_age }).toEqual({ replicas: 3, maxAge: 0 })
		const logged = lines
			.map((line) => JSON.parse(line) as { msg: string; stream?: string; kept?: string[] })
			.find((line) => line.stream === 'RAISED')
		expect(logged?.kept).toEqual(['num_replicas: keeps 3 (layout asks 1)', 'max_age: keeps 0 ns (layout asks 3600000000000 ns)'])
	})

	test('publishes ride through the loss of the stream leader with one stored message per Nats-Msg-Id', async () => {
		const bus = await busOn(cluster.url, 'publisher')
		await ensureStreams(bus)
		const leader = nodeNamed(await leaderOf(bus, 'EVENTS'))
		const before = (await bus.jsm.streams.info('EVENTS')).state.messages
		const sent: Promise<unknown>[] = []
		for (let n = 0; n < 40; n++) {
			if (n === 10) leader.kill()
			sent.push(publish(bus, Body, subjects.event('license.issued'), { n }, `ride-${n}`))
			if (n % 5 === 4) await Promise.all(sent)
		}
		await Promise.all(sent)
		// every id again: all are duplicates, none stored twice
		const again = await Promise.all(
			Array.from({ length: 40 }, (_, n) => publish(bus, Body, subjects.event('license.issued'), { n }, `ride-${n}`))
		)
		expect(again.every((result) => result.duplicate)).toBe(true)
		expect((await bus.jsm.streams.info('EVENTS')).state.messages - before).toBe(40)
		await restore(leader, bus)
	}, 60_000)

	test('a durable consumer resumes after its leader node is killed', async () => {
		const bus = await busOn(cluster.url, 'consumer')
		await ensureStreams(bus)
		const seen = new Set<number>()
		const consumer = {
			stream: 'EVENTS',
			durable: 'resumes',
			filterSubject: subjects.event('coverage.resumed'),
			ackWaitMs: 5_000,
			maxDeliver: -1,
			maxAckPending: 16
		}
		const consumption = await consume(bus, { consumer, schema: Body, logger: silentLogger, handler: async (body) => void seen.add(body.n) })
		for (let n = 0; n < 5; n++) await publish(bus, Body, subjects.event('coverage.resumed'), { n }, `resume-${n}`)
		await waitFor(() => seen.size === 5, { what: 'the first five handled' })
		const leader = nodeNamed(await leaderOf(bus, 'EVENTS', 'resumes'))
		leader.kill()
		for (let n = 5; n < 10; n++) await publish(bus, Body, subjects.event('coverage.resumed'), { n }, `resume-${n}`)
		await waitFor(() => seen.size === 10, { what: 'the messages published after the loss to be handled', timeoutMs: 30_000 })
		expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
		await consumption.stop()
		await restore(leader, bus)
	}, 60_000)

	test('request/reply fails over when the node the requester is connected to dies', async () => {
		const [first, second, third] = cluster.nodes
		if (!first || !second || !third) throw new Error('three nodes expected')
		// the responder lives on the third node; the requester knows only the other two
		const responderBus = await busOn(third.url, 'responder')
		const responder = respond(responderBus, {
			subject: 'test.failover',
			queue: 'q',
			schema: Body,
			logger: silentLogger,
			handler: (body) => ({ n: body.n + 1 })
		})
		await responderBus.nc.flush()
		const requester = await busOn([first.url, second.url], 'requester')
		const ask = (n: number, timeoutMs: number) =>
			request(requester, { subject: 'test.failover', schema: Body, body: { n }, timeoutMs, unavailableReason: 'checker_unavailable' })
		await waitFor(async () => (await ask(0, 1_000).catch(() => undefined)) !== undefined, {
			what: 'the responder interest to reach the requester node'
		})
		const connectedTo = new URL(`nats://${requester.nc.getServer()}`).port
		const lost = [first, second].find((node) => String(node.port) === connectedTo)
		if (!lost) throw new Error(`requester on an unexpected server ${connectedTo}`)
		lost.kill()
		expect(await ask(41, 5_000)).toEqual({ n: 42 })
		await responder.stop()
		await restore(lost, responderBus)
	}, 60_000)
	test('a stream deleted under a running consumption comes back with JETSTREAM_REPLICAS replicas, its durable with the same', async () => {
		const bus = await busOn(cluster.url, 'stream-restore')
		await ensureStreams(bus)
		const spec = {
			stream: STREAMS.BULK.name,
			durable: 'restore-r3',
			filterSubject: subjects.bulkCheckBatch,
			ackWaitMs: 30_000,
			maxDeliver: -1,
			maxAckPending: 4
		}
		const seen: number[] = []
		const consumption = await consume(bus, {
			consumer: spec,
			schema: Body,
			logger: silentLogger,
			pullExpiresMs: 1_000,
			handler: async (body) => {
				seen.push(body.n)
			}
		})
		try {
			await bus.jsm.streams.delete(STREAMS.BULK.name)
			await publish(bus, Body, subjects.bulkCheckBatch, { n: 7 }, 'restore-r3-7')
			await waitFor(() => seen.includes(7), { what: 'the message published after the deletion', timeoutMs: 30_000 })
			const stream = await bus.jsm.streams.info(STREAMS.BULK.name)
			const consumer = await bus.jsm.consumers.info(spec.stream, spec.durable)
			expect({ stream: stream.config.num_replicas, consumer: consumer.config.num_replicas }).toEqual({ stream: 3, consumer: 3 })
		} finally {
			await consumption.stop()
		}
	}, 60_000)

	test('a stream an operator raised to R3, deleted under a consumption at JETSTREAM_REPLICAS 1, comes back at R3, its durable with the same', async () => {
		const bus = await busOn(cluster.url, 'raised-restore', 1)
		await ensureStreams(bus)
		await bus.jsm.streams.update(STREAMS.REGISTRY.name, { num_replicas: 3 })
		const spec = {
			stream: STREAMS.REGISTRY.name,
			durable: 'restore-raised',
			filterSubject: subjects.allRegistryChanged,
			ackWaitMs: 30_000,
			maxDeliver: -1,
			maxAckPending: 4
		}
		const seen: number[] = []
		const consumption = await consume(bus, {
			consumer: spec,
			schema: Body,
			logger: silentLogger,
			handler: async (body) => void seen.push(body.n)
		})
		try {
			await bus.jsm.streams.delete(STREAMS.REGISTRY.name)
			await publish(bus, Body, subjects.registryChanged('UKGC'), { n: 1 }, 'restore-raised-1')
			await waitFor(() => seen.includes(1), { what: 'the message published after the deletion', timeoutMs: 30_000 })
			const stream = await bus.jsm.streams.info(STREAMS.REGISTRY.name)
			const consumer = await bus.jsm.consumers.info(spec.stream, spec.durable)
			expect({ stream: stream.config.num_replicas, consumer: consumer.config.num_replicas }).toEqual({ stream: 3, consumer: 3 })
		} finally {
			await consumption.stop()
		}
	}, 60_000)
})
