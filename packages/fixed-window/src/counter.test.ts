import { describe, expect, test } from 'bun:test'
import { consumeWithinLimit } from './counter.ts'
import { fixedWindow, hourWindow } from './windows.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()

const NOW = Date.parse('2026-11-05T10:20:00Z')

describe('consumeWithinLimit', () => {
	test('admits up to the limit and does not count a refused call', async () => {
		const window = hourWindow(NOW)
		const input = { table: 'usage_counters', scope: 'test:refused-not-counted', window, limit: 2 } as const
		const admissions = []
		for (let call = 0; call < 4; call++) admissions.push(await consumeWithinLimit(env.db.sql, input))
		expect(admissions.map((admission) => [admission.admitted, admission.used])).toEqual([
			[true, 1],
			[true, 2],
			[false, 2],
			[false, 2]
		])
		const [row] = await env.db.sql<{ count: number }[]>`SELECT count FROM usage_counters WHERE scope = ${input.scope}`
		expect(row?.count).toBe(2)
	})

	test('with countRefused, every attempt is counted and those past the limit are refused', async () => {
		const window = fixedWindow(NOW, 15 * 60_000)
		const input = { table: 'dashboard_attempts', scope: 'test:refused-counted', window, limit: 2, countRefused: true } as const
		const admissions = []
		for (let call = 0; call < 4; call++) admissions.push(await consumeWithinLimit(env.db.sql, input))
		expect(admissions.map((admission) => [admission.admitted, admission.used])).toEqual([
			[true, 1],
			[true, 2],
			[false, 3],
			[false, 4]
		])
	})

	test('a limit of 0 admits no call, the first of a window included, and counts none unless refused calls are counted', async () => {
		const window = hourWindow(NOW)
		const uncounted = { table: 'usage_counters', scope: 'test:limit-zero', window, limit: 0 } as const
		const counted = { table: 'dashboard_attempts', scope: 'test:limit-zero-counted', window, limit: 0, countRefused: true } as const
		const admissions = [
			await consumeWithinLimit(env.db.sql, uncounted),
			await consumeWithinLimit(env.db.sql, uncounted),
			await consumeWithinLimit(env.db.sql, counted),
			await consumeWithinLimit(env.db.sql, counted)
		]
		expect(admissions.map((admission) => [admission.admitted, admission.used])).toEqual([
			[false, 0],
			[false, 0],
			[false, 1],
			[false, 2]
		])
		expect(await env.db.sql`SELECT 1 FROM usage_counters WHERE scope = ${uncounted.scope}`).toHaveLength(0)
	})

	test('a new window starts a new count', async () => {
		const input = { table: 'usage_counters', scope: 'test:new-window', limit: 1 } as const
		expect((await consumeWithinLimit(env.db.sql, { ...input, window: hourWindow(NOW) })).admitted).toBe(true)
		expect((await consumeWithinLimit(env.db.sql, { ...input, window: hourWindow(NOW) })).admitted).toBe(false)
		expect((await consumeWithinLimit(env.db.sql, { ...input, window: hourWindow(NOW + 3_600_000) })).admitted).toBe(true)
	})

	test('parallel calls never admit past the limit', async () => {
		const input = { table: 'usage_counters', scope: 'test:parallel', window: hourWindow(NOW), limit: 5 } as const
		const admissions = await Promise.all(Array.from({ length: 20 }, () => consumeWithinLimit(env.db.sql, input)))
		expect(admissions.filter((admission) => admission.admitted)).toHaveLength(5)
	})
})
