import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { silentLogger } from '@lv/logger'
import { recordCoverageEvent, recordFailedRead, recordSuccessfulRead } from '../../../gateway/src/test-support/status-data.ts'
import { createApp } from '../app.ts'
import { createMailer } from '../mail/mailer.ts'
import { TEST_CONFIG, type Harness, startHarness } from '../test-support/harness.ts'

let h: Harness
const HOUR = 3_600_000

beforeAll(async () => {
	h = await startHarness()
	const now = h.clock.nowMs()
	await recordSuccessfulRead(h.db.sql, 'UKGC', new Date(now - 2 * HOUR), { licences: 2631, operators: 2204, domains: 5310 })
	await recordFailedRead(h.db.sql, 'UKGC', new Date(now - HOUR), 'http_status')
	await recordCoverageEvent(h.db.sql, 'MGA', 'coverage.degraded', new Date(now - 3 * HOUR))
})
afterAll(async () => {
	await h.stop()
})

describe('GET /status', () => {
	test('is public: every register with its freshness, counts and timeline, and the incidents, read from the gateway', async () => {
		const response = await h.dashboard().handle(new Request('http://localhost/status'))
		expect(response.status).toBe(200)
		const page = await response.text()
		expect(page).toContain('UK Gambling Commission')
		expect(page).toContain('2,631 licences')
		expect(page).toContain('Degraded:')
		expect(page).toContain('Read failed')
		expect(page).toContain('(http_status)')
		expect(page).toContain('Past its freshness SLA')
		expect(page.match(/<li class="day /g)).toHaveLength(7 * 30)
	})

	test('while no checker answers, the page says checks cannot be answered, though every register is fresh', async () => {
		const now = h.clock.now().toISOString()
		const status = {
			status: 'degraded',
			checks_available: false,
			generated_at: now,
			incident_window_days: 30,
			registers: [
				{
					jurisdiction: 'UKGC',
					name: 'UK Gambling Commission',
					sla_hours: 24,
					last_successful_read_at: now,
					age_hours: 0,
					fresh: true,
					record_counts: { licences: 1, operators: 1, domains: 1 },
					timeline: []
				}
			],
			incidents: [],
			incidents_in_window: 0
		}
		const dashboard = createApp({
			sql: h.db.sql,
			bus: h.bus,
			clock: h.clock,
			logger: silentLogger,
			config: TEST_CONFIG,
			gatewayFetch: async () => Response.json(status),
			mailer: createMailer(h.mailbox.url, 'Licence Register Verification <no-reply@example.test>', h.clock)
		})
		const page = await (await dashboard.handle(new Request('http://localhost/status'))).text()
		expect(page).toContain('Degraded: checks cannot be answered right now (the API answers them with 503).')
		expect(page).not.toContain('past the freshness SLA.')
	})

	test('when the gateway does not answer, the page says so with a 503', async () => {
		const dashboard = createApp({
			sql: h.db.sql,
			bus: h.bus,
			clock: h.clock,
			logger: silentLogger,
			config: TEST_CONFIG,
			gatewayFetch: async () => {
				throw new Error('connection refused')
			},
			mailer: createMailer(h.mailbox.url, 'Licence Register Verification <no-reply@example.test>', h.clock)
		})
		const response = await dashboard.handle(new Request('http://localhost/status'))
		expect(response.status).toBe(503)
		expect(await response.text()).toContain('The service status could not be read right now.')
	})
})
