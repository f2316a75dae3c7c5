import { describe, expect, test } from 'bun:test'
import { type KeyUsage, groupDashboardActions, monthUsage, previousMonth } from './usage-report.ts'
import type { UsageCount } from './usage-tally.ts'

const ACCOUNT = '00000000-0000-4000-8000-000000000001'
const KEY = '00000000-0000-4000-8000-0000000000a1'
const GONE = '00000000-0000-4000-8000-0000000000a2'
const row = (day: string, outcome: string, count: number, keyId = KEY): UsageCount => ({ accountId: ACCOUNT, keyId, day, outcome, count })

describe('monthUsage', () => {
	const counts = [
		row('2026-10-31', 'call', 7),
		row('2026-11-01', 'call', 3),
		row('2026-11-01', 'per_second_limit_exceeded', 2),
		row('2026-11-02', 'call', 4, GONE),
		row('2026-11-02', 'api_key_revoked', 1, GONE),
		row('2026-11-02', 'endpoint_requires_paid_plan', 2)
	]
	const keys = [{ keyId: KEY, label: 'Production', displayPrefix: 'lvk_abcd…', revoked: false }]

	test('lists every day of the month up to today with zeros, and totals calls and refusals per key and per reason', () => {
		const november = monthUsage('2026-11', '2026-11-03', counts, keys)
		expect(november.days).toEqual([
			{ date: '2026-11-01', calls: 3, refusals: 2 },
			{ date: '2026-11-02', calls: 4, refusals: 3 },
			{ date: '2026-11-03', calls: 0, refusals: 0 }
		])
		expect([november.calls, november.refusals]).toEqual([7, 5])
		expect(november.keys).toEqual([
			{ keyId: GONE, label: null, displayPrefix: null, revoked: true, calls: 4, refusals: 1 },
			{ keyId: KEY, label: 'Production', displayPrefix: 'lvk_abcd…', revoked: false, calls: 3, refusals: 4 }
		])
		expect(november.refusalsByReason).toEqual([
			{ reason: 'endpoint_requires_paid_plan', status: 402, count: 2 },
			{ reason: 'per_second_limit_exceeded', status: 429, count: 2 },
			{ reason: 'api_key_revoked', status: 401, count: 1 }
		])
	})

	test('a past month has all its days, and the month before January is December of the year before', () => {
		const october = monthUsage('2026-10', '2026-11-03', counts, keys)
		expect(october.days).toHaveLength(31)
		expect(october.days.at(-1)).toEqual({ date: '2026-10-31', calls: 7, refusals: 0 })
		expect(october.calls).toBe(7)
		expect(monthUsage('2024-02', '2026-11-03', [], []).days).toHaveLength(29)
		expect(previousMonth('2026-01')).toBe('2025-12')
		expect(previousMonth('2026-03')).toBe('2026-02')
	})
})

describe('groupDashboardActions', () => {
	const key = (keyId: string, label: string, calls: number, refusals = 0): KeyUsage => ({
		keyId,
		label,
		displayPrefix: 'lv_live_abc',
		revoked: false,
		calls,
		refusals
	})

	test('sums the dashboard action keys per action by the record, and leaves a key merely named like one as its own', () => {
		const keys = [
			key('00000000-0000-4000-8000-0000000000c1', 'dashboard: bulk check', 3, 1),
			key('00000000-0000-4000-8000-0000000000c2', 'dashboard: bulk check', 4),
			key('00000000-0000-4000-8000-0000000000c3', 'dashboard: bulk', 5),
			key('00000000-0000-4000-8000-0000000000c4', 'dashboard: usage', 1)
		]
		const actionOf = new Map([
			['00000000-0000-4000-8000-0000000000c1', 'bulk_check'],
			['00000000-0000-4000-8000-0000000000c2', 'bulk_check'],
			['00000000-0000-4000-8000-0000000000c4', 'usage']
		])
		expect(groupDashboardActions(keys, actionOf)).toEqual([
			{ kind: 'dashboard', action: 'bulk_check', calls: 7, refusals: 1 },
			{ kind: 'key', ...key('00000000-0000-4000-8000-0000000000c3', 'dashboard: bulk', 5) },
			{ kind: 'dashboard', action: 'usage', calls: 1, refusals: 0 }
		])
	})
})
