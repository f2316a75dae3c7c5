import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { lookupHarness } from '../test-support/lookup-harness.ts'
import { insertLicence, insertOperator } from '../test-support/register-data.ts'

const ids: Record<string, string> = {}
const harness = lookupHarness('lookup-provenance-test', new TestClock('2026-11-05T12:00:00.000Z'), async (sql) => {
	ids.operator = await insertOperator(sql, { slug: 'legacy-op', display_name: 'Legacy Op' })
	ids.legacy = await insertLicence(sql, { operatorId: ids.operator, jurisdiction: 'MGA', number: 'MGA/B2C/LEGACY', statusSourceUrl: null })
	ids.tracked = await insertLicence(sql, {
		operatorId: ids.operator,
		jurisdiction: 'UKGC',
		number: '000-1',
		statusSourceUrl: 'https://register.example/ukgc-status'
	})
	// The nightly read stamps every licence it touched, including ones whose status predates provenance tracking.
	await sql`UPDATE licenses SET status_observed_at = ${new Date('2026-11-05T06:00:00.000Z')} WHERE operator_id = ${ids.operator}`
})
const get = async (path: string) => {
	const answer = await harness.get(path)
	expect(answer.status).toBe(200)
	return answer.body
}
const byId = (licences: { id: string }[], id: string | undefined) => licences.find((row) => row.id === id) as any

describe('licence status provenance', () => {
	test('status_observed_at is null whenever status_source_url is null, on every licence-bearing lookup', async () => {
		const single = await get(`/v1/licenses/${ids.legacy}`)
		expect({ status_source_url: single.status_source_url, status_observed_at: single.status_observed_at }).toEqual({
			status_source_url: null,
			status_observed_at: null
		})
		const detail = await get('/v1/operators/legacy-op')
		expect(byId(detail.licenses, ids.legacy).status_observed_at).toBeNull()
		const listed = await get('/v1/operators/legacy-op/licenses?include_history=true')
		expect(byId(listed.licenses, ids.legacy).status_observed_at).toBeNull()
	})

	test('a licence whose status publication is known keeps its latest read of that publication', async () => {
		const single = await get(`/v1/licenses/${ids.tracked}`)
		expect(single).toMatchObject({
			status_source_url: 'https://register.example/ukgc-status',
			status_observed_at: '2026-11-05T06:00:00.000Z'
		})
		expect(byId((await get('/v1/operators/legacy-op')).licenses, ids.tracked).status_observed_at).toBe('2026-11-05T06:00:00.000Z')
	})
})
