import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServiceMetrics } from '@lv/runtime'
import { metricValue } from '@lv/testing'
import { createReaderMetrics } from './metrics.ts'
import { runJurisdiction } from './run.ts'
import { type ReaderHarness, createReaderHarness, readTimeOfDay } from './test-support/harness.ts'

const service = createServiceMetrics('reader', true)
const value = (name: string, labels: Record<string, string> = {}) => metricValue(service.registry, name, labels)
const LICENCES_ROUTE = 'www.gamblingcommission.gov.uk/downloads/business-licence-register-licences.csv'
let h: ReaderHarness

beforeAll(async () => {
	h = await createReaderHarness()
	h.deps.metrics = createReaderMetrics(service, { sql: h.db.sql, clock: h.clock, jurisdictions: ['UKGC', 'MGA'] })
})
afterAll(async () => {
	await h.close()
})

test('a successful read counts its run, bytes and parsed records; a second read of unchanged files counts 304s', async () => {
	await runJurisdiction(h.deps, 'UKGC')
	expect(await value('reader_runs_total', { jurisdiction: 'UKGC', outcome: 'succeeded' })).toBe(1)
	const bytes = await value('reader_fetched_bytes_total', { jurisdiction: 'UKGC' })
	expect(bytes).toBeGreaterThan(0)
	expect(await value('reader_last_run_records', { jurisdiction: 'UKGC' })).toBeGreaterThan(0)
	expect(await value('reader_last_run_changes', { jurisdiction: 'UKGC' })).toBeGreaterThan(0)
	expect(await value('reader_not_modified_total', { jurisdiction: 'UKGC' })).toBe(0)

	await runJurisdiction(h.deps, 'UKGC')
	expect(await value('reader_runs_total', { jurisdiction: 'UKGC', outcome: 'succeeded' })).toBe(2)
	expect(await value('reader_not_modified_total', { jurisdiction: 'UKGC' })).toBeGreaterThan(0)
	expect(await value('reader_last_run_changes', { jurisdiction: 'UKGC' })).toBe(0)
	expect(await value('reader_run_duration_seconds_count', { jurisdiction: 'UKGC' })).toBe(2)
})

test("each register's last successful read, its age on the clock, its SLA and failures in a row are read from register_status", async () => {
	const readAt = readTimeOfDay(0).getTime() / 1000
	expect(await value('reader_last_successful_read_timestamp_seconds', { jurisdiction: 'UKGC' })).toBe(readAt)
	h.clock.advance(3 * 3_600_000)
	expect(await value('reader_last_successful_read_age_seconds', { jurisdiction: 'UKGC' })).toBe(3 * 3600)
	const [{ sla_hours } = { sla_hours: 0 }] = await h.db.sql<
		{ sla_hours: number }[]
	>`SELECT sla_hours FROM jurisdictions WHERE code = 'UKGC'`
	expect(await value('reader_register_sla_seconds', { jurisdiction: 'UKGC' })).toBe(sla_hours * 3600)
	// MGA was never read: no timestamp or age, but its SLA and its (zero) failures are there; other registers are not this reader's.
	expect(await value('reader_last_successful_read_timestamp_seconds', { jurisdiction: 'MGA' })).toBe(0)
	expect(await value('reader_register_sla_seconds', { jurisdiction: 'MGA' })).toBeGreaterThan(0)
	expect(await value('reader_register_sla_seconds', { jurisdiction: 'CW' })).toBe(0)

	h.server.fault(LICENCES_ROUTE, 'http500')
	try {
		await expect(runJurisdiction(h.deps, 'UKGC')).rejects.toThrow()
	} finally {
		h.server.clearFaults()
	}
	expect(await value('reader_runs_total', { jurisdiction: 'UKGC', outcome: 'failed' })).toBe(1)
	expect(await value('reader_run_failures_total', { jurisdiction: 'UKGC' })).toBe(1)
	h.clock.advance(1_000)
	expect(await value('reader_consecutive_failed_runs', { jurisdiction: 'UKGC' })).toBe(1)
})
