import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, requestBytes } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { CheckBatchRequest, joinBatchAnswers, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { seedOneListedDomain } from '../../../checker/src/test-support/register-factory.ts'
import { proveCheckerStates } from '../test-support/checker-states.ts'
import { createBatchDispatch } from './batch-dispatch.ts'
import { type CheckerStateWatch, watchCheckerStates } from './checker-states-watch.ts'

/** A batch's parts sent to checker replicas (ADR 0056), over real nats-server and PostgreSQL with two replicas. */
const READ_AT = new Date('2026-11-24T00:00:00.000Z')
const clock = new TestClock(READ_AT.getTime() + 3_600_000)
const DOMAINS: unknown[] = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 'acmebet.co.uk' : i % 7 === 0 ? i : `site-${i}.example`))

let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let watch: CheckerStateWatch
const replicas: TestChecker[] = []
/** Every check.batch message by subject, seen by plain subscriptions beside the checkers'. */
const sent: { subject: string; domains: unknown[] }[] = []

const dispatch = (partDomains = 100) => createBatchDispatch({ bus, clock, timeoutMs: 2_000, partDomains, states: watch.states })
const spy = (subject: string) =>
	bus.nc.subscribe(subject, {
		callback: (_, message) => {
			sent.push({ subject: message.subject, domains: (JSON.parse(new TextDecoder().decode(message.data)) as { domains: unknown[] }).domains })
		}
	})
const wholeAnswer = async () =>
	requestBytes(bus, {
		subject: subjects.checkBatch,
		schema: CheckBatchRequest,
		body: { id: crypto.randomUUID(), sent_at: clock.now().toISOString(), domains: DOMAINS },
		timeoutMs: 2_000,
		unavailableReason: 'checker_unavailable'
	})
const startReplica = (name: string) => startTestChecker({ sql: db.sql, natsUrl: nats.url, clock, name, announceState: true })

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	await seedOneListedDomain(db.sql, READ_AT)
	bus = await connectBus({ servers: nats.url, name: 'gateway' })
	spy(subjects.checkBatch)
	replicas.push(await startReplica('checker-1'))
	watch = watchCheckerStates({ bus, clock, logger: silentLogger, proofMs: 60_000, probeEveryMs: 3_600_000 })
	await bus.nc.flush()
}, 60_000)

afterAll(async () => {
	await watch?.stop()
	for (const replica of replicas) await replica.stop()
	await bus?.close()
	await nats?.stop()
	await db?.drop()
}, 60_000)

describe('a batch sent to the checker replicas the gateway hears from (ADR 0056)', () => {
	test('with one replica answering, a batch goes whole to the queue group, as before', async () => {
		await proveCheckerStates(watch, clock, 1)
		sent.length = 0
		const answers = await dispatch()(DOMAINS)
		await bus.nc.flush()
		expect(sent).toEqual([{ subject: subjects.checkBatch, domains: DOMAINS }])
		expect(joinBatchAnswers(answers)).toEqual(await wholeAnswer())
	})

	test('with two replicas answering, a batch of 100 goes as four parts of 25 to the replicas by name, both of them, and joins to exactly the whole answer', async () => {
		replicas.push(await startReplica('checker-2'))
		await proveCheckerStates(watch, clock, 2)
		const named = spy(subjects.allReplicaCheckBatches)
		await bus.nc.flush()
		sent.length = 0
		const answers = await dispatch()(DOMAINS)
		await bus.nc.flush()
		named.unsubscribe()
		expect(sent.map(({ domains }) => domains)).toEqual([DOMAINS.slice(0, 25), DOMAINS.slice(25, 50), DOMAINS.slice(50, 75), DOMAINS.slice(75)])
		const replicaSubjects = new Set(watch.states.answering().map(subjects.checkBatchOn))
		expect(new Set(sent.map(({ subject }) => subject))).toEqual(replicaSubjects)
		expect(replicaSubjects.size).toBe(2)
		expect(joinBatchAnswers(answers)).toEqual(await wholeAnswer())
	})

	// No subscription matches the gone replica's subject (the spy above is gone), so its parts get no responders at once.
	test('a replica heard from but gone without leaving has its parts answered by the queue group', async () => {
		watch.states.heard({ replica: 'gone-without-leaving', seq: 1, state: 'S', freshForMs: 3_600_000 }, clock.nowMs())
		expect(watch.states.answering()).toHaveLength(3)
		sent.length = 0
		const answers = await dispatch()(DOMAINS)
		await bus.nc.flush()
		expect(sent.filter(({ subject }) => subject === subjects.checkBatch).length).toBeGreaterThan(0)
		expect(joinBatchAnswers(answers)).toEqual(await wholeAnswer())
	})
})
