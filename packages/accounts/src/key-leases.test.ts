import { describe, expect, setSystemTime, test } from 'bun:test'
import { TestClock, systemClock } from '@lv/clock'
import { ReplicaKeyLease } from '@lv/leases'
import { waitFor } from '@lv/testing'
import { LAPSED_REPLICA_ROW_MS, acknowledgeKeys, currentKeyRevision, keyChangeProgress, readHeldKeys } from './key-leases.ts'
import { createAccount, issueApiKey, revokeApiKey } from './store.ts'
import { databasePerFile } from '@lv/testing/per-file'

const LEASE_MS = 4_000
const env = databasePerFile()
const clock = new TestClock('2026-11-24T12:00:00.000Z')

async function keyOfNewAccount(name: string) {
	const account = await createAccount(env.db.sql, clock, { name, plan: 'pro' })
	return { accountId: account.id, keyId: (await issueApiKey(env.db.sql, clock, account.id, 'main')).id }
}

/** A revocation that waits for no replica (a write by hand in SQL). */
const revokeWithoutWaiting = (keyId: string) => env.db.sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${keyId}`

/** One replica's check round as the gateway runs it: read the held keys, apply, acknowledge, renew from the send time. */
async function checkRound(replicaId: string, lease: ReplicaKeyLease) {
	const sentAtMs = clock.nowMs()
	const covered = lease.heldKeyIds()
	const read = await readHeldKeys(env.db.sql, covered, clock)
	const live = new Map([...read.keys].map(([keyId, row]) => [keyId, !row.revoked && row.planActive]))
	lease.checked(covered, live, read.revision)
	const revision = lease.acknowledgement(read.revision)
	const accepted = await acknowledgeKeys(env.db.sql, { replicaId, revision, readAtMs: read.readAtMs, leaseMs: LEASE_MS })
	if (accepted !== null) lease.renewed(sentAtMs)
	return { read, accepted }
}

describe('key-cache leases in PostgreSQL', () => {
	test('every key change advances the revision in its own transaction; a last-use stamp does not', async () => {
		const { accountId, keyId } = await keyOfNewAccount('revisions')
		const before = await currentKeyRevision(env.db.sql)
		await env.db.sql`UPDATE api_keys SET last_used_at = now() WHERE id = ${keyId}`
		expect(await currentKeyRevision(env.db.sql)).toBe(before)
		await env.db.sql`UPDATE accounts SET plan_code = 'business' WHERE id = ${accountId}`
		const afterPlan = await currentKeyRevision(env.db.sql)
		expect(afterPlan).toBeGreaterThan(before)
		expect(await revokeApiKey(env.db.sql, clock, accountId, keyId)).toBe(true)
		expect(await currentKeyRevision(env.db.sql)).toBeGreaterThan(afterPlan)
	})

	test('a check reads each held key as it is now, with the revision of the same snapshot; a deleted key is absent', async () => {
		const kept = await keyOfNewAccount('held kept')
		const revoked = await keyOfNewAccount('held revoked')
		const deleted = await keyOfNewAccount('held deleted')
		await revokeApiKey(env.db.sql, clock, revoked.accountId, revoked.keyId)
		await env.db.sql`DELETE FROM api_keys WHERE id = ${deleted.keyId}`
		const read = await readHeldKeys(env.db.sql, [kept.keyId, revoked.keyId, deleted.keyId], clock)
		expect(read.revision).toBe(await currentKeyRevision(env.db.sql))
		expect([...read.keys].map(([keyId, row]) => [keyId, row.revoked, row.planActive])).toEqual(
			expect.arrayContaining([
				[kept.keyId, false, true],
				[revoked.keyId, true, true]
			])
		)
		expect(read.keys.has(deleted.keyId)).toBe(false)
		expect((await readHeldKeys(env.db.sql, [], clock)).keys.size).toBe(0)
	})

	test('a revocation completes only once every live replica acknowledged a check that saw it', async () => {
		const { keyId } = await keyOfNewAccount('two replicas')
		const replicas = ['ack-a', 'ack-b'].map((id) => ({ id, lease: new ReplicaKeyLease(LEASE_MS) }))
		for (const replica of replicas) {
			replica.lease.loaded({ keyId, live: true, checkedRevision: await currentKeyRevision(env.db.sql) })
			await checkRound(replica.id, replica.lease)
			expect(replica.lease.usable(keyId, clock.nowMs())?.live).toBe(true)
		}
		await revokeWithoutWaiting(keyId)
		const revision = await currentKeyRevision(env.db.sql)
		expect(await keyChangeProgress(env.db.sql, revision, clock)).toEqual({ complete: false, fenced: [] })
		const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]]
		await checkRound(a.id, a.lease)
		expect(a.lease.usable(keyId, clock.nowMs())?.live).toBe(false)
		expect((await keyChangeProgress(env.db.sql, revision, clock)).complete).toBe(false)
		await checkRound(b.id, b.lease)
		expect(b.lease.usable(keyId, clock.nowMs())?.live).toBe(false)
		expect(await keyChangeProgress(env.db.sql, revision, clock)).toEqual({ complete: true, fenced: [] })
	})

	test('a lost replica is counted out once its lease has run out on the injected clock, and fenced: its late acknowledgement is refused', async () => {
		const { keyId } = await keyOfNewAccount('lost replica')
		const lost = new ReplicaKeyLease(LEASE_MS)
		lost.loaded({ keyId, live: true, checkedRevision: await currentKeyRevision(env.db.sql) })
		await checkRound('lost', lost)
		// The lost replica's next check is read before the revocation and its acknowledgement is delayed past it.
		const staleRead = await readHeldKeys(env.db.sql, [keyId], clock)
		await revokeWithoutWaiting(keyId)
		const revision = await currentKeyRevision(env.db.sql)
		const everyOtherReplica = async () => {
			for (const id of ['ack-a', 'ack-b']) {
				const read = await readHeldKeys(env.db.sql, [], clock)
				await acknowledgeKeys(env.db.sql, { replicaId: id, revision: read.revision, readAtMs: read.readAtMs, leaseMs: LEASE_MS })
			}
		}
		await everyOtherReplica()
		expect((await keyChangeProgress(env.db.sql, revision, clock)).complete).toBe(false)
		clock.advance(LEASE_MS - 1)
		await everyOtherReplica()
		expect((await keyChangeProgress(env.db.sql, revision, clock)).complete).toBe(false)
		expect(lost.usable(keyId, clock.nowMs())?.live).toBe(true)
		clock.advance(1)
		await everyOtherReplica()
		expect(lost.usable(keyId, clock.nowMs())).toBeUndefined()
		expect(await keyChangeProgress(env.db.sql, revision, clock)).toEqual({ complete: true, fenced: ['lost'] })
		const late = await acknowledgeKeys(env.db.sql, {
			replicaId: 'lost',
			revision: staleRead.revision,
			readAtMs: staleRead.readAtMs,
			leaseMs: LEASE_MS
		})
		expect(late).toBeNull()
		// Its next check sees the revocation: accepted, and the key is held as revoked.
		const { accepted } = await checkRound('lost', lost)
		expect(accepted).toBe(clock.nowMs() + LEASE_MS)
		expect(lost.usable(keyId, clock.nowMs())?.live).toBe(false)
	})

	test('a key change deletes the rows of replicas whose lease ran out long ago, and still counts out and fences a recently lapsed one', async () => {
		const lapsedLongAgo = await readHeldKeys(env.db.sql, [], clock)
		await acknowledgeKeys(env.db.sql, { replicaId: 'long-gone', ...lapsedLongAgo, leaseMs: LEASE_MS })
		clock.advance(LEASE_MS + LAPSED_REPLICA_ROW_MS)
		const lapsedJustNow = await readHeldKeys(env.db.sql, [], clock)
		await acknowledgeKeys(env.db.sql, { replicaId: 'just-gone', ...lapsedJustNow, leaseMs: LEASE_MS })
		clock.advance(LEASE_MS)
		const { accountId, keyId } = await keyOfNewAccount('lapsed replicas')
		await revokeApiKey(env.db.sql, clock, accountId, keyId)
		const progress = await keyChangeProgress(env.db.sql, await currentKeyRevision(env.db.sql), clock)
		expect(progress.complete).toBe(true)
		expect(progress.fenced).toContain('just-gone')
		const rows = await env.db.sql<{ replica_id: string }[]>`SELECT replica_id FROM key_lease_replicas`
		expect(rows.map((row) => row.replica_id)).toContain('just-gone')
		expect(rows.map((row) => row.replica_id)).not.toContain('long-gone')
		// Every row left lapsed within the age, so a key change's work is bounded by the replicas of that span.
		const [oldest] = await env.db.sql<{ lease_until: Date }[]>`SELECT min(lease_until) AS lease_until FROM key_lease_replicas`
		expect(clock.nowMs() - (oldest?.lease_until.getTime() ?? 0)).toBeLessThanOrEqual(LAPSED_REPLICA_ROW_MS)
	})

	test('revokeApiKey returns only once the last replica holding the key has acknowledged a check that saw it', async () => {
		const { accountId, keyId } = await keyOfNewAccount('waiting writer')
		const replicas = ['wait-a', 'wait-b'].map((id) => ({ id, lease: new ReplicaKeyLease(LEASE_MS) }))
		for (const replica of replicas) {
			replica.lease.loaded({ keyId, live: true, checkedRevision: await currentKeyRevision(env.db.sql) })
			await checkRound(replica.id, replica.lease)
		}
		let returned = false
		const revoking = revokeApiKey(env.db.sql, clock, accountId, keyId).then((revoked) => {
			returned = true
			return revoked
		})
		await waitFor(async () => (await readHeldKeys(env.db.sql, [keyId], clock)).keys.get(keyId)?.revoked === true, {
			what: 'the revocation committed'
		})
		// The replica rows of earlier tests acknowledge it too, so only the second replica holding the key holds it up.
		for (const id of ['ack-a', 'ack-b', 'lost']) await checkRound(id, new ReplicaKeyLease(LEASE_MS))
		await checkRound('wait-a', (replicas[0] as (typeof replicas)[0]).lease)
		expect((await keyChangeProgress(env.db.sql, await currentKeyRevision(env.db.sql), clock)).complete).toBe(false)
		expect(returned).toBe(false)
		await checkRound('wait-b', (replicas[1] as (typeof replicas)[0]).lease)
		expect(await revoking).toBe(true)
		for (const replica of replicas) expect(replica.lease.usable(keyId, clock.nowMs())?.live).toBe(false)
	})

	test("on the system clock, store time is PostgreSQL's: a replica whose clock is years off neither gets nor keeps a longer lease", async () => {
		const storeTime = async () => {
			const [row] = await env.db.sql<{ ms: number }[]>`SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms`
			return Number(row?.ms)
		}
		const before = await storeTime()
		setSystemTime(new Date('2031-01-01T00:00:00.000Z'))
		try {
			const read = await readHeldKeys(env.db.sql, [], systemClock)
			expect(read.readAtMs).toBeGreaterThanOrEqual(before)
			expect(read.readAtMs).toBeLessThanOrEqual(await storeTime())
			const leaseUntil = await acknowledgeKeys(env.db.sql, {
				replicaId: 'skewed',
				revision: read.revision,
				readAtMs: read.readAtMs,
				leaseMs: LEASE_MS
			})
			expect(leaseUntil).toBe(read.readAtMs + LEASE_MS)
			await env.db.sql`UPDATE key_revision SET revision = revision + 1`
			// The writer's clock is years past the lease too, but by PostgreSQL's clock it still runs.
			const progress = await keyChangeProgress(env.db.sql, await currentKeyRevision(env.db.sql), systemClock)
			expect(progress.complete).toBe(false)
		} finally {
			setSystemTime()
			await env.db.sql`DELETE FROM key_lease_replicas WHERE replica_id = 'skewed'`
		}
	})
})
