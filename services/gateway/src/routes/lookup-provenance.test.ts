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
const ids: Record<string, string> = {}

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	bus = await connectBus({ servers: nats.url, name: 'lookup-provenance-test' })
	account = await accountWithKey(db.sql, clock, 'enterprise')
	ids.operator = await insertOperator(db.sql, { slug: 'legacy-op', display_name: 'Legacy Op' })
	ids.legacy = await insertLicence(db.sql, { operatorId: ids.operator, jurisdiction: 'MGA', number: 'MGA/B2C/LEGACY', statusSourceUrl: null })
	ids.tracked = await insertLicence(db.sql, { operatorId: ids.operator, jurisdiction: 'UKGC', number: '000-1', statusSourceUrl: 'https://register.example/ukgc-status' })
	// The nightly read stamps every licence it touched, including ones whose status predates provenance tracking.
	await db.sql`UPDATE licenses SET status_observed_at = ${new Date('2026-11-05T06:00:00.000Z')} WHERE operator_id = ${ids.operator}`
})

afterAll(async () => {
	await bus.close()
	await nats.stop()
	await db.drop()
})

const get = async (path: string) => {
	const response = await testApp({ sql: db.sql, bus, clock }).handle(new Request(`http://localhost${path}`, { headers: bearer(account.key) }))
	expect(response.status).toBe(200)
	return (await response.json()) as any
}
const byId = (licences: { id: string }[], id: string | undefined) => licences.find((row) => row.id === id) as any

describe('licence status provenance', () => {
	test('status_observed_at is null whenever status_source_url is null, on every licence-bearing lookup', async () => {
		const single = await get(`/v1/licenses/${ids.legacy}`)
		expect({ status_source_url: single.status_source_url, status_observed_at: single.status_observed_at }).toEqual({ status_source_url: null, status_observed_at: null })
		const detail = await get('/v1/operators/legacy-op')
		expect(byId(detail.licenses, ids.legacy).status_observed_at).toBeNull()
		const listed = await get('/v1/operators/legacy-op/licenses?include_history=true')
		expect(byId(listed.licenses, ids.legacy).status_observed_at).toBeNull()
	})

	test('a licence whose status publication is known keeps its latest read of that publication', async () => {
		const single = await get(`/v1/licenses/${ids.tracked}`)
		expect(single).toMatchObject({ status_source_url: 'https://register.example/ukgc-status', status_observed_at: '2026-11-05T06:00:00.000Z' })
		expect(byId((await get('/v1/operators/legacy-op')).licenses, ids.tracked).status_observed_at).toBe('2026-11-05T06:00:00.000Z')
	})
})
