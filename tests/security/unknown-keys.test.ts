import { describe, expect, test } from 'bun:test'
import { generateApiKey, hashApiKey, revokeApiKey } from '@lv/accounts'
import { connectBus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { waitFor, handleFrom } from '@lv/testing'
import { FAILED_KEY_LOOKUPS_PER_MINUTE } from '../../services/gateway/src/limits/failed-key-lookups.ts'
import { accountWithKey, bearer } from '../../services/gateway/src/test-support/accounts.ts'
import { testApp, testReplica } from '../../services/gateway/src/test-support/gateway.ts'
import { DEFAULT_KEY_LEASE_MS } from '../../services/gateway/src/config.ts'
import { startCheckRounds } from '../../services/gateway/src/limits/replica-leases.ts'
import { callUntilKeyCached } from '../../services/gateway/src/test-support/key-cache.ts'
import { useStores } from './stores.ts'

const stores = useStores('unknown-keys-test')

/**
 * A replica of its own (its own clock: its own key cache and limits), listening for key changes; with `keyLeaseMs`, it
 * holds leases and runs its check rounds as main.ts does until `stop`.
 */
async function replica(startIso = '2026-11-05T12:00:10.000Z', keyLeaseMs?: number) {
	const clock = new TestClock(new Date(startIso))
	const { app, auth: runtime } = testReplica({ sql: stores.db.sql, bus: stores.bus, clock, keyLeaseMs })
	await runtime.listening
	const call = (key: string, address = '203.0.113.9') =>
		handleFrom(app, new Request('http://gateway/v1/watchlist', { headers: bearer(key) }), address)
	const stop = runtime.leases ? startCheckRounds(runtime.leases, silentLogger) : () => {}
	return { clock, keys: runtime.keys, leases: runtime.leases, call, stop }
}

type Envelope = { code: string; details: { reason: string; limit?: number; reset_at?: string } }

describe('unknown API keys', () => {
	test(`random lvk_ keys from one address block cost one read each only up to ${FAILED_KEY_LOOKUPS_PER_MINUTE} a minute, then 429 key_lookup_limit_exceeded without a read`, async () => {
		const { clock, keys, call } = await replica()
		const known = await accountWithKey(stores.db.sql, clock, 'pro')
		await callUntilKeyCached(keys, known.keyId, () => call(known.key, '2001:db8:7:7::1'))
		const readsBefore = keys.loads
		for (let index = 0; index < FAILED_KEY_LOOKUPS_PER_MINUTE; index++) {
			const response = await call(generateApiKey(), `2001:db8:7:7::${(index + 2).toString(16)}`)
			expect(((await response.json()) as Envelope).details.reason).toBe('api_key_invalid')
		}
		expect(keys.loads - readsBefore).toBe(FAILED_KEY_LOOKUPS_PER_MINUTE)

		const refused = await call(generateApiKey(), '2001:db8:7:7::ffff')
		expect(refused.status).toBe(429)
		expect(refused.headers.get('retry-after')).toBe('50')
		expect(await refused.json()).toEqual({
			error: expect.any(String),
			code: 'rate_limited',
			details: {
				reason: 'key_lookup_limit_exceeded',
				limit: FAILED_KEY_LOOKUPS_PER_MINUTE,
				reset_at: '2026-11-05T12:01:00.000Z',
				suggestion: expect.any(String)
			}
		})
		expect(keys.loads - readsBefore).toBe(FAILED_KEY_LOOKUPS_PER_MINUTE)

		// A key this replica holds needs no read and still works from that block; another block still looks keys up.
		expect((await call(known.key, '2001:db8:7:7::1')).status).toBe(200)
		expect((await call(generateApiKey(), '2001:db8:7:8::1')).status).toBe(401)
		clock.advance(50_000)
		expect((await call(generateApiKey(), '2001:db8:7:7::ffff')).status).toBe(401)
	})

	test('the same unknown key sent again within ten seconds is refused from memory, without a read', async () => {
		const { clock, keys, call } = await replica()
		const unknown = generateApiKey()
		expect((await call(unknown)).status).toBe(401)
		const reads = keys.loads
		const again = await call(unknown)
		expect(again.status).toBe(401)
		expect(((await again.json()) as Envelope).details.reason).toBe('api_key_invalid')
		expect(keys.loads).toBe(reads)
		clock.advance(10_000)
		expect((await call(unknown)).status).toBe(401)
		expect(keys.loads).toBe(reads + 1)
	})

	test('a key created after it was remembered as unknown works on its first call after its creation commits', async () => {
		const { clock, keys, call } = await replica()
		const owner = await accountWithKey(stores.db.sql, clock, 'pro')
		const key = generateApiKey()
		expect((await call(key)).status).toBe(401)
		expect((await call(key)).status).toBe(401)
		expect(keys.unknownSize).toBe(1)
		await stores.db.sql`
			INSERT INTO api_keys (id, account_id, key_hash, display_prefix, label, created_at)
			VALUES (${crypto.randomUUID()}, ${owner.accountId}, ${hashApiKey(key)}, ${key.slice(0, 8)}, 'late key', ${clock.now()})`
		await waitFor(() => keys.unknownSize === 0, { what: 'the key-created notification' })
		expect((await call(key)).status).toBe(200)
	})

	test('a revoked key is refused on its very next call, cached or not', async () => {
		const { clock, call } = await replica()
		const account = await accountWithKey(stores.db.sql, clock, 'pro')
		expect((await call(account.key)).status).toBe(200)
		await revokeApiKey(stores.db.sql, clock, account.accountId, account.keyId)
		const refused = await call(account.key)
		expect(refused.status).toBe(401)
		expect(((await refused.json()) as Envelope).details.reason).toBe('api_key_revoked')
	})

	test('a revoked key admitted from leases is refused on its very next call once revokeApiKey returns', async () => {
		const { clock, call, leases, stop } = await replica(undefined, DEFAULT_KEY_LEASE_MS)
		try {
			const account = await accountWithKey(stores.db.sql, clock, 'enterprise')
			expect((await call(account.key)).status).toBe(200)
			await leases?.checkRound()
			for (let i = 0; i < 3; i++) expect((await call(account.key)).status).toBe(200)
			expect(leases?.admitted).toBeGreaterThan(0)
			await revokeApiKey(stores.db.sql, clock, account.accountId, account.keyId)
			const refused = await call(account.key)
			expect(refused.status).toBe(401)
			expect(((await refused.json()) as Envelope).details.reason).toBe('api_key_revoked')
		} finally {
			stop()
		}
	})
})

describe('GET /v1/health', () => {
	test('probes the backing stores at most once a second (the injected clock), then again', async () => {
		const clock = new TestClock(new Date('2026-11-05T12:00:00.000Z'))
		const ownBus = await connectBus({ servers: stores.nats.url, name: 'health-cache-test' })
		const app = testApp({ sql: stores.db.sql, bus: ownBus, clock })
		const health = async () => {
			const response = await app.handle(new Request('http://gateway/v1/health'))
			return { status: response.status, body: (await response.json()) as { checks: { bus: boolean }; timestamp: string } }
		}
		const first = await health()
		expect(first.status).toBe(200)
		await ownBus.close()
		clock.advance(999)
		expect(await health()).toEqual(first)
		clock.advance(1)
		const probedAgain = await health()
		expect(probedAgain.status).toBe(503)
		expect(probedAgain.body.checks.bus).toBe(false)
		expect(probedAgain.body.timestamp).toBe('2026-11-05T12:00:01.000Z')
	})
})
