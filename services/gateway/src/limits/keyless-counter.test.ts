import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ExhaustedScopes, type KeylessClaim, type KeylessVerdict, countKeylessClaims, keylessClaim } from './keyless-counter.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()

/** One call at a time, as the conditional upsert did: admitted while fewer than `limit` are counted. */
function sequentialModel() {
	const counts = new Map<string, number>()
	return (claim: KeylessClaim): KeylessVerdict => {
		const key = `${claim.scope}|${claim.window.startMs}`
		const count = counts.get(key) ?? 0
		if (count >= claim.limit) return { admitted: false, used: claim.limit, window: claim.window }
		counts.set(key, count + 1)
		return { admitted: true, used: count + 1, window: claim.window }
	}
}

describe('keyless counting in batches', () => {
	test('a sequence of batches answers every call exactly as counting one call at a time would (real PostgreSQL)', async () => {
		let run = 0
		await fc.assert(
			fc.asyncProperty(
				fc.array(
					fc.record({
						advanceMs: fc.constantFrom(0, 0, 600_000, 3_600_000),
						calls: fc.array(fc.tuple(fc.nat({ max: 2 }), fc.nat({ max: 1 })), { minLength: 1, maxLength: 30 })
					}),
					{
						minLength: 1,
						maxLength: 6
					}
				),
				async (batches) => {
					run++
					const model = sequentialModel()
					let nowMs = Date.parse('2026-11-10T12:30:00.000Z')
					for (const { advanceMs, calls } of batches) {
						nowMs += advanceMs
						const claims = calls.map(([address, route]) =>
							keylessClaim({ route: `/r${route}`, address: `192.0.2.${run}.${address}`, limit: 4, nowMs })
						)
						expect(await countKeylessClaims(env.db.sql, claims)).toEqual(claims.map(model))
					}
				}
			),
			{ numRuns: 40 }
		)
	})

	test('the scope is per route pattern and client address', () => {
		expect(keylessClaim({ route: '/v1/check', address: '198.51.100.4', limit: 10, nowMs: Date.parse('2026-11-10T12:59:59.999Z') })).toEqual(
			{
				scope: 'h:/v1/check:198.51.100.4',
				window: { startMs: Date.parse('2026-11-10T12:00:00.000Z'), resetMs: Date.parse('2026-11-10T13:00:00.000Z') },
				limit: 10
			}
		)
	})

	test('a scope refused in a window is refused from memory for the rest of that window, and only that scope', () => {
		const exhausted = new ExhaustedScopes()
		const at = (iso: string, address = '198.51.100.1') => keylessClaim({ route: '/v1/check', address, limit: 10, nowMs: Date.parse(iso) })
		const claim = at('2026-11-10T12:10:00.000Z')
		exhausted.note(claim, { admitted: true, used: 10, window: claim.window })
		expect(exhausted.refusal(claim)).toBeNull()
		exhausted.note(claim, { admitted: false, used: 10, window: claim.window })
		expect(exhausted.refusal(at('2026-11-10T12:59:59.999Z'))).toEqual({ admitted: false, used: 10, window: claim.window })
		expect(exhausted.refusal(at('2026-11-10T12:30:00.000Z', '198.51.100.2'))).toBeNull()
		const nextHour = at('2026-11-10T13:00:00.000Z')
		expect(exhausted.refusal(nextHour)).toBeNull()
		exhausted.note(nextHour, { admitted: false, used: 10, window: nextHour.window })
		expect(exhausted.refusal(at('2026-11-10T12:40:00.000Z'))).toBeNull()
	})
})
