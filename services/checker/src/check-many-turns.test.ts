import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type Bus, type Responder, connectBus, requestBytes } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { CheckManyRequest, decodeFramedAnswers, subjects } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, startNats } from '@lv/testing'
import { buildIndex } from '@lv/verdict'
import type { IndexStore } from './index-store.ts'
import { startResponders } from './responders.ts'

const index = buildIndex({
	jurisdictions: [],
	registerStatus: [],
	operators: [],
	tradingNames: [],
	licences: [],
	licenseNumberVersions: [],
	domainLinks: []
})
const events: string[] = []
let nats: NatsHandle
let client: Bus
let replica: Bus
let responders: Responder[]

/** The NATS client's write of what it has buffered (its replies), seen from the replica's connection. */
type Protocol = { flushPending(): void; outbound: { size(): number } }

beforeAll(async () => {
	nats = await startNats()
	client = await connectBus({ servers: nats.url, name: 'check-many-turns-client' })
	replica = await connectBus({ servers: nats.url, name: 'check-many-turns-replica' })
	const protocol = (replica.nc as unknown as { protocol: Protocol }).protocol
	const flushPending = protocol.flushPending.bind(protocol)
	protocol.flushPending = () => {
		if (protocol.outbound.size() > 0) events.push('replies written')
		flushPending()
	}
	const store = {
		current: () => {
			events.push('answering')
			return index
		}
	} as unknown as IndexStore
	responders = startResponders({ bus: replica, sql: undefined as unknown as Sql, store, clock: new TestClock(), logger: silentLogger })
	await replica.nc.flush()
	events.length = 0
})

afterAll(async () => {
	await Promise.all(responders.map((responder) => responder.stop()))
	await Promise.all([client.close(), replica.close()])
	await nats.stop()
})

const checkMany = (domain: string) =>
	requestBytes(client, {
		subject: subjects.checkMany,
		schema: CheckManyRequest,
		body: { id: crypto.randomUUID(), sent_at: new Date().toISOString(), checks: [{ domain }] },
		timeoutMs: 5_000,
		unavailableReason: 'checker_unavailable'
	})

test('check.many messages arriving together are answered one a turn, each reply written before the next is answered', async () => {
	const replies = [checkMany('first.example'), checkMany('second.example'), checkMany('third.example')]
	await client.nc.flush()
	// The replica shares this thread: held here, it finds all three messages in one read of its socket.
	const until = Date.now() + 200
	while (Date.now() < until) {}
	const answers = await Promise.all(replies)
	expect(answers.map((reply) => decodeFramedAnswers(reply).map((answer) => answer.status))).toEqual([[200], [200], [200]])
	expect(events).toEqual(['answering', 'replies written', 'answering', 'replies written', 'answering', 'replies written'])
})
