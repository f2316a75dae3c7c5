import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { createSql } from '@lv/db'
import { startTestChecker } from '../../../checker/src/test-support/checker-harness.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { testApp } from '../test-support/gateway.ts'
import { STATUS_CACHE_MS } from './status-routes.ts'
import { recordCoverageEvent, recordFailedRead, recordSuccessfulRead } from '../test-support/status-data.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile('status-test')
const NOW = new Date('2026-11-05T12:00:00.000Z')
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000)

beforeAll(async () => {
	await recordSuccessfulRead(env.db.sql, 'UKGC', hoursAgo(2), { licences: 2631, operators: 2204, domains: 5310 })
	await recordSuccessfulRead(env.db.sql, 'MGA', hoursAgo(50), { licences: 344, operators: 301, domains: 0 })
	await recordFailedRead(env.db.sql, 'MGA', hoursAgo(26), 'http_status')
	await recordFailedRead(env.db.sql, 'MGA', new Date('2026-09-01T00:00:00Z'), 'http_status')
	await recordCoverageEvent(env.db.sql, 'MGA', 'coverage.degraded', hoursAgo(2))
})

type StatusBody = {
	status: string
	checks_available: boolean
	registers: {
		jurisdiction: string
		fresh: boolean
		last_successful_read_at: string | null
		record_counts: Record<string, number>
		timeline: { state: string }[]
	}[]
	incidents: { jurisdiction: string; kind: string; at: string; detail: string | null }[]
	generated_at: string
}

describe('GET /v1/status', () => {
	test('answers without a key: every register with its last read, freshness and counts, and the incidents of 30 days', async () => {
		const app = testApp({ sql: env.db.sql, bus: env.bus, clock: new TestClock(NOW.toISOString()) })
		const response = await app.handle(new Request('http://localhost/v1/status'))
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('public, max-age=5')
		const body = (await response.json()) as StatusBody
		expect(body.status).toBe('degraded')
		expect(body.registers.map((row) => row.jurisdiction)).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
		const [ukgc, mga] = body.registers
		expect(ukgc).toMatchObject({
			fresh: true,
			last_successful_read_at: hoursAgo(2).toISOString(),
			record_counts: { licences: 2631, operators: 2204, domains: 5310 }
		})
		expect(mga).toMatchObject({ fresh: false, record_counts: { licences: 344, operators: 301, domains: 0 } })
		expect(mga?.timeline.at(-1)?.state).toBe('stale')
		expect(mga?.timeline.at(-2)?.state).toBe('read_failures')
		expect(body.incidents).toEqual([
			{ jurisdiction: 'MGA', kind: 'coverage_degraded', at: hoursAgo(2).toISOString(), detail: null },
			{ jurisdiction: 'MGA', kind: 'read_failed', at: hoursAgo(26).toISOString(), detail: 'http_status' }
		])
	})

	test('one answer is reused for 5 seconds of the clock, then recomputed; no per-IP cap, and a key sent is ignored and not charged', async () => {
		const clock = new TestClock(NOW.toISOString())
		const app = testApp({ sql: env.db.sql, bus: env.bus, clock })
		const account = await accountWithKey(env.db.sql, clock, 'starter')
		const fetchStatus = (headers: Record<string, string> = {}) => app.handle(new Request('http://localhost/v1/status', { headers }))
		const first = (await (await fetchStatus()).json()) as StatusBody
		await recordFailedRead(env.db.sql, 'UKGC', hoursAgo(1), 'parse_failed')
		clock.advance(4_999)
		for (let call = 0; call < 15; call++) {
			const response = await fetchStatus(call === 0 ? bearer(account.key) : {})
			expect(response.status).toBe(200)
			expect(response.headers.get('x-monthly-quota-used')).toBeNull()
			expect(((await response.json()) as StatusBody).generated_at).toBe(first.generated_at)
		}
		clock.advance(1)
		const later = (await (await fetchStatus()).json()) as StatusBody
		expect(later.generated_at).toBe(new Date(NOW.getTime() + 5_000).toISOString())
		expect(later.incidents[0]).toMatchObject({ jurisdiction: 'UKGC', kind: 'read_failed', detail: 'parse_failed' })
		const [usage] = await env.db.sql<
			{ used: number }[]
		>`SELECT coalesce(sum(quota_count), 0)::int AS used FROM limit_counters WHERE subject = ${account.accountId}`
		expect(usage?.used ?? 0).toBe(0)
	})

	test('says whether a checker answers: checks_available false (and the service degraded) while none does, true once one does', async () => {
		const clock = new TestClock(NOW.toISOString())
		const app = testApp({ sql: env.db.sql, bus: env.bus, clock })
		const status = async () => (await (await app.handle(new Request('http://localhost/v1/status'))).json()) as StatusBody
		expect(await status()).toMatchObject({ status: 'degraded', checks_available: false })
		const checker = await startTestChecker({ sql: env.db.sql, natsUrl: env.nats.url, clock, announceState: true })
		try {
			clock.advance(STATUS_CACHE_MS)
			expect(await status()).toMatchObject({ checks_available: true })
		} finally {
			await checker.stop()
		}
	})

	test('PostgreSQL unreachable is a 503 service_unavailable / dependency_unavailable envelope', async () => {
		const deadSql = createSql('postgres://postgres@127.0.0.1:1/none', { max: 1, connectTimeoutSeconds: 1 })
		const app = testApp({ sql: deadSql, bus: env.bus, clock: new TestClock(NOW.toISOString()) })
		const response = await app.handle(new Request('http://localhost/v1/status'))
		expect(response.status).toBe(503)
		expect(await response.json()).toMatchObject({ code: 'service_unavailable', details: { reason: 'dependency_unavailable' } })
		await deadSql.end({ timeout: 1 })
	})
})
