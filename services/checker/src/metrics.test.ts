import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type Bus, type Responder, connectBus, requestBytes } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { CheckBatchRequest, CheckManyRequest, type OneCheck, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { type NatsHandle, type TestDatabase, createTestDatabase, metricValue, startNats } from '@lv/testing'
import { IndexStore } from './index-store.ts'
import { createCheckerMetrics } from './metrics.ts'
import { startResponders } from './responders.ts'
import { registerFactory } from './test-support/register-factory.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const service = createServiceMetrics('checker', true)
const metrics = createCheckerMetrics(service)
const value = (name: string, labels: Record<string, string> = {}) => metricValue(service.registry, name, labels)
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let responders: Responder[]

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const make = registerFactory(db.sql, new Date('2026-11-01T11:00:00.000Z'))
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	await make.link(acme, 'acmebet.co.uk', await make.licence(acme, { license_number: '000-012345-R-123456-002' }))
	await make.link(acme, 'acmecasino.co.uk', await make.licence(acme, { license_number: '000-012345-R-123456-003' }))
	await make.finishAllRuns()
	bus = await connectBus({ servers: nats.url, name: 'checker-metrics-test' })
	const store = new IndexStore({ sql: db.sql, logger: silentLogger, clock, onRebuilt: metrics.rebuilt })
	await store.loadAll()
	responders = startResponders({ bus, sql: db.sql, store, clock, logger: silentLogger, metrics })
	await bus.nc.flush()
})

afterAll(async () => {
	await Promise.all(responders.map((responder) => responder.stop()))
	await bus.close()
	await nats.stop()
	await db.drop()
})

const header = () => ({ id: crypto.randomUUID(), sent_at: clock.now().toISOString() })
const many = (checks: OneCheck[]) =>
	requestBytes(bus, {
		subject: subjects.checkMany,
		schema: CheckManyRequest,
		body: { ...header(), checks },
		timeoutMs: 2_000,
		unavailableReason: 'checker_unavailable'
	})

test('checks are counted by kind and verdict, failed ones as error, and ones asked a third time as answer-memo hits', async () => {
	await many([
		{ domain: 'acmebet.co.uk' },
		{ domain: 'acmebet.co.uk' },
		{ domain: 'unlisted-shop.example' },
		{ license_number: '000-012345-R-123456-002' }
	])
	await many([{ domain: 'acmebet.co.uk' }, { domain: 'acmebet.co.uk', as_of: 'not a date' }])
	await requestBytes(bus, {
		subject: subjects.checkBatch,
		schema: CheckBatchRequest,
		body: { ...header(), domains: ['acmecasino.co.uk', 'not a hostname'] },
		timeoutMs: 2_000,
		unavailableReason: 'checker_unavailable'
	})
	expect(await value('checker_checks_total', { kind: 'domain', verdict: 'licensed' })).toBe(3)
	expect(await value('checker_checks_total', { kind: 'domain', verdict: 'not_found' })).toBe(1)
	expect(await value('checker_checks_total', { kind: 'domain', verdict: 'error' })).toBe(1)
	expect(await value('checker_checks_total', { kind: 'license_number', verdict: 'licensed' })).toBe(1)
	expect(await value('checker_checks_total', { kind: 'batch', verdict: 'licensed' })).toBe(1)
	expect(await value('checker_checks_total', { kind: 'batch', verdict: 'error' })).toBe(1)
	// acmebet.co.uk was computed twice (remembered when asked again) and then answered from memory; the other two were computed.
	expect(await value('checker_answer_memo_hits_total')).toBe(1)
	expect(await value('checker_answer_memo_misses_total')).toBe(4)
})

test('each rebuild records its jurisdiction: licences and domain links in the index, and how long it took', async () => {
	expect(await value('checker_index_licences', { jurisdiction: 'UKGC' })).toBe(2)
	expect(await value('checker_index_domains', { jurisdiction: 'UKGC' })).toBe(2)
	expect(await value('checker_index_domains', { jurisdiction: 'MGA' })).toBe(0)
	expect(await value('checker_index_rebuild_duration_seconds_count', { jurisdiction: 'UKGC' })).toBe(1)
})

test('failed rebuilds in a row are a gauge per jurisdiction, back to 0 once one succeeds', async () => {
	metrics.failedInARow('KH', 3)
	expect(await value('checker_index_consecutive_failed_rebuilds', { jurisdiction: 'KH' })).toBe(3)
	metrics.failedInARow('KH', 0)
	expect(await value('checker_index_consecutive_failed_rebuilds', { jurisdiction: 'KH' })).toBe(0)
})
