import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { awaitKeyChangesApplied, revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { createTestDatabase, waitFor, handleFrom } from '@lv/testing'
import { accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { revokeUnannounced } from '../test-support/revocations.ts'
import { testReplica } from '../test-support/gateway.ts'
import { replicaWorld } from '../test-support/replica-world.ts'
import { authPlugin } from './plugin.ts'

const world = replicaWorld('replicas-test', async (sql) => {
	await insertPlan(sql, { code: 'seven_per_second', monthly_quota: null, per_second_limit: 7 })
	await insertPlan(sql, { code: 'quota_25', monthly_quota: 25, per_second_limit: null })
})

/**
 * A gateway replica: its own connection pool (so its own key cache, change listener and counting
 * queues) and, as in production, one connection of its own for the keyed counting statements,
 * listening before it returns. Tests make their accounts first, so that the notifications
 * of that setup never reach the replica and only the change under test can drop its cache entries. It holds
 * no lease (no `keyLeaseMs`): these tests prove the per-batch statement path across replicas, which every call the
 * leases do not admit still takes; the same across leased replicas is in `leases.test.ts`.
 */
async function replica(clock: TestClock, url = world.db.url) {
	const { sql, countingSql } = world.open(url)
	const { app: gateway, auth: runtime } = testReplica({ sql, countingSql, bus: world.bus, clock })
	const app = gateway.use(
		new Elysia()
			.use(authPlugin(runtime))
			.get('/probe/required', ({ caller }) => ({ account: caller.accountId }), { auth: 'required' })
			.get('/probe/public', ({ caller }) => ({ tier: caller.tier }), { auth: 'optional' })
	)
	await runtime.listening
	const call = (path: string, headers: Record<string, string> = {}, peer = '203.0.113.7') =>
		handleFrom(app, new Request(`http://localhost${path}`, { headers }), peer)
	return { sql, runtime, call }
}

const reasonOf = async (response: Response) => ((await response.json()) as { details: { reason: string } }).details.reason

/** Runs `change` with triggers off, so no notification is sent: only the counting statement can notice. */
const silently = (change: (tx: Sql) => Promise<unknown>) =>
	world.db.sql.begin(async (tx) => {
		await tx`SET LOCAL session_replication_role = replica`
		await change(tx as unknown as Sql)
	})

describe('key cache across replicas', () => {
	const clock = new TestClock('2026-11-12T09:00:00.000Z')

	test('a replica holding a key drops it when the revoking transaction commits, then answers 401 auth_revoked without reading again', async () => {
		const account = await accountWithKey(world.db.sql, clock, 'pro')
		const [a, b] = [await replica(clock), await replica(clock)]
		expect((await a.call('/probe/required', bearer(account.key))).status).toBe(200)
		expect((await b.call('/probe/required', bearer(account.key))).status).toBe(200)
		expect(b.runtime.keys.peek(account.keyId)?.status).toBe('live')
		expect(await revokeApiKey(world.db.sql, clock, account.accountId, account.keyId)).toBe(true)
		await waitFor(() => b.runtime.keys.peek(account.keyId) === undefined, { what: 'the revocation notification on replica b' })
		const refused = await b.call('/probe/required', bearer(account.key))
		expect(refused.status).toBe(401)
		expect(await reasonOf(refused)).toBe('api_key_revoked')
		const loads = b.runtime.keys.loads
		expect((await b.call('/probe/required', bearer(account.key))).status).toBe(401)
		expect(b.runtime.keys.loads).toBe(loads)
		expect((await a.call('/probe/required', bearer(account.key))).status).toBe(401)
	})

	test('a revocation that notifies nobody is still refused on the very next call: the counting statement re-checks the key', async () => {
		const account = await accountWithKey(world.db.sql, clock, 'pro')
		const b = await replica(clock)
		expect((await b.call('/probe/required', bearer(account.key))).status).toBe(200)
		await revokeUnannounced(world.db.sql, clock, account.keyId)
		await awaitKeyChangesApplied(world.db.sql, clock)
		expect(b.runtime.keys.peek(account.keyId)?.status).toBe('live')
		const refused = await b.call('/probe/required', bearer(account.key))
		expect(refused.status).toBe(401)
		expect(await reasonOf(refused)).toBe('api_key_revoked')
		const [counted] = await world.db.sql<
			{ quota_count: number }[]
		>`SELECT quota_count FROM limit_counters WHERE subject = ${account.accountId}`
		expect(counted?.quota_count).toBe(1)
	})

	test('a plan change reaches a replica holding the key: the entry is dropped and the next call counts against the new plan', async () => {
		const account = await accountWithKey(world.db.sql, clock, 'pro')
		const b = await replica(clock)
		expect((await b.call('/probe/required', bearer(account.key))).headers.get('x-monthly-quota-limit')).toBe('100000')
		await world.db.sql`UPDATE accounts SET plan_code = 'starter' WHERE id = ${account.accountId}`
		await waitFor(() => b.runtime.keys.peek(account.keyId) === undefined, { what: 'the plan change notification on replica b' })
		const next = await b.call('/probe/required', bearer(account.key))
		expect(next.headers.get('x-monthly-quota-limit')).toBe('10000')
		expect(next.headers.get('x-monthly-quota-used')).toBe('2')
	})

	test('a plan change or cancellation that notifies nobody is applied on the next call all the same', async () => {
		const account = await accountWithKey(world.db.sql, clock, 'pro')
		const b = await replica(clock)
		expect((await b.call('/probe/required', bearer(account.key))).status).toBe(200)
		await silently((tx) => tx`UPDATE accounts SET plan_code = 'starter' WHERE id = ${account.accountId}`)
		expect((await b.call('/probe/required', bearer(account.key))).headers.get('x-monthly-quota-limit')).toBe('10000')
		await silently((tx) =>
			tx`UPDATE plans SET monthly_quota = 2 WHERE code = 'quota_25'`.then(
				() => tx`UPDATE accounts SET plan_code = 'quota_25' WHERE id = ${account.accountId}`
			)
		)
		try {
			const capped = await b.call('/probe/required', bearer(account.key))
			expect(capped.status).toBe(429)
			expect(await reasonOf(capped)).toBe('monthly_request_limit_reached')
		} finally {
			await world.db.sql`UPDATE plans SET monthly_quota = 25 WHERE code = 'quota_25'`
		}
		await silently((tx) => tx`UPDATE accounts SET plan_code = 'pro', plan_status = 'canceled' WHERE id = ${account.accountId}`)
		const canceled = await b.call('/probe/required', bearer(account.key))
		expect(canceled.status).toBe(402)
		expect(await reasonOf(canceled)).toBe('plan_inactive')
	})

	test('when the change listener reconnects, the replica forgets every cached key (notifications may have been missed)', async () => {
		const account = await accountWithKey(world.db.sql, clock, 'pro')
		await world.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${account.accountId}`
		const b = await replica(clock)
		expect((await b.call('/probe/required', bearer(account.key))).status).toBe(402)
		await silently((tx) => tx`UPDATE accounts SET plan_status = 'active' WHERE id = ${account.accountId}`)
		expect((await b.call('/probe/required', bearer(account.key))).status).toBe(402)
		const flushes = b.runtime.keys.flushes
		const killed = await world.db.sql<{ pid: number }[]>`
			SELECT pid FROM pg_stat_activity
			WHERE datname = current_database() AND query ILIKE 'listen %' AND pid <> pg_backend_pid() AND pg_terminate_backend(pid)`
		expect(killed.length).toBeGreaterThan(0)
		await waitFor(() => b.runtime.keys.flushes > flushes, { what: 'replica b to listen again' })
		expect(b.runtime.keys.size).toBe(0)
		expect((await b.call('/probe/required', bearer(account.key))).status).toBe(200)
	})
})

describe('coalesced counters across replicas', () => {
	test('concurrent calls at two replicas are counted in batches and admit exactly the per-second limit', async () => {
		const clock = new TestClock('2026-11-12T10:00:00.100Z')
		const [a, b] = [await replica(clock), await replica(clock)]
		const account = await accountWithKey(world.db.sql, clock, 'seven_per_second')
		const batchesBefore = a.runtime.limits.keyed.batchesSent + b.runtime.limits.keyed.batchesSent
		const responses = await Promise.all(
			Array.from({ length: 60 }, (_, index) => (index % 2 ? a : b).call('/probe/required', bearer(account.key)))
		)
		const statuses = responses.map((response) => response.status)
		expect(statuses.filter((status) => status === 200)).toHaveLength(7)
		expect(statuses.filter((status) => status === 429)).toHaveLength(53)
		expect(new Set(await Promise.all(responses.filter((response) => response.status === 429).map(reasonOf)))).toEqual(
			new Set(['per_second_limit_exceeded'])
		)
		expect(a.runtime.limits.keyed.batchesSent + b.runtime.limits.keyed.batchesSent - batchesBefore).toBeLessThan(60)
		const [row] = await world.db.sql<
			{ second_count: number }[]
		>`SELECT second_count FROM limit_counters WHERE subject = ${account.accountId}`
		expect(row?.second_count).toBe(60)
	})

	test('concurrent calls at two replicas admit exactly the monthly quota, each admitted call with its own count', async () => {
		const clock = new TestClock('2026-11-12T11:00:00.000Z')
		const [a, b] = [await replica(clock), await replica(clock)]
		const account = await accountWithKey(world.db.sql, clock, 'quota_25')
		const responses = await Promise.all(
			Array.from({ length: 90 }, (_, index) => (index % 2 ? a : b).call('/probe/required', bearer(account.key)))
		)
		const used = responses
			.filter((response) => response.status === 200)
			.map((response) => Number(response.headers.get('x-monthly-quota-used')))
		expect(used.sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1))
		expect(responses.filter((response) => response.status === 429)).toHaveLength(65)
	})

	test('concurrent keyless calls from one address at two replicas admit exactly 10, each with its own remaining count', async () => {
		const clock = new TestClock('2026-11-12T12:00:00.000Z')
		const [a, b] = [await replica(clock), await replica(clock)]
		const responses = await Promise.all(
			Array.from({ length: 50 }, (_, index) => (index % 2 ? a : b).call('/probe/public', {}, '198.51.100.77'))
		)
		const remaining = responses
			.filter((response) => response.status === 200)
			.map((response) => Number(response.headers.get('x-ratelimit-remaining')))
		expect(remaining.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
		expect(
			responses.filter((response) => response.status === 429).map((response) => response.headers.get('x-ratelimit-remaining'))
		).toEqual(Array(40).fill('0'))
	})

	test('a keyless client past its cap is refused without another statement until the next hour', async () => {
		const clock = new TestClock('2026-11-12T12:30:00.000Z')
		const a = await replica(clock)
		for (let index = 0; index < 10; index++) expect((await a.call('/probe/public', {}, '198.51.100.90')).status).toBe(200)
		expect((await a.call('/probe/public', {}, '198.51.100.90')).status).toBe(429)
		const statements = a.runtime.limits.keyless.batchesSent
		const refused = await Promise.all(Array.from({ length: 20 }, () => a.call('/probe/public', {}, '198.51.100.90')))
		expect(refused.map((response) => [response.status, response.headers.get('x-ratelimit-remaining')])).toEqual(Array(20).fill([429, '0']))
		expect(a.runtime.limits.keyless.batchesSent).toBe(statements)
		clock.advance(30 * 60_000)
		expect((await a.call('/probe/public', {}, '198.51.100.90')).headers.get('x-ratelimit-remaining')).toBe('9')
	})

	test('a replica with the key cached fails closed with 503 when the counters store goes away', async () => {
		const clock = new TestClock('2026-11-12T13:00:00.000Z')
		const doomed = await createTestDatabase()
		try {
			const account = await accountWithKey(doomed.sql, clock, 'pro')
			const b = await replica(clock, doomed.url)
			expect((await b.call('/probe/required', bearer(account.key))).status).toBe(200)
			expect((await b.call('/probe/public', {}, '198.51.100.78')).status).toBe(200)
			expect(b.runtime.keys.peek(account.keyId)?.status).toBe('live')
			await world.db.sql.unsafe(`DROP DATABASE ${doomed.name} WITH (FORCE)`)
			for (const [path, headers] of [
				['/probe/required', bearer(account.key)],
				['/probe/public', {}]
			] as const) {
				const response = await b.call(path, headers, '198.51.100.78')
				expect(response.status).toBe(503)
				expect(await reasonOf(response)).toBe('limits_store_unavailable')
			}
		} finally {
			await doomed.drop()
		}
	})
})

/**
 * Holds the lock on a subject's counter row in a transaction of its own until the returned
 * function is called: a counting statement of that subject then stays in flight meanwhile.
 */
async function holdCounterRow(subject: string): Promise<() => Promise<void>> {
	const released = Promise.withResolvers<void>()
	const locked = Promise.withResolvers<void>()
	const holder = world.db.sql.begin(async (tx) => {
		await tx`SELECT 1 FROM limit_counters WHERE subject = ${subject} FOR UPDATE`
		locked.resolve()
		await released.promise
	})
	await locked.promise
	return async () => {
		released.resolve()
		await holder
	}
}

describe('keyed counting statements pipelined on the counting connection', () => {
	test('calls arriving while a statement is in flight go out as a second statement, and together they admit exactly the per-second limit', async () => {
		const clock = new TestClock('2026-11-12T14:00:00.000Z')
		const a = await replica(clock)
		const account = await accountWithKey(world.db.sql, clock, 'seven_per_second')
		expect((await a.call('/probe/required', bearer(account.key))).status).toBe(200)
		clock.advance(1_000)
		const keyed = a.runtime.limits.keyed
		const release = await holdCounterRow(account.accountId)
		const first = Array.from({ length: 20 }, () => a.call('/probe/required', bearer(account.key)))
		await waitFor(() => keyed.batchesSent >= 2, { what: 'the statement of the first calls' })
		const second = Array.from({ length: 20 }, () => a.call('/probe/required', bearer(account.key)))
		await waitFor(() => keyed.batchesSent === 3, { what: 'a second statement while the first is in flight' })
		await release()
		const responses = await Promise.all([...first, ...second])
		const admitted = responses.filter((response) => response.status === 200)
		expect(admitted).toHaveLength(7)
		expect(responses.filter((response) => response.status === 429)).toHaveLength(33)
		expect(new Set(await Promise.all(responses.filter((response) => response.status === 429).map(reasonOf)))).toEqual(
			new Set(['per_second_limit_exceeded'])
		)
		const [row] = await world.db.sql<{ second_count: number; quota_count: number }[]>`
			SELECT second_count, quota_count FROM limit_counters WHERE subject = ${account.accountId}`
		expect(row).toEqual({ second_count: 40, quota_count: 8 })
	})

	test('a revocation committed while a statement is in flight, notifying nobody, is refused on the next call', async () => {
		const clock = new TestClock('2026-11-12T15:00:00.000Z')
		const a = await replica(clock)
		const account = await accountWithKey(world.db.sql, clock, 'pro')
		expect((await a.call('/probe/required', bearer(account.key))).status).toBe(200)
		const keyed = a.runtime.limits.keyed
		const release = await holdCounterRow(account.accountId)
		const beforeRevocation = a.call('/probe/required', bearer(account.key))
		await waitFor(() => keyed.batchesSent === 2, { what: 'the statement of the call before the revocation' })
		await revokeUnannounced(world.db.sql, clock, account.keyId)
		await awaitKeyChangesApplied(world.db.sql, clock)
		expect(a.runtime.keys.peek(account.keyId)?.status).toBe('live')
		const afterRevocation = a.call('/probe/required', bearer(account.key))
		await waitFor(() => keyed.batchesSent === 3, { what: 'the statement of the call after the revocation, while the first is in flight' })
		await release()
		expect((await beforeRevocation).status).toBe(200)
		const refused = await afterRevocation
		expect(refused.status).toBe(401)
		expect(await reasonOf(refused)).toBe('api_key_revoked')
		const [row] = await world.db.sql<{ quota_count: number }[]>`SELECT quota_count FROM limit_counters WHERE subject = ${account.accountId}`
		expect(row?.quota_count).toBe(2)
	})
})
