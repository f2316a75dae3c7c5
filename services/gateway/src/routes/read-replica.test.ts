import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { type Bus, connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { type Sql, createSql, migrate } from '@lv/db'
import { type NatsHandle, type PostgresHandle, makeOwnedTempDir, startNats, startPostgres, waitFor } from '@lv/testing'
import { createApp } from '../app.ts'
import { accountWithKey, bearer } from '../test-support/accounts.ts'
import { testDeps } from '../test-support/gateway.ts'
import { insertOperator } from '../test-support/register-data.ts'

/**
 * DATABASE_READ_URL against a real streaming replica (pg_basebackup from the primary, hot standby).
 * Replay is paused while a test writes on the primary, so an answer shows which server it came from.
 */
const clock = new TestClock('2026-11-01T12:00:00.000Z')
const dirs = [makeOwnedTempDir('pg-primary'), makeOwnedTempDir('pg-replica')]
const world: { primary?: PostgresHandle; replica?: PostgresHandle; primarySql?: Sql; replicaSql?: Sql; nats?: NatsHandle; bus?: Bus; key?: string } = {}
const need = <T>(value: T | undefined): T => {
	if (value === undefined) throw new Error('the replica world did not start')
	return value
}

beforeAll(async () => {
	// a kept (crash-safe) cluster: a base backup needs full-page writes, which throwaway test clusters turn off
	const primary = await startPostgres({ dataDir: dirs[0] })
	world.primary = primary
	const admin = createSql(primary.adminUrl, { max: 1 })
	await admin.unsafe('CREATE DATABASE lv')
	await admin.end({ timeout: 2 })
	world.primarySql = createSql(primary.urlFor('lv'), { max: 4 })
	await migrate(world.primarySql)
	world.replica = await startPostgres({ dataDir: dirs[1], replicaOf: primary })
	const replicaSql = createSql(world.replica.urlFor('lv'), { max: 4 })
	world.replicaSql = replicaSql
	world.nats = await startNats()
	world.bus = await connectBus({ servers: world.nats.url, name: 'read-replica-test' })
	world.key = (await accountWithKey(world.primarySql, clock, 'enterprise')).key
	await waitFor(async () => (await replicaSql`SELECT 1 FROM api_keys`).length === 1, { what: 'the replica to replay the key' })
}, 60_000)

afterAll(async () => {
	await world.bus?.close()
	await world.nats?.stop()
	await world.replicaSql?.end({ timeout: 2 })
	await world.primarySql?.end({ timeout: 2 })
	await world.replica?.stop()
	await world.primary?.stop()
	for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const app = () => createApp({ ...testDeps({ sql: need(world.primarySql), bus: need(world.bus), clock }), readSql: need(world.replicaSql) })
const call = async (method: string, path: string, body?: unknown) => {
	const response = await app().handle(
		new Request(`http://localhost${path}`, {
			method,
			headers: { ...bearer(need(world.key)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
			body: body === undefined ? undefined : JSON.stringify(body)
		})
	)
	return { status: response.status, body: (await response.json()) as Record<string, any> }
}

/** Writes on the primary while the replica does not replay them. */
async function withReplayPaused(write: () => Promise<void>, whilePaused: () => Promise<void>) {
	const replicaSql = need(world.replicaSql)
	await replicaSql`SELECT pg_wal_replay_pause()`
	try {
		await write()
		await whilePaused()
	} finally {
		await replicaSql`SELECT pg_wal_replay_resume()`
	}
}

describe('DATABASE_READ_URL', () => {
	test('register lookups read the replica: an operator written on the primary is answered only once replayed', async () => {
		await withReplayPaused(
			() => insertOperator(need(world.primarySql), { slug: 'replayed-later-ltd', at: clock.now() }).then(() => {}),
			async () => {
				expect((await call('GET', '/v1/operators/replayed-later-ltd')).status).toBe(404)
			}
		)
		await waitFor(async () => (await need(world.replicaSql)`SELECT 1 FROM operators WHERE slug = 'replayed-later-ltd'`).length === 1, { what: 'replay of the operator' })
		const answer = await call('GET', '/v1/operators/replayed-later-ltd')
		expect({ status: answer.status, slug: answer.body.operator?.slug }).toEqual({ status: 200, slug: 'replayed-later-ltd' })
	})

	test('the watchlist reads its own writes on the primary while the replica lags', async () => {
		await withReplayPaused(
			() => insertOperator(need(world.primarySql), { slug: 'watched-at-once-ltd', at: clock.now() }).then(() => {}),
			async () => {
				expect((await call('POST', '/v1/watchlist/operators', { operator_slug: 'watched-at-once-ltd' })).status).toBe(201)
				const list = await call('GET', '/v1/watchlist')
				expect(list.body.operators.map((operator: { slug: string }) => operator.slug)).toEqual(['watched-at-once-ltd'])
			}
		)
	})
})
