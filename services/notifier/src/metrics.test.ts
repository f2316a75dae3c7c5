import { afterAll, beforeAll, expect, test } from 'bun:test'
import { MINUTE, TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { type TestDatabase, createTestDatabase, metricValue } from '@lv/testing'
import { createDeliveryWorker } from './delivery-worker.ts'
import { createNotifierMetrics } from './metrics.ts'
import { recordEvent } from './record-event.ts'
import { type Receiver, startReceiver } from './test-support/receiver.ts'
import {
	coverageEvent,
	insertAccount,
	insertEndpoint,
	insertHistory,
	insertLicence,
	insertOperator,
	licenceEvent,
	testSecretKey
} from './test-support/fixtures.ts'

const key = testSecretKey()
const clock = new TestClock('2026-11-01T10:00:00.000Z')
const service = createServiceMetrics('notifier', true)
const value = (name: string, labels: Record<string, string> = {}) => metricValue(service.registry, name, labels)
let db: TestDatabase
let receiver: Receiver

beforeAll(async () => {
	db = await createTestDatabase()
	receiver = startReceiver()
})
afterAll(async () => {
	await receiver.stop()
	await db.drop()
})

test('attempts are counted by result, finished deliveries by outcome, and the due backlog, its oldest age and disabled endpoints are read from PostgreSQL', async () => {
	const metrics = createNotifierMetrics(service, { sql: db.sql, clock })
	const worker = createDeliveryWorker({
		sql: db.sql,
		clock,
		logger: silentLogger,
		secretKey: key,
		allowList: [receiver.origin],
		random: () => 0.5,
		metrics
	})
	const now = clock.now()
	const accountId = await insertAccount(db.sql, now)
	const endpoint = await insertEndpoint(db.sql, now, { accountId, url: receiver.url(), events: ['coverage.degraded'], secretKey: key })
	await insertEndpoint(db.sql, now, { accountId, url: receiver.url(), events: ['coverage.degraded'], secretKey: key })
	await db.sql`UPDATE webhook_endpoints SET active = false WHERE id <> ${endpoint.id}`
	await recordEvent(db.sql, coverageEvent(now), now)

	clock.advance(5 * MINUTE)
	expect(await value('notifier_due_deliveries')).toBe(1)
	expect(await value('notifier_oldest_due_delivery_age_seconds')).toBe(5 * 60)
	expect(await value('notifier_webhook_endpoints', { state: 'active' })).toBe(1)
	expect(await value('notifier_webhook_endpoints', { state: 'disabled' })).toBe(1)

	receiver.respondWith(() => new Response('down', { status: 500 }))
	await worker.tick()
	expect(await value('notifier_delivery_attempts_total', { result: 'failed' })).toBe(1)
	clock.advance(1_000)
	expect(await value('notifier_due_deliveries')).toBe(0)
	expect(await value('notifier_oldest_due_delivery_age_seconds')).toBe(0)

	receiver.respondWith(() => new Response('ok'))
	clock.advance(60 * MINUTE)
	await worker.tick()
	expect(await value('notifier_delivery_attempts_total', { result: 'delivered' })).toBe(1)
	expect(await value('notifier_deliveries_total', { outcome: 'delivered' })).toBe(1)
	expect(await value('notifier_deliveries_total', { outcome: 'abandoned' })).toBe(0)

	// a delivery whose event was withdrawn ends without an attempt, counted as withdrawn
	const operator = await insertOperator(db.sql, clock.now())
	const licenseId = await insertLicence(db.sql, clock.now(), { operatorId: operator.id })
	await db.sql`UPDATE webhook_endpoints SET events = '{license.status_changed}', watchlist_only = false WHERE id = ${endpoint.id}`
	const event = licenceEvent('license.status_changed', { operatorId: operator.id, licenseId }, clock.now())
	const historyId = await insertHistory(db.sql, clock.now(), licenseId, event.event_id)
	await recordEvent(db.sql, event, clock.now())
	await db.sql`UPDATE license_history SET corrected_at = ${clock.now()} WHERE id = ${historyId}`
	await worker.tick()
	expect(await value('notifier_deliveries_total', { outcome: 'withdrawn' })).toBe(1)
	expect(await value('notifier_delivery_attempts_total', { result: 'delivered' })).toBe(1)
})
