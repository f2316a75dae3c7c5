import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type TestAccount, accountWithKey, bearer } from '../test-support/accounts.ts'
import { testApp } from '../test-support/gateway.ts'
import { insertLicence, insertOperator } from '../test-support/register-data.ts'

let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let account: TestAccount
const clock = new TestClock('2026-11-05T12:00:00.000Z')

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	bus = await connectBus({ servers: nats.url, name: 'lookup-paging-test' })
	account = await accountWithKey(db.sql, clock, 'enterprise')
	const operatorId = await insertOperator(db.sql, { slug: 'paging-op', display_name: 'Paging Op' })
	await insertLicence(db.sql, { operatorId, jurisdiction: 'MGA' })
})

afterAll(async () => {
	await bus.close()
	await nats.stop()
	await db.drop()
})

const get = async (path: string) => {
	const response = await testApp({ sql: db.sql, bus, clock }).handle(new Request(`http://localhost${path}`, { headers: bearer(account.key) }))
	return { status: response.status, body: (await response.json()) as any }
}
const refusal = (answer: { status: number; body: any }) => ({ status: answer.status, code: answer.body.code, reason: answer.body.details?.reason, field: answer.body.details?.field })

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
					expect({ path, value, ...refusal(answer) }).toEqual({ path, value, status: 400, code: 'invalid_query', reason: 'invalid_pagination', field })
				}
	})
})
