import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { lookupHarness } from '../test-support/lookup-harness.ts'
import { insertLicence, insertOperator } from '../test-support/register-data.ts'

const { get } = lookupHarness('lookup-paging-test', new TestClock('2026-11-05T12:00:00.000Z'), async (sql) => {
	const operatorId = await insertOperator(sql, { slug: 'paging-op', display_name: 'Paging Op' })
	await insertLicence(sql, { operatorId, jurisdiction: 'MGA' })
})
const refusal = (answer: { status: number; body: any }) => ({
	status: answer.status,
	code: answer.body.code,
	reason: answer.body.details?.reason,
	field: answer.body.details?.field
})

const MALFORMED = ['abc', '', '1e1', '0x10', ' 10', '+5', '-0']

describe('jurisdiction operators paging', () => {
	test('any limit or offset that is not a plain integer in range is 400 invalid_pagination, as SPEC says of invalid paging', async () => {
		for (const field of ['limit', 'offset'])
			for (const value of MALFORMED) {
				const answer = await get(`/v1/jurisdictions/MGA/operators?${field}=${encodeURIComponent(value)}`)
				expect({ value, ...refusal(answer) }).toEqual({ value, status: 400, code: 'invalid_pagination', reason: 'invalid_input', field })
			}
	})

	test('plain integers in range are served', async () => {
		expect((await get('/v1/jurisdictions/MGA/operators?limit=200&offset=0')).body).toMatchObject({ total: 1, limit: 200, offset: 0 })
		expect((await get('/v1/jurisdictions/MGA/operators?limit=007')).body).toMatchObject({ limit: 7 })
	})
})

describe('search and regulatory-actions paging', () => {
	test('a limit or offset that is not a plain integer is 400 invalid_query / invalid_pagination, like one out of range', async () => {
		for (const path of ['/v1/operators/search?q=paging&', '/v1/operators/paging-op/regulatory-actions?'])
			for (const field of ['limit', 'offset'])
				for (const value of MALFORMED) {
					const answer = await get(`${path}${field}=${encodeURIComponent(value)}`)
					expect({ path, value, ...refusal(answer) }).toEqual({
						path,
						value,
						status: 400,
						code: 'invalid_query',
						reason: 'invalid_pagination',
						field
					})
				}
	})
})
