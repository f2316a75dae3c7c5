import { describe, expect, test } from 'bun:test'
import { type IncidentRow, MAX_INCIDENTS_LISTED, type RegisterRow, statusRecord } from './status-record.ts'

const NOW = new Date('2026-11-05T12:00:00.000Z')
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000)
const register = (code: string, slaHours: number, lastRead: Date | null): RegisterRow => ({
	code,
	name: `${code} register`,
	sla_hours: slaHours,
	last_successful_read_at: lastRead,
	licence_count: 10,
	operator_count: 8,
	domain_count: 12
})
const incident = (code: string, kind: IncidentRow['kind'], at: string, detail: string | null = null): IncidentRow => ({
	code,
	kind,
	at: new Date(at),
	detail
})

describe('statusRecord', () => {
	test('a register read within its SLA is fresh; one past it or never read is stale, and the service is then degraded', () => {
		const record = statusRecord(
			[register('UKGC', 24, hoursAgo(23.9)), register('MGA', 48, hoursAgo(48)), register('IOM', 24, null)],
			[],
			NOW,
			true
		)
		expect(record.registers.map((row) => [row.jurisdiction, row.age_hours, row.fresh])).toEqual([
			['UKGC', 23, true],
			['MGA', 48, false],
			['IOM', null, false]
		])
		expect(record.status).toBe('degraded')
		expect(record.registers[0]?.record_counts).toEqual({ licences: 10, operators: 8, domains: 12 })
		expect(statusRecord([register('UKGC', 24, hoursAgo(1))], [], NOW, true).status).toBe('operational')
	})

	test('while no checker answers the service is degraded, every register fresh or not', () => {
		const fresh = [register('UKGC', 24, hoursAgo(1))]
		expect(statusRecord(fresh, [], NOW, true)).toMatchObject({ status: 'operational', checks_available: true })
		expect(statusRecord(fresh, [], NOW, false)).toMatchObject({ status: 'degraded', checks_available: false })
	})

	test('the timeline has one day per UTC day of the window: stale between a degraded and a restored event, read_failures on days a read failed', () => {
		const incidents = [
			incident('UKGC', 'read_failed', '2026-10-20T06:00:00Z', 'http_status'),
			incident('UKGC', 'read_failed', '2026-10-20T07:00:00Z', 'http_status'),
			incident('UKGC', 'coverage_degraded', '2026-10-21T07:00:00Z'),
			incident('UKGC', 'coverage_restored', '2026-10-23T01:00:00Z'),
			incident('MGA', 'read_failed', '2026-10-22T06:00:00Z', 'parse_failed')
		]
		const [ukgc] = statusRecord([register('UKGC', 24, hoursAgo(1))], incidents, NOW, true).registers
		const timeline = ukgc?.timeline ?? []
		expect(timeline).toHaveLength(30)
		expect(timeline[0]?.date).toBe('2026-10-07')
		expect(timeline[29]?.date).toBe('2026-11-05')
		const byDate = Object.fromEntries(timeline.map((day) => [day.date, day]))
		expect(byDate['2026-10-19']).toEqual({ date: '2026-10-19', state: 'operational', read_failures: 0 })
		expect(byDate['2026-10-20']).toEqual({ date: '2026-10-20', state: 'read_failures', read_failures: 2 })
		expect(['2026-10-21', '2026-10-22', '2026-10-23'].map((date) => byDate[date]?.state)).toEqual(['stale', 'stale', 'stale'])
		expect(byDate['2026-10-24']?.state).toBe('operational')
		expect(byDate['2026-10-22']?.read_failures).toBe(0)
	})

	test('stale at the start of the window when its first coverage event is a restore, and to today when still degraded', () => {
		const [restored] = statusRecord(
			[register('UKGC', 24, hoursAgo(1))],
			[incident('UKGC', 'coverage_restored', '2026-10-09T10:00:00Z')],
			NOW,
			true
		).registers
		expect(restored?.timeline.slice(0, 4).map((day) => day.state)).toEqual(['stale', 'stale', 'stale', 'operational'])
		const [degraded] = statusRecord(
			[register('MGA', 48, hoursAgo(60))],
			[incident('MGA', 'coverage_degraded', '2026-11-04T06:00:00Z')],
			NOW,
			true
		).registers
		expect(degraded?.timeline.slice(-3).map((day) => day.state)).toEqual(['operational', 'stale', 'stale'])
		const [neverRead] = statusRecord([register('IOM', 24, null)], [], NOW, true).registers
		expect(neverRead?.timeline.every((day) => day.state === 'stale')).toBe(true)
	})

	test('incidents are those of the last 30 UTC days, newest first, at most 100 listed while every one is counted', () => {
		const many = Array.from({ length: MAX_INCIDENTS_LISTED + 5 }, (_, index) =>
			incident('UKGC', 'read_failed', new Date(NOW.getTime() - (index + 1) * 60_000).toISOString(), 'http_status')
		)
		const old = incident('UKGC', 'read_failed', '2026-10-06T23:59:59Z', 'http_status')
		const record = statusRecord([register('UKGC', 24, hoursAgo(1))], [old, ...many].reverse(), NOW, true)
		expect(record.incidents_in_window).toBe(MAX_INCIDENTS_LISTED + 5)
		expect(record.incidents).toHaveLength(MAX_INCIDENTS_LISTED)
		expect(record.incidents[0]).toEqual({
			jurisdiction: 'UKGC',
			kind: 'read_failed',
			at: '2026-11-05T11:59:00.000Z',
			detail: 'http_status'
		})
		expect(record.incidents.map((row) => row.at)).toEqual([...record.incidents.map((row) => row.at)].sort().reverse())
	})
})
