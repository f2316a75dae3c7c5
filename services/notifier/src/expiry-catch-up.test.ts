import { afterAll, beforeAll, beforeEach, expect, test } from 'bun:test'
import { DAY, HOUR, TestClock } from '@lv/clock'
import type { EventEnvelope } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { runMaintenance } from './maintenance.ts'
import { insertAccount, insertEndpoint, insertLicence, insertOperator, testSecretKey, watch } from './test-support/fixtures.ts'

let db: TestDatabase
let clock: TestClock
const DAY_ONE = '2026-11-01T06:00:00.000Z'

beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(async () => {
	await db.drop()
})
// Each test is a deployment's own timeline, from its first pass: nothing swept, announced or registered yet.
beforeEach(async () => {
	clock = new TestClock(DAY_ONE)
	await db.sql`DELETE FROM webhook_deliveries`
	await db.sql`DELETE FROM events`
	await db.sql`DELETE FROM expiry_notices`
	await db.sql`DELETE FROM expiry_sweep_state`
	await db.sql`DELETE FROM licenses`
})

/** The UTC date `days` after the day of DAY_ONE. */
const day = (days: number) => new Date(Date.parse(DAY_ONE) + days * DAY).toISOString().slice(0, 10)
const pass = () => runMaintenance({ sql: db.sql, clock, logger: silentLogger })
const storedNotices = () =>
	db.sql<{ license_id: string; event_name: string; emitted_at: Date; received_at: Date; payload: EventEnvelope }[]>`
		SELECT license_id, event_name, emitted_at, received_at, payload FROM events ORDER BY license_id, event_name`
const noticesOf = async (licence: string) =>
	(await storedNotices()).filter((row) => row.license_id === licence).map((row) => row.event_name)

async function licenceOn(expiryDate: string) {
	const now = clock.now()
	const operator = await insertOperator(db.sql, now)
	return { operator, licence: await insertLicence(db.sql, now, { operatorId: operator.id, expiryDate }) }
}

test('a UTC day without any notifier: the next pass sends that day’s notices once, stamped when sent, with the days then left; replicas and later passes add none', async () => {
	const dueOnDayOne = await licenceOn(day(60))
	const thirtyDueOnDayTwo = await licenceOn(day(1 + 30))
	const ninetyDueOnDayTwo = await licenceOn(day(1 + 90))
	const sixtyDueOnDayThree = await licenceOn(day(2 + 60))
	const account = await insertAccount(db.sql, clock.now())
	await watch(db.sql, clock.now(), account, thirtyDueOnDayTwo.operator.id)
	const endpoint = await insertEndpoint(db.sql, clock.now(), {
		accountId: account,
		url: 'https://hooks.example.com/in',
		events: ['license.expiring_30d'],
		secretKey: testSecretKey()
	})

	expect((await pass()).expiring).toBe(1)
	clock.set(new Date(Date.parse(DAY_ONE) + 17 * HOUR + 45 * 60_000))
	expect((await pass()).expiring).toBe(0)
	expect(await noticesOf(dueOnDayOne.licence)).toEqual(['license.expiring_60d'])

	// no replica runs from 23:45 on day one until 06:00 on day three
	clock.set(new Date(Date.parse(DAY_ONE) + 2 * DAY))
	const backAt = clock.now()
	expect((await pass()).expiring).toBe(3)
	const sent = (await storedNotices()).filter((row) => row.license_id !== dueOnDayOne.licence)
	const byLicence = (licence: string) => sent.find((row) => row.license_id === licence)
	for (const [{ licence }, event, daysLeft] of [
		[thirtyDueOnDayTwo, 'license.expiring_30d', 29],
		[ninetyDueOnDayTwo, 'license.expiring_90d', 89],
		[sixtyDueOnDayThree, 'license.expiring_60d', 60]
	] as const) {
		const row = byLicence(licence)
		expect(row?.event_name).toBe(event)
		// SPEC: `timestamp` is when the event was emitted, not when the licence reached the threshold
		expect(row?.payload.timestamp).toBe(backAt.toISOString())
		expect([row?.emitted_at, row?.received_at]).toEqual([backAt, backAt])
		expect(row?.payload.data).toMatchObject({ license_id: licence, days_until_expiry: daysLeft })
	}
	expect(byLicence(thirtyDueOnDayTwo.licence)?.payload.data.expiry_date).toBe(day(31))

	clock.advance(HOUR)
	const replicas = await Promise.all([pass(), pass()])
	expect(replicas.map((result) => result.expiring)).toEqual([0, 0])
	clock.advanceDays(1)
	expect((await pass()).expiring).toBe(0)
	expect(await storedNotices()).toHaveLength(4)
	const deliveries = await db.sql`SELECT endpoint_id, event_type FROM webhook_deliveries`
	expect([...deliveries]).toEqual([{ endpoint_id: endpoint.id, event_type: 'license.expiring_30d' }])
})

test('a pass that stops part-way through a catch-up is finished by the next one, each notice once', async () => {
	await pass()
	const first = await licenceOn(day(1 + 30))
	const second = await licenceOn(day(1 + 60))
	const third = await licenceOn(day(1 + 90))
	// the database refuses the second licence's event until the trigger is dropped
	await db.sql.unsafe(`
		CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN IF NEW.license_id = '${second.licence}' THEN RAISE EXCEPTION 'database unavailable'; END IF; RETURN NEW; END $$;
		CREATE TRIGGER refuse_notice BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_notice();`)

	clock.set(new Date(Date.parse(DAY_ONE) + 2 * DAY))
	await expect(pass()).rejects.toThrow('database unavailable')
	expect(await noticesOf(first.licence)).toEqual(['license.expiring_30d'])
	expect(await noticesOf(second.licence)).toEqual([])

	await db.sql.unsafe('DROP TRIGGER refuse_notice ON events')
	clock.advanceDays(1)
	expect((await pass()).expiring).toBe(2)
	expect(await noticesOf(first.licence)).toEqual(['license.expiring_30d'])
	expect(await noticesOf(second.licence)).toEqual(['license.expiring_60d'])
	expect(await noticesOf(third.licence)).toEqual(['license.expiring_90d'])
	expect(await db.sql`SELECT 1 FROM expiry_notices`).toHaveLength(3)
})

test('the first pass of a deployment does not look back; after more than 29 days down only the last 29 are caught up, so no licence is told of a threshold a later one has passed, nor of a day before it was known', async () => {
	const dueYesterday = await licenceOn(day(-1 + 60))
	expect((await pass()).expiring).toBe(0)

	const dueBeforeTheWindow = await licenceOn(day(1 + 30))
	clock.advanceDays(1)
	const sixtyOutsideThirtyInside = await licenceOn(day(40 + 25))
	clock.advanceDays(37)
	const knownAfterItsDay = await licenceOn(day(37 + 30))
	const knownOnItsDay = await licenceOn(day(38 + 30))
	clock.set(new Date(Date.parse(DAY_ONE) + 40 * DAY))
	await pass()
	// its 60-day day fell 35 days back, its 30-day day 5 days back: told the 30 days only, with the 25 left
	expect(await noticesOf(sixtyOutsideThirtyInside.licence)).toEqual(['license.expiring_30d'])
	const [late] = (await storedNotices()).filter((row) => row.license_id === sixtyOutsideThirtyInside.licence)
	expect(late?.payload.data.days_until_expiry).toBe(25)
	// its 30-day day (day 29) is inside the window and it was known then: told late
	expect(await noticesOf(dueYesterday.licence)).toEqual(['license.expiring_30d'])
	expect(await noticesOf(knownOnItsDay.licence)).toEqual(['license.expiring_30d'])
	expect(await noticesOf(knownAfterItsDay.licence)).toEqual([])
	expect(await noticesOf(dueBeforeTheWindow.licence)).toEqual([])
})
