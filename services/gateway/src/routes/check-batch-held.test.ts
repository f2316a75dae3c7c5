import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CheckerStates } from '@lv/answer-state'
import { type Bus, connectBus, requestBytes } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { CheckBatchRequest, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestChecker, startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { type LicenceFixture, registerFactory, seedOneListedDomain } from '../../../checker/src/test-support/register-factory.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { proveCheckerStates } from '../test-support/checker-states.ts'
import { testApp } from '../test-support/gateway.ts'
import { type CheckerStateWatch, watchCheckerStates } from './checker-states-watch.ts'

/**
 * POST /v1/check/batch through the whole gateway app with a real checker (ADR 0073): rows ADR 0048's rule
 * serves are not sent to the checker, and the answer is byte for byte the checker's plain answer at the
 * instant it answers the entries that are sent.
 */
const READ_AT = new Date('2026-11-24T00:00:00.000Z')
/** UKGC's 24 h SLA runs out here. */
const UKGC_STALE_AT = READ_AT.getTime() + 24 * 3_600_000
const H = 60_000
const clock = new TestClock(READ_AT.getTime() + 3_600_000)
const LISTED = 'acmebet.co.uk'
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let checker: TestChecker
let watch: CheckerStateWatch
let app: ReturnType<typeof testApp>
let licence: LicenceFixture
let key: string
/** The entries of every check.batch message sent, read by a plain subscriber beside the checker's queue group. */
const sent: unknown[][] = []

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	licence = await seedOneListedDomain(db.sql, READ_AT)
	bus = await connectBus({ servers: nats.url, name: 'check-batch-held-test' })
	bus.nc.subscribe(subjects.checkBatch, {
		callback: (_, message) => {
			sent.push((JSON.parse(new TextDecoder().decode(message.data)) as { domains: unknown[] }).domains)
		}
	})
	checker = await startTestChecker({ sql: db.sql, natsUrl: nats.url, clock, announceState: true })
	watch = watchCheckerStates({ bus, clock, logger: silentLogger, proofMs: H, probeEveryMs: 3_600_000 })
	app = testApp({ sql: db.sql, bus, clock, checkerStates: watch.states })
	key = (await accountWithKey(db.sql, clock, 'pro')).key
	await bus.nc.flush()
}, 60_000)

afterAll(async () => {
	await watch?.stop()
	await checker?.stop()
	await bus?.close()
	await nats?.stop()
	await db?.drop()
})

/** A batch posted to `gateway`, and the entries of the check.batch messages it sent. */
async function postBatch(domains: unknown[], gateway = app) {
	const before = sent.length
	const response = await gateway.handle(
		new Request('http://localhost/v1/check/batch', {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...bearer(key) },
			body: JSON.stringify({ domains })
		})
	)
	expect(response.status).toBe(200)
	const body = await response.text()
	await bus.nc.flush()
	return { response, body, messages: sent.slice(before) }
}

/** The checker's plain answer to `domains` now (no known tags: every row computed and sent). */
async function plainly(domains: unknown[]): Promise<string> {
	const bytes = await requestBytes(bus, {
		subject: subjects.checkBatch,
		schema: CheckBatchRequest,
		body: { id: crypto.randomUUID(), sent_at: clock.now().toISOString(), domains },
		timeoutMs: 5_000,
		unavailableReason: 'checker_unavailable'
	})
	await bus.nc.flush()
	return new TextDecoder().decode(bytes)
}

/** Asks until the gateway holds the rows of `domains` tagged (the checker tags a row asked again) and proven. */
async function holdRows(domains: unknown[], gateway = app) {
	for (let ask = 0; ask < 3; ask++) await postBatch(domains, gateway)
	if (gateway === app) await proveCheckerStates(watch, clock, 1)
}

let fresh = 0
const neverAsked = () => `never-asked-${++fresh}.example`

describe('POST /v1/check/batch serving held rows (ADR 0073)', () => {
	test('a batch asked again sends the checker only the entries the gateway does not hold, answers the checker’s bytes and counts one against the quota', async () => {
		const domains = [LISTED, neverAsked(), 7, 'bad_host.com']
		await holdRows(domains)
		const asked = await postBatch(domains)
		const again = [LISTED, neverAsked(), 7, 'bad_host.com']
		const served = await postBatch(again)
		expect(served.messages).toEqual([[again[1], 7]])
		expect(served.body).toBe(await plainly(again))
		expect(JSON.parse(served.body).results[0].verdict).toBe('licensed')
		expect(Number(served.response.headers.get('x-monthly-quota-used'))).toBe(Number(asked.response.headers.get('x-monthly-quota-used')) + 1)
	})

	test('a batch whose every entry is held still asks the checker for its first entry, whose reply brings the answer’s tail', async () => {
		const domains = [LISTED, 'bad_host.com']
		await holdRows(domains)
		const served = await postBatch(domains)
		expect(served.messages).toEqual([[LISTED]])
		expect(served.body).toBe(await plainly(domains))
	})

	test('at the register’s freshness deadline the held rows are asked again, in the one message, and the answer shows the register stale', async () => {
		const started = clock.nowMs()
		try {
			// Proven 10 s before the deadline, so the proof still holds at it: only the rows' freshness stops serving them.
			clock.set(UKGC_STALE_AT - 10_000)
			await holdRows([LISTED, neverAsked()])
			clock.set(UKGC_STALE_AT)
			const domains = [LISTED, neverAsked()]
			const stale = await postBatch(domains)
			expect(stale.messages).toEqual([domains])
			expect(stale.body).toBe(await plainly(domains))
			expect(JSON.parse(stale.body).results[0]._meta.register.fresh).toBe(false)
		} finally {
			clock.set(started)
		}
	})

	test('rows the rule serves are joined only with a reply computed on their state: after a swap the gateway has not heard, the whole batch is asked again', async () => {
		// A gateway that hears no announcements: its view of the checker is proven only by the batch replies.
		const states = new CheckerStates({ clock, proofMs: H, forgetMs: 10 * H })
		const unaware = testApp({ sql: db.sql, bus, clock, checkerStates: states })
		await holdRows([LISTED, neverAsked()], unaware)
		const before = [LISTED, neverAsked()]
		expect((await postBatch(before, unaware)).messages).toEqual([[before[1]]])
		const domains = [LISTED, neverAsked()]
		try {
			await db.sql`UPDATE licenses SET status = 'suspended', upstream_status = 'suspended' WHERE id = ${licence.id}`
			await registerFactory(db.sql, READ_AT).finishRun('UKGC')
			await checker.store.sync('UKGC')
			const after = await postBatch(domains, unaware)
			expect(after.messages).toEqual([[domains[1]], domains])
			expect(after.body).toBe(await plainly(domains))
			expect(JSON.parse(after.body).results[0].verdict).not.toBe('licensed')
		} finally {
			await db.sql`UPDATE licenses SET status = 'active', upstream_status = 'active' WHERE id = ${licence.id}`
			await registerFactory(db.sql, READ_AT).finishRun('UKGC')
			await checker.store.sync('UKGC')
		}
	})
})
