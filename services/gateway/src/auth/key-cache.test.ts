import { describe, expect, test } from 'bun:test'
import { hashApiKey, revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { waitFor } from '@lv/testing'
import { accountWithKey } from '../test-support/accounts.ts'
import { type CachedKey, KeyCache } from './key-cache.ts'
import { type KeyRecord, lookupKey } from './key-lookup.ts'
import { createLastUsedStamps } from './last-used.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()

/** Reads keys from the database, each read held until the test releases it. */
function gatedLookup() {
	const gates: (() => void)[] = []
	let reads = 0
	const load = async (keyHash: Uint8Array, nowMs: number): Promise<KeyRecord | null> => {
		reads++
		await new Promise<void>((release) => gates.push(release))
		return lookupKey(env.db.sql, keyHash, nowMs)
	}
	return { load, releaseAll: () => gates.splice(0).forEach((release) => release()), reads: () => reads }
}

const lastUsedOf = async (keyId: string) =>
	(
		await env.db.sql<{ last_used_at: Date | null }[]>`SELECT last_used_at FROM api_keys WHERE id = ${keyId}`
	)[0]?.last_used_at?.toISOString() ?? null

describe('key cache', () => {
	const clock = new TestClock('2026-11-12T09:00:00.000Z')

	test('concurrent calls with one uncached key share one read; the entry is then served without reading', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const gated = gatedLookup()
		const cache = new KeyCache(gated.load)
		const hash = hashApiKey(account.key)
		const pending = [cache.resolve(hash, clock.nowMs()), cache.resolve(hash, clock.nowMs())]
		await waitFor(() => gated.reads() === 1)
		gated.releaseAll()
		const [first, second] = await Promise.all(pending)
		expect(first?.keyId).toBe(account.keyId)
		expect(second).toBe(first as CachedKey)
		expect(cache.resolve(hash, clock.nowMs())).toBe(first as CachedKey)
		expect(gated.reads()).toBe(1)
	})

	test('a read that started before an invalidation is answered but not remembered', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const gated = gatedLookup()
		const cache = new KeyCache(gated.load)
		const reading = cache.resolve(hashApiKey(account.key), clock.nowMs())
		await waitFor(() => gated.reads() === 1)
		cache.forgetAccount(account.accountId)
		gated.releaseAll()
		expect((await reading)?.status).toBe('live')
		expect(cache.peek(account.keyId)).toBeUndefined()
	})

	test('entries are read again once older than the TTL; an unknown key is never remembered as a key', async () => {
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const cache = new KeyCache((keyHash, nowMs) => lookupKey(env.db.sql, keyHash, nowMs), { ttlMs: 30_000 })
		const hash = hashApiKey(account.key)
		await cache.resolve(hash, clock.nowMs())
		await cache.resolve(hash, clock.nowMs() + 29_999)
		expect(cache.loads).toBe(1)
		await cache.resolve(hash, clock.nowMs() + 30_000)
		expect(cache.loads).toBe(2)
		expect(await cache.resolve(hashApiKey('lvk_0123456789abcdef0123456789abcdef'), clock.nowMs())).toBeNull()
		expect(cache.size).toBe(1)
	})

	test('an unknown key is remembered as unknown for 10 s, and forgotten at once when a key is created', async () => {
		const cache = new KeyCache((keyHash, nowMs) => lookupKey(env.db.sql, keyHash, nowMs))
		const unknown = hashApiKey('lvk_0123456789abcdef0123456789abcdeX')
		expect(await cache.resolve(unknown, clock.nowMs())).toBeNull()
		expect(cache.resolve(unknown, clock.nowMs() + 9_999)).toBeNull()
		expect(cache.loads).toBe(1)
		cache.forgetUnknown()
		expect(await cache.resolve(unknown, clock.nowMs() + 9_999)).toBeNull()
		expect(cache.loads).toBe(2)
		expect(await cache.resolve(unknown, clock.nowMs() + 20_000)).toBeNull()
		expect(cache.loads).toBe(3)
	})

	test('a read that found nothing before a key was created is not remembered as unknown', async () => {
		const gated = gatedLookup()
		const cache = new KeyCache(gated.load)
		const reading = cache.resolve(hashApiKey('lvk_0123456789abcdef0123456789abcdeY'), clock.nowMs())
		await waitFor(() => gated.reads() === 1)
		cache.forgetUnknown()
		gated.releaseAll()
		expect(await reading).toBeNull()
		expect(cache.unknownSize).toBe(0)
	})

	test('a read gate refusing a requester stops the read; a read that finds nothing is reported to it', async () => {
		const seen: string[] = []
		const cache = new KeyCache((keyHash, nowMs) => lookupKey(env.db.sql, keyHash, nowMs), {
			readGate: {
				checkAllowed: (requester) => {
					if (requester() === 'refused') throw new Error('refused')
				},
				noteNoKey: (requester) => seen.push(requester())
			}
		})
		const hash = hashApiKey('lvk_0123456789abcdef0123456789abcdeZ')
		expect(() => cache.resolve(hash, clock.nowMs(), () => 'refused')).toThrow('refused')
		expect(cache.loads).toBe(0)
		expect(await cache.resolve(hash, clock.nowMs(), () => 'allowed')).toBeNull()
		expect(seen).toEqual(['allowed'])
	})

	test('a revoked key and an inactive plan are remembered as such (refused without reading)', async () => {
		const revoked = await accountWithKey(env.db.sql, clock, 'pro')
		await revokeApiKey(env.db.sql, clock, revoked.accountId, revoked.keyId)
		const canceled = await accountWithKey(env.db.sql, clock, 'pro')
		await env.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${canceled.accountId}`
		const cache = new KeyCache((keyHash, nowMs) => lookupKey(env.db.sql, keyHash, nowMs))
		expect((await cache.resolve(hashApiKey(revoked.key), clock.nowMs()))?.status).toBe('revoked')
		expect((await cache.resolve(hashApiKey(canceled.key), clock.nowMs()))?.status).toBe('plan_inactive')
		expect([cache.peek(revoked.keyId)?.status, cache.peek(canceled.keyId)?.status]).toEqual(['revoked', 'plan_inactive'])
	})
})

describe('last_used_at', () => {
	test('the first read of a key stamps it; a cached key is stamped again in the background once a minute has passed, not before', async () => {
		const clock = new TestClock('2026-11-12T10:00:00.000Z')
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const record = await lookupKey(env.db.sql, hashApiKey(account.key), clock.nowMs())
		expect(await lastUsedOf(account.keyId)).toBe('2026-11-12T10:00:00.000Z')
		const entry: CachedKey = { ...(record as KeyRecord), loadedAtMs: clock.nowMs(), stampedAtMs: record?.lastUsedMs ?? 0 }
		const stamps = createLastUsedStamps(env.db.sql, silentLogger)
		stamps.touch(entry, clock.nowMs() + 59_999)
		expect(entry.stampedAtMs).toBe(clock.nowMs())
		stamps.touch(entry, clock.nowMs() + 60_000)
		stamps.touch(entry, clock.nowMs() + 61_000)
		await waitFor(async () => (await lastUsedOf(account.keyId)) === '2026-11-12T10:01:00.000Z', { what: 'the background stamp' })
		expect(entry.stampedAtMs).toBe(clock.nowMs() + 60_000)
	})
})
