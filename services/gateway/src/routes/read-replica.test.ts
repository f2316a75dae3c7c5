import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { startNats, createReplicatedDatabase } from '@lv/testing'
import { createApp } from '../app.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { testDeps } from '../test-support/gateway.ts'
import { insertOperator } from '../test-support/register-data.ts'

/**
 * DATABASE_READ_URL against a real streaming replica. Replay is paused while a test writes on the
 * primary, so an answer shows which server it came from.
 */
const clock = new TestClock('2026-11-01T12:00:00.000Z')

async function startWorld() {
	const [db, nats] = await Promise.all([createReplicatedDatabase(), startNats()])
	const bus = await connectBus({ servers: nats.url, name: 'read-replica-test' })
	const { key } = await accountWithKey(db.primary.sql, clock, 'enterprise')
	await db.caughtUp()
	return { db, nats, bus, key }
}
let world: Awaited<ReturnType<typeof startWorld>> | undefined
const started = () => {
	if (!world) throw new Error('the replica world did not start')
	return world
}

beforeAll(async () => {
	world = await startWorld()
}, 60_000)

afterAll(async () => {
	await world?.bus.close()
	await world?.nats.stop()
	await world?.db.drop()
})

const call = async (method: string, path: string, body?: unknown) => {
	const { db, bus, key } = started()
	const app = createApp({ ...testDeps({ sql: db.primary.sql, bus, clock }), readSql: db.replica.sql })
	const response = await app.handle(
		new Request(`http://localhost${path}`, {
			method,
			headers: { ...bearer(key), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body)
		})
	)
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}

describe('DATABASE_READ_URL', () => {
	test('register lookups read the replica: an operator written on the primary is answered only once replayed', async () => {
		const { db } = started()
		await db.withReplayPaused(async () => {
			await insertOperator(db.primary.sql, { slug: 'replayed-later-ltd', at: clock.now() })
			expect((await call('GET', '/v1/operators/replayed-later-ltd')).status).toBe(404)
		})
		await db.caughtUp()
		const answer = await call('GET', '/v1/operators/replayed-later-ltd')
		expect({ status: answer.status, slug: answer.body.operator?.slug }).toEqual({ status: 200, slug: 'replayed-later-ltd' })
	})

	test('the watchlist reads its own writes on the primary while the replica lags', async () => {
		const { db } = started()
		await db.withReplayPaused(async () => {
			await insertOperator(db.primary.sql, { slug: 'watched-at-once-ltd', at: clock.now() })
			expect((await call('POST', '/v1/watchlist/operators', { operator_slug: 'watched-at-once-ltd' })).status).toBe(201)
			const list = await call('GET', '/v1/watchlist')
			expect(list.body.operators.map((operator: { slug: string }) => operator.slug)).toEqual(['watched-at-once-ltd'])
		})
	})
})
