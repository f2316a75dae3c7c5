import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { type OneCheck, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, waitFor } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../services/checker/src/test-support/checker-harness.ts'
import { type LicenceFixture, registerFactory, seedOneListedDomain } from '../../services/checker/src/test-support/register-factory.ts'
import { type CheckDispatcher, createCheckDispatcher } from '../../services/gateway/src/routes/check-dispatch.ts'
import { type CheckerStateWatch, watchCheckerStates } from '../../services/gateway/src/routes/checker-states-watch.ts'
import { proveCheckerStates } from '../../services/gateway/src/test-support/checker-states.ts'

/**
 * The gateway's check path (its dispatcher and its view of the checker replicas' states) against two
 * checker replicas over real nats-server and PostgreSQL, one clock for all (ADR 0048): a held answer is
 * served without a check.many message only while the rule proves it is still the checkers' answer.
 */
const READ_AT = new Date('2026-11-24T00:00:00.000Z')
/** UKGC's 24 h SLA runs out here (the earliest freshness change of the registers read at READ_AT). */
const UKGC_STALE_AT = READ_AT.getTime() + 24 * 3_600_000
const H = 60_000
const clock = new TestClock(READ_AT.getTime() + 3_600_000)
const DOMAIN: OneCheck = { domain: 'acmebet.co.uk' }

let db: TestDatabase
let nats: NatsHandle
let gatewayBus: Bus
let watch: CheckerStateWatch
let dispatcher: CheckDispatcher
let licence: LicenceFixture
const replicas: TestChecker[] = []
/** Every check.many message sent, seen by a plain subscription beside the checkers' queue group. */
let messagesSent = 0

const startReplica = (name: string) => startTestChecker({ sql: db.sql, natsUrl: nats.url, clock, name, announceState: true })

const text = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>
const verdictOf = async () => text(await dispatcher.answer(DOMAIN)).verdict

/** Asks once; says whether a check.many message went to the checkers for it. */
async function askedTheChecker(): Promise<boolean> {
	const before = messagesSent
	await dispatcher.answer(DOMAIN)
	await gatewayBus.nc.flush()
	return messagesSent > before
}

const proveEveryReplica = () => proveCheckerStates(watch, clock, replicas.length)

/** Asks until the gateway holds a tagged answer (the memo tags a query asked again) and serves it without asking. */
async function holdAnAnswer(): Promise<void> {
	for (let ask = 0; ask < 6; ask++) await dispatcher.answer(DOMAIN)
	await proveEveryReplica()
	expect(await askedTheChecker()).toBe(false)
}

async function changeTheRegister(status: string) {
	await db.sql`UPDATE licenses SET status = ${status}, upstream_status = ${status} WHERE id = ${licence.id}`
	await registerFactory(db.sql, READ_AT).finishRun('UKGC')
}

/** Waits until the gateway has heard `replica`'s announcement of the index it now holds. */
async function announcementHeard(count: number): Promise<void> {
	await waitFor(() => watch.states.replicas().filter((replica) => replica.provenAtMs === Number.NEGATIVE_INFINITY).length === count, {
		what: 'the gateway to hear the announcements'
	})
}

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	licence = await seedOneListedDomain(db.sql, READ_AT)
	gatewayBus = await connectBus({ servers: nats.url, name: 'gateway' })
	gatewayBus.nc.subscribe(subjects.checkMany, {
		callback: () => {
			messagesSent++
		}
	})
	replicas.push(await startReplica('checker-1'), await startReplica('checker-2'))
	watch = watchCheckerStates({ bus: gatewayBus, clock, logger: silentLogger, proofMs: H, probeEveryMs: 3_600_000 })
	dispatcher = createCheckDispatcher({ bus: gatewayBus, clock, timeoutMs: 2_000, states: watch.states })
	await gatewayBus.nc.flush()
}, 60_000)

afterAll(async () => {
	await watch?.stop()
	for (const replica of replicas) await replica.stop()
	await gatewayBus?.close()
	await nats?.stop()
	await db?.drop()
}, 60_000)

describe('held answers served without the round trip (ADR 0048)', () => {
	test('a held answer is served without asking while every replica is proven on its state, and not before it is proven', async () => {
		for (let ask = 0; ask < 6; ask++) await dispatcher.answer(DOMAIN)
		clock.advance(H)
		expect(await askedTheChecker()).toBe(true)
		await proveEveryReplica()
		expect(await askedTheChecker()).toBe(false)
		expect(await verdictOf()).toBe('licensed')
	})

	test('a held answer served without asking is its bytes at once, no promise to wait for; one the checkers must confirm is a promise', async () => {
		await holdAnAnswer()
		expect(dispatcher.answer(DOMAIN)).toBeInstanceOf(Uint8Array)
		clock.advance(H)
		const confirmed = dispatcher.answer(DOMAIN)
		expect(confirmed).toBeInstanceOf(Promise)
		expect(text(await confirmed).verdict).toBe('licensed')
	})

	test('the gateway counts the checks it answers from held answers, served without asking and confirmed by a checker', async () => {
		await holdAnAnswer()
		const before = { ...dispatcher.heldAnswered }
		dispatcher.answer(DOMAIN)
		expect(dispatcher.heldAnswered).toEqual({ served: before.served + 1, confirmed: before.confirmed })
		clock.advance(H)
		await dispatcher.answer(DOMAIN)
		expect(dispatcher.heldAnswered).toEqual({ served: before.served + 1, confirmed: before.confirmed + 1 })
	})

	test('a gateway that hears no reply for H stops serving held answers, and serves them again once the replicas are proven', async () => {
		await holdAnAnswer()
		clock.advance(H - 1)
		expect(await askedTheChecker()).toBe(false)
		clock.advance(1)
		expect(await askedTheChecker()).toBe(true)
		await proveEveryReplica()
		expect(await askedTheChecker()).toBe(false)
	})

	test('after a register changes, the next check shows it as soon as the replicas have announced their new index', async () => {
		await holdAnAnswer()
		await changeTheRegister('suspended')
		for (const replica of replicas) await replica.store.sync('UKGC')
		await announcementHeard(replicas.length)
		expect(await verdictOf()).not.toBe('licensed')
		await holdAnAnswer()
		expect(await verdictOf()).not.toBe('licensed')
	})

	test('while two replicas are on different states every check asks the checkers, and the change is served once both hold it', async () => {
		await holdAnAnswer()
		const before = await verdictOf()
		await changeTheRegister(before === 'licensed' ? 'suspended' : 'active')
		const [ahead, behind] = replicas as [TestChecker, TestChecker]
		await ahead.store.sync('UKGC')
		await announcementHeard(1)
		await proveEveryReplica()
		expect(new Set(watch.states.replicas().map((replica) => replica.state)).size).toBe(2)
		for (let ask = 0; ask < 8; ask++) expect(await askedTheChecker()).toBe(true)
		await behind.store.sync('UKGC')
		await announcementHeard(1)
		await holdAnAnswer()
		expect(await verdictOf()).not.toBe(before)
	})

	test('a register going stale stops the serving of answers computed while it was fresh, at its freshness deadline', async () => {
		await holdAnAnswer()
		clock.set(UKGC_STALE_AT - 30_000)
		await proveEveryReplica()
		// The held answer's freshness, taken when it was last confirmed, ran out with the 1 % clock-rate margin: confirmed again now.
		expect(await askedTheChecker()).toBe(true)
		clock.advance(29_000)
		expect(await askedTheChecker()).toBe(false)
		expect(JSON.stringify(text(await dispatcher.answer(DOMAIN))._meta)).toContain('"fresh":true')
		clock.advance(1_000)
		expect(await askedTheChecker()).toBe(true)
		expect(JSON.stringify(text(await dispatcher.answer(DOMAIN))._meta)).toContain('"fresh":false')
	})

	test('a replica that leaves is no longer waited for, and with every replica gone no answer is served without asking', async () => {
		await holdAnAnswer()
		const leaving = replicas.pop() as TestChecker
		await leaving.stop()
		await waitFor(() => watch.states.replicas().some((replica) => replica.leaving), { what: 'the leaving announcement' })
		expect(await askedTheChecker()).toBe(false)
		const last = replicas.pop() as TestChecker
		await last.stop()
		await waitFor(() => watch.states.replicas().filter((replica) => replica.leaving).length === 2, {
			what: 'the last leaving announcement'
		})
		// The counting subscription above takes check.many too, so no answer comes: 503 after the checker timeout.
		await expect(Promise.resolve(dispatcher.answer(DOMAIN))).rejects.toMatchObject({ status: 503 })
	}, 15_000)
})
