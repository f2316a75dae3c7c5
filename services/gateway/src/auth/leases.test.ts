import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { keyChangeProgress } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { notFound } from '@lv/errors'
import type { StatementRunner } from '@lv/db'
import { handleFrom, waitFor } from '@lv/testing'
import { accountWithKey, bearer, insertPlan } from '../test-support/accounts.ts'
import { testReplica } from '../test-support/gateway.ts'
import { replicaWorld } from '../test-support/replica-world.ts'
import { revokeUnannounced } from '../test-support/revocations.ts'
import { authPlugin } from './plugin.ts'

const LEASE_MS = 4_000
const world = replicaWorld('leases-test', async (sql) => {
	await insertPlan(sql, { code: 'forty_per_second', monthly_quota: null, per_second_limit: 40 })
	await insertPlan(sql, { code: 'quota_100', monthly_quota: 100, per_second_limit: null })
	await insertPlan(sql, { code: 'quota_100k', monthly_quota: 100_000, per_second_limit: null })
})

/** A gateway replica with leases: its own pool and counting connection, whose statements it counts. */
async function replica(clock: TestClock) {
	const { sql, countingSql: connection } = world.open()
	let statements = 0
	const countingSql: StatementRunner = {
		run: (text, parameters) => {
			statements++
			return connection.run(text, parameters)
		}
	}
	const { app: gateway, auth: runtime } = testReplica({ sql, countingSql, bus: world.bus, clock, keyLeaseMs: LEASE_MS })
	const app = gateway.use(
		new Elysia()
			.use(authPlugin(runtime))
			.get('/probe', ({ caller }) => ({ account: caller.accountId }), { auth: 'required' })
			.get(
				'/probe/missing',
				() => {
					throw notFound('operator_not_found', 'No such operator.')
				},
				{ auth: 'required' }
			)
	)
	await runtime.listening
	const leases = runtime.leases
	if (!leases) throw new Error('the replica runs without leases')
	const call = (key: string, path = '/probe') =>
		handleFrom(app, new Request(`http://localhost${path}`, { headers: bearer(key) }), '203.0.113.7')
	return { runtime, leases, call, statements: () => statements }
}
type Replica = Awaited<ReturnType<typeof replica>>

const reasonOf = async (response: Response) => ((await response.json()) as { details: { reason: string } }).details.reason

/** Waits for the grants and returns the replicas sent behind their calls. */
const settled = (...replicas: Replica[]) =>
	waitFor(() => replicas.every((each) => each.leases.inFlight === 0), { what: 'grants and returns settled' })

/** The calls answered 200 among `count` calls of `key` at once on `replica`. */
async function admittedOf(replica: Replica, key: string, count: number): Promise<number> {
	const responses = await Promise.all(Array.from({ length: count }, () => replica.call(key)))
	return responses.filter((response) => response.status === 200).length
}

describe('key-cache and allowance leases across two replicas', () => {
	test('calls of a leased key are admitted without a counting statement; a revoked key is refused on the very next request on every replica once the revocation completes', async () => {
		const clock = new TestClock('2026-11-24T09:00:00.100Z')
		const account = await accountWithKey(world.db.sql, clock, 'forty_per_second')
		const replicas = [await replica(clock), await replica(clock)]
		for (const each of replicas) {
			expect((await each.call(account.key)).status).toBe(200)
			await each.leases.checkRound()
			// The first call under a valid key lease asks for the account's allowance lease on this second.
			expect((await each.call(account.key)).status).toBe(200)
			await settled(each)
		}
		for (const each of replicas) {
			const before = each.statements()
			expect(await admittedOf(each, account.key, 5)).toBe(5)
			expect(each.statements()).toBe(before)
		}
		const revision = await revokeUnannounced(world.db.sql, clock, account.keyId)
		expect((await keyChangeProgress(world.db.sql, revision, clock)).complete).toBe(false)
		for (const each of replicas) await each.leases.checkRound()
		expect(await keyChangeProgress(world.db.sql, revision, clock)).toEqual({ complete: true, fenced: [] })
		for (const each of replicas) {
			const refused = await each.call(account.key)
			expect(refused.status).toBe(401)
			expect(await reasonOf(refused)).toBe('api_key_revoked')
		}
	})

	test('two replicas together never admit beyond a per-second limit, with leases taken on both', async () => {
		const clock = new TestClock('2026-11-24T10:00:00.000Z')
		const account = await accountWithKey(world.db.sql, clock, 'forty_per_second')
		const replicas = [await replica(clock), await replica(clock)]
		let admitted = 0
		for (const each of replicas) {
			admitted += await admittedOf(each, account.key, 1)
			await each.leases.checkRound()
		}
		await settled(...replicas)
		for (let burst = 0; burst < 3; burst++) {
			const counts = await Promise.all(replicas.map((each) => admittedOf(each, account.key, 20)))
			admitted += counts.reduce((sum, count) => sum + count, 0)
			await settled(...replicas)
		}
		expect(admitted).toBeLessThanOrEqual(40)
		expect(admitted).toBeGreaterThan(8)
		expect(replicas.map((each) => each.leases.admitted > 0)).toEqual([true, true])
		clock.advance(1_000)
		expect(await admittedOf(replicas[0] as Replica, account.key, 1)).toBe(1)
	})

	test('two replicas together admit exactly a monthly quota over many seconds, unused allowance given back', async () => {
		const clock = new TestClock('2026-11-24T11:00:00.000Z')
		const account = await accountWithKey(world.db.sql, clock, 'quota_100')
		const replicas = [await replica(clock), await replica(clock)]
		for (const each of replicas) await each.leases.checkRound()
		let admitted = 0
		for (let second = 0; second < 12; second++) {
			// One call asks for the second's allowance lease, then a burst on each replica.
			for (const each of replicas) admitted += await admittedOf(each, account.key, 1)
			await settled(...replicas)
			const counts = await Promise.all(replicas.map((each) => admittedOf(each, account.key, 6)))
			admitted += counts.reduce((sum, count) => sum + count, 0)
			expect(admitted).toBeLessThanOrEqual(100)
			await settled(...replicas)
			clock.advance(1_000)
			for (const each of replicas) await each.leases.checkRound()
			await settled(...replicas)
		}
		for (let call = 0; call < 40 && admitted < 100; call++) admitted += await admittedOf(replicas[call % 2] as Replica, account.key, 1)
		expect(admitted).toBe(100)
		expect(replicas.map((each) => each.leases.admitted > 0)).toEqual([true, true])
		const refused = await (replicas[1] as Replica).call(account.key)
		expect(refused.status).toBe(429)
		expect(await reasonOf(refused)).toBe('monthly_request_limit_reached')
	})

	test('the call that asks for an allowance lease is admitted from its grant, with no statement of its own, and the monthly quota headers count on call by call', async () => {
		const clock = new TestClock('2026-11-24T11:30:00.000Z')
		const account = await accountWithKey(world.db.sql, clock, 'quota_100')
		const one = await replica(clock)
		const usedOf = async () => {
			const response = await one.call(account.key)
			expect(response.status).toBe(200)
			const used = Number(response.headers.get('x-monthly-quota-used'))
			expect(Number(response.headers.get('x-monthly-quota-remaining'))).toBe(100 - used)
			return used
		}
		await usedOf()
		await one.leases.checkRound()
		const beforeGrant = one.statements()
		expect(await usedOf()).toBe(2)
		expect(one.statements() - beforeGrant).toBe(1)
		await settled(one)
		const used = [await usedOf(), await usedOf(), await usedOf(), await usedOf()]
		expect(used).toEqual([3, 4, 5, 6])
		expect(one.statements() - beforeGrant).toBe(1)
	})

	test("second after second, the monthly quota headers of calls admitted from leases count on call by call: a lease's unused rest is out of the month before the next grant reads it", async () => {
		const clock = new TestClock('2026-11-24T11:50:00.000Z')
		const account = await accountWithKey(world.db.sql, clock, 'quota_100k')
		const one = await replica(clock)
		await one.leases.checkRound()
		const used: number[] = []
		for (const [second, calls] of [3, 3, 30, 3, 3, 3].entries()) {
			for (let call = 0; call < calls; call++) {
				const response = await one.call(account.key)
				expect(response.status).toBe(200)
				used.push(Number(response.headers.get('x-monthly-quota-used')))
			}
			await settled(one)
			clock.advance(1_000)
			// Every other second the check round gives the last lease's rest back; otherwise the next second's first call does.
			if (second % 2 === 1) await one.leases.checkRound()
		}
		expect(one.leases.admitted).toBeGreaterThan(30)
		expect(used).toEqual(Array.from({ length: 45 }, (_, index) => index + 1))
	})

	test('a call given back after it failed is counted out of the monthly quota headers of the calls the lease admits after it', async () => {
		const clock = new TestClock('2026-11-24T11:40:00.000Z')
		const account = await accountWithKey(world.db.sql, clock, 'quota_100')
		const one = await replica(clock)
		const usedOf = async () => {
			const response = await one.call(account.key)
			expect(response.status).toBe(200)
			return Number(response.headers.get('x-monthly-quota-used'))
		}
		await usedOf()
		await one.leases.checkRound()
		const used = [await usedOf()]
		await settled(one)
		used.push(await usedOf())
		const statementsBefore = one.statements()
		expect((await one.call(account.key, '/probe/missing')).status).toBe(404)
		used.push(await usedOf(), await usedOf())
		expect(one.statements()).toBe(statementsBefore)
		expect(used).toEqual([2, 3, 4, 5])
		await waitFor(
			async () => {
				const [row] = await world.db.sql<
					{ quota_count: number }[]
				>`SELECT quota_count FROM limit_counters WHERE subject = ${account.accountId}`
				return row?.quota_count === 5 + one.leases.unadmitted(account.accountId)
			},
			{ what: 'the failed call given back' }
		)
	})

	test('a subject that came near its quota in one month is granted allowance leases again once the next month starts (UTC, injected clock)', async () => {
		const clock = new TestClock('2026-10-31T23:59:50.000Z')
		const account = await accountWithKey(world.db.sql, clock, 'quota_100')
		const one = await replica(clock)
		await one.leases.checkRound()
		/** One call that may ask for a grant, then a burst the grant may admit; the second then ends. */
		const second = async () => {
			const calls = [await one.call(account.key)]
			await settled(one)
			calls.push(...(await Promise.all(Array.from({ length: 10 }, () => one.call(account.key)))))
			await settled(one)
			clock.advance(1_000)
			await one.leases.checkRound()
			await settled(one)
			return calls.filter((response) => response.status === 200).length
		}
		let october = 0
		for (let each = 0; each < 8; each++) october += await second()
		// Past 68 of 100, a grant of 8 no longer has four times its size left: October's calls take the statement.
		expect(october).toBeGreaterThan(68)
		clock.set('2026-11-01T00:00:00.000Z')
		await one.leases.checkRound()
		const before = one.leases.admitted
		for (let each = 0; each < 3; each++) expect(await second()).toBe(11)
		expect(one.leases.admitted - before).toBeGreaterThan(0)
	})

	test('a lost replica stops answering from its leases when its lease runs out on the injected clock, and the revocation then completes without it', async () => {
		const clock = new TestClock('2026-11-24T12:00:00.100Z')
		const account = await accountWithKey(world.db.sql, clock, 'forty_per_second')
		const [live, lost] = [await replica(clock), await replica(clock)] as [Replica, Replica]
		for (const each of [live, lost]) {
			expect((await each.call(account.key)).status).toBe(200)
			await each.leases.checkRound()
		}
		const revision = await revokeUnannounced(world.db.sql, clock, account.keyId)
		await live.leases.checkRound()
		expect((await keyChangeProgress(world.db.sql, revision, clock)).complete).toBe(false)
		clock.advance(LEASE_MS - 1)
		await live.leases.checkRound()
		expect((await keyChangeProgress(world.db.sql, revision, clock)).complete).toBe(false)
		clock.advance(1)
		await live.leases.checkRound()
		const progress = await keyChangeProgress(world.db.sql, revision, clock)
		expect(progress.complete).toBe(true)
		expect(progress.fenced).toContain(lost.leases.replicaId)
		expect(progress.fenced).not.toContain(live.leases.replicaId)
		// Should the lost replica still serve, its own lease has run out: the call is counted, and refused.
		const refused = await lost.call(account.key)
		expect(refused.status).toBe(401)
		expect(await reasonOf(refused)).toBe('api_key_revoked')
	})
})
