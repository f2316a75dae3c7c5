import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { DAY, HOUR, TestClock } from '@lv/clock'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { runCoverageScan } from './coverage-scan.ts'
import { runExpiryScan } from './expiry-scan.ts'
import { recordEvent } from './record-event.ts'
import { purgeExpired } from './retention.ts'
import {
	coverageEvent,
	insertAccount,
	insertEndpoint,
	insertLicence,
	insertOperator,
	testSecretKey,
	watch
} from './test-support/fixtures.ts'

let db: TestDatabase
let clock: TestClock

beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(async () => {
	await db.drop()
})
beforeEach(() => {
	clock = new TestClock('2026-11-01T06:00:00.000Z')
})

const dateIn = (days: number) => new Date(clock.nowMs() + days * DAY).toISOString().slice(0, 10)

describe('license.expiring_30d / 60d / 90d', () => {
	test('each threshold is emitted once per licence, on the day the expiry is exactly that far, however often the scan runs', async () => {
		const now = clock.now()
		const operator = await insertOperator(db.sql, now)
		const licence = await insertLicence(db.sql, now, { operatorId: operator.id, expiryDate: dateIn(90) })

		const first = await runExpiryScan(db.sql, clock.now())
		expect(first.map((event) => event.event)).toEqual(['license.expiring_90d'])
		expect(first[0]?.data).toMatchObject({
			license_id: licence,
			operator_id: operator.id,
			operator_slug: operator.slug,
			expiry_date: dateIn(90),
			days_until_expiry: 90
		})
		clock.advanceHours(6)
		expect(await runExpiryScan(db.sql, clock.now())).toEqual([])

		clock.advanceDays(1)
		expect(await runExpiryScan(db.sql, clock.now())).toEqual([])
		clock.set(new Date(now.getTime() + 30 * DAY))
		expect((await runExpiryScan(db.sql, clock.now())).map((event) => event.event)).toEqual(['license.expiring_60d'])
		clock.set(new Date(now.getTime() + 60 * DAY))
		const [thirty] = await runExpiryScan(db.sql, clock.now())
		expect(thirty?.event).toBe('license.expiring_30d')
		expect(thirty?.timestamp).toBe(clock.now().toISOString())

		const stored = await db.sql`SELECT event_name FROM events WHERE license_id = ${licence} ORDER BY seq`
		expect(stored.map((row) => row.event_name)).toEqual(['license.expiring_90d', 'license.expiring_60d', 'license.expiring_30d'])
	})

	test('a licence that is not active, or expires on another day, is not announced', async () => {
		const now = clock.now()
		const operator = await insertOperator(db.sql, now)
		const suspended = await insertLicence(db.sql, now, { operatorId: operator.id, status: 'suspended', expiryDate: dateIn(30) })
		const offByOne = await insertLicence(db.sql, now, { operatorId: operator.id, expiryDate: dateIn(31) })
		const emitted = await runExpiryScan(db.sql, now)
		expect(emitted.map((event) => event.data.license_id)).not.toContain(suspended)
		expect(emitted.map((event) => event.data.license_id)).not.toContain(offByOne)
	})

	test('a renewed licence (new expiry date) is announced again for the new date', async () => {
		const now = clock.now()
		const operator = await insertOperator(db.sql, now)
		const licence = await insertLicence(db.sql, now, { operatorId: operator.id, expiryDate: dateIn(60) })
		expect(await runExpiryScan(db.sql, now)).toHaveLength(1)
		clock.advanceDays(30)
		await db.sql`UPDATE licenses SET expiry_date = ${dateIn(90)}::date WHERE id = ${licence}`
		const renewed = await runExpiryScan(db.sql, clock.now())
		expect(renewed.map((event) => [event.event, event.data.license_id])).toEqual([['license.expiring_90d', licence]])
	})

	test('an expiring event reaches a watchlist endpoint of an account watching the operator', async () => {
		const now = clock.now()
		const account = await insertAccount(db.sql, now)
		const operator = await insertOperator(db.sql, now)
		await watch(db.sql, now, account, operator.id)
		const endpoint = await insertEndpoint(db.sql, now, {
			accountId: account,
			url: 'https://hooks.example.com/in',
			events: ['license.expiring_60d'],
			secretKey: testSecretKey()
		})
		await insertLicence(db.sql, now, { operatorId: operator.id, expiryDate: dateIn(60) })
		const [event] = await runExpiryScan(db.sql, now)
		const deliveries = await db.sql`SELECT endpoint_id FROM webhook_deliveries WHERE event_id = ${event?.event_id ?? ''}`
		expect(deliveries.map((row) => row.endpoint_id)).toEqual([endpoint.id])
	})
})

describe('coverage.degraded / coverage.restored', () => {
	const setRead = (code: string, at: Date | null) =>
		db.sql`UPDATE register_status SET last_successful_read_at = ${at} WHERE jurisdiction_code = ${code}`

	test('the first scan records a baseline; a jurisdiction passing its SLA emits degraded once, a fresh read emits restored once', async () => {
		const now = clock.now()
		for (const code of ['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM']) await setRead(code, now)
		expect(await runCoverageScan(db.sql, now)).toEqual([])

		clock.advanceHours(23)
		expect(await runCoverageScan(db.sql, clock.now())).toEqual([])
		clock.advanceHours(1)
		const degraded = await runCoverageScan(db.sql, clock.now())
		expect(degraded.map((event) => [event.event, event.data.jurisdiction_code]).sort()).toEqual([
			['coverage.degraded', 'AN'],
			['coverage.degraded', 'IOM'],
			['coverage.degraded', 'TGC'],
			['coverage.degraded', 'UKGC']
		])
		expect(degraded.find((event) => event.data.jurisdiction_code === 'UKGC')?.data).toMatchObject({
			fresh: false,
			status: 'degraded',
			age_hours: 24,
			sla_hours: 24
		})
		expect(await runCoverageScan(db.sql, clock.now())).toEqual([])

		await setRead('UKGC', clock.now())
		clock.advance(HOUR)
		const restored = await runCoverageScan(db.sql, clock.now())
		expect(restored.map((event) => [event.event, event.data.jurisdiction_code])).toEqual([['coverage.restored', 'UKGC']])
		expect(restored[0]?.data).toMatchObject({ fresh: true, status: 'healthy', age_hours: 1 })
	})

	test('two replicas scanning at once emit a transition once', async () => {
		clock.advanceDays(10)
		const results = await Promise.all([runCoverageScan(db.sql, clock.now()), runCoverageScan(db.sql, clock.now())])
		const emitted = results.flat().map((event) => event.data.jurisdiction_code)
		expect(emitted.length).toBeGreaterThan(0)
		expect(new Set(emitted).size).toBe(emitted.length)
	})
})

describe('30-day retention', () => {
	test('events older than 30 days and finished deliveries older than 30 days are purged; recent ones stay', async () => {
		const now = clock.now()
		const account = await insertAccount(db.sql, now)
		await insertEndpoint(db.sql, now, {
			accountId: account,
			url: 'https://hooks.example.com/in',
			events: ['coverage.degraded'],
			secretKey: testSecretKey()
		})
		const old = coverageEvent(now)
		await recordEvent(db.sql, old, now)
		await db.sql`UPDATE webhook_deliveries SET status = 'delivered' WHERE event_id = ${old.event_id}`
		clock.advanceDays(29)
		const recent = coverageEvent(clock.now())
		await recordEvent(db.sql, recent, clock.now())

		clock.set(new Date(now.getTime() + 30 * DAY - 1))
		await purgeExpired(db.sql, clock.now())
		expect(await db.sql`SELECT 1 FROM events WHERE event_id = ${old.event_id}`).toHaveLength(1)

		clock.set(new Date(now.getTime() + 30 * DAY + 1))
		const purged = await purgeExpired(db.sql, clock.now())
		expect(purged.events).toBeGreaterThanOrEqual(1)
		expect(purged.deliveries).toBeGreaterThanOrEqual(1)
		expect(await db.sql`SELECT 1 FROM events WHERE event_id = ${old.event_id}`).toHaveLength(0)
		expect(await db.sql`SELECT 1 FROM webhook_deliveries WHERE event_id = ${old.event_id}`).toHaveLength(0)
		expect(await db.sql`SELECT 1 FROM events WHERE event_id = ${recent.event_id}`).toHaveLength(1)
		expect(await db.sql`SELECT 1 FROM webhook_deliveries WHERE event_id = ${recent.event_id}`).toHaveLength(1)
	})
})

describe('expiry notices retention', () => {
	test('a notice is deleted once its expiry date has passed; a notice of a date still ahead stays, so no warning is sent twice', async () => {
		const now = clock.now()
		const operator = await insertOperator(db.sql, now)
		const licence = await insertLicence(db.sql, now, { operatorId: operator.id, expiryDate: dateIn(30) })
		expect((await runExpiryScan(db.sql, clock.now())).map((event) => event.event)).toEqual(['license.expiring_30d'])

		const notices = () => db.sql`SELECT 1 FROM expiry_notices WHERE license_id = ${licence}`
		clock.advanceDays(30)
		await purgeExpired(db.sql, clock.now())
		expect(await notices()).toHaveLength(1)

		clock.advanceDays(1)
		expect((await purgeExpired(db.sql, clock.now())).notices).toBeGreaterThanOrEqual(1)
		expect(await notices()).toHaveLength(0)
	})
})
