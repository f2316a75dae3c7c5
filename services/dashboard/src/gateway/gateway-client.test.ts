import { describe, expect, test } from 'bun:test'
import { createAccount, issueApiKey } from '@lv/accounts'
import { DAY, MINUTE } from '@lv/clock'
import { monthOf } from '@lv/quota'
import { silentLogger } from '@lv/logger'
import { listAccountKeys } from '../store/keys.ts'
import { harnessPerFile } from '../test-support/harness.ts'
import { ACTION_KEY_RETENTION_MS, issueActionKey, sweepActionKeys } from './action-keys.ts'
import { type GatewayFetch, createGatewayClient } from './gateway-client.ts'
import { readUsageAsAccount } from './usage-client.ts'

const h = harnessPerFile()

const clientWith = (fetch: GatewayFetch) =>
	createGatewayClient({ sql: h.db.sql, clock: h.clock, logger: silentLogger, apiBaseUrl: 'http://api.localhost/', fetch, timeoutMs: 5000 })

type KeyRow = { id: string; label: string; last_used_at: Date | null; revoked_at: Date | null }
const keysOf = (accountId: string) =>
	h.db.sql<KeyRow[]>`SELECT id, label, last_used_at, revoked_at FROM api_keys WHERE account_id = ${accountId}`

describe('gateway calls as the signed-in account', () => {
	test('the gateway admits the call with a key of the account, which is revoked after the answer and never listed', async () => {
		const { id: accountId } = await createAccount(h.db.sql, h.clock, { name: 'caller', plan: 'starter' })
		const seen: string[] = []
		const client = clientWith(async (request) => {
			seen.push(request.url)
			return h.gateway.handle(request)
		})
		const answer = await client.callAs(accountId, 'export', 'GET', '/v1/jurisdictions/UKGC')
		expect(answer.ok).toBe(true)
		if (answer.ok) expect(await answer.response.json()).toMatchObject({ code: 'UKGC' })
		expect(seen).toEqual(['http://api.localhost/v1/jurisdictions/UKGC'])
		const [key] = await keysOf(accountId)
		expect(key?.label).toBe('dashboard: export')
		expect(key?.last_used_at?.toISOString()).toBe(h.clock.now().toISOString())
		expect(key?.revoked_at).not.toBeNull()
		expect(await listAccountKeys(h.db.sql, accountId)).toEqual([])
	})

	test("a refusal comes back as the gateway's code, reason and message", async () => {
		const { id: accountId } = await createAccount(h.db.sql, h.clock, { name: 'refused', plan: 'starter' })
		const answer = await clientWith((request) => h.gateway.handle(request)).callAs(accountId, 'export', 'GET', '/v1/jurisdictions/ZZZZ')
		expect(answer).toEqual({
			ok: false,
			problem: { status: 404, message: expect.any(String), code: 'not_found', reason: 'jurisdiction_not_found', resetAt: null }
		})
		expect((await keysOf(accountId)).every((key) => key.revoked_at !== null)).toBe(true)
	})

	test('an unreachable gateway is a problem to show, and the key is revoked all the same', async () => {
		const { id: accountId } = await createAccount(h.db.sql, h.clock, { name: 'offline', plan: 'starter' })
		const answer = await clientWith(() => fetch('http://127.0.0.1:1/v1/health')).callAs(
			accountId,
			'webhook_test',
			'POST',
			'/v1/webhooks/x/test'
		)
		expect(answer).toMatchObject({ ok: false, problem: { status: null, message: 'The API could not be reached. Try again in a moment.' } })
		const keys = await keysOf(accountId)
		expect(keys).toHaveLength(1)
		expect(keys[0]?.revoked_at).not.toBeNull()
	})

	test('calls sweep lost action keys at most once a minute, so a key of a call that died waits for the first call a minute after the last sweep', async () => {
		const { id: accountId } = await createAccount(h.db.sql, h.clock, { name: 'sweep-interval', plan: 'starter' })
		const client = clientWith((request) => h.gateway.handle(request))
		const call = () => client.callAs(accountId, 'export', 'GET', '/v1/jurisdictions/UKGC')
		const lost = await issueActionKey(h.db.sql, h.clock, accountId, 'export')
		const lostRevoked = async () => (await keysOf(accountId)).find((key) => key.id === lost.id)?.revoked_at != null
		h.clock.advance(14 * MINUTE)
		await call() // sweeps: the lost key is 14 minutes old, within its 15
		h.clock.advance(2 * MINUTE - 30_000)
		await call() // 90 s after that sweep: sweeps again, and the key is past its 15 minutes
		expect(await lostRevoked()).toBe(true)
		const second = await issueActionKey(h.db.sql, h.clock, accountId, 'export')
		const secondRevoked = async () => (await keysOf(accountId)).find((key) => key.id === second.id)?.revoked_at != null
		h.clock.advance(14 * MINUTE + 45_000)
		await call() // sweeps: 14¾ minutes old
		h.clock.advance(30_000)
		await call() // 30 s after the last sweep: no sweep, though the key is now 15¼ minutes old
		expect(await secondRevoked()).toBe(false)
		h.clock.advance(45_000)
		await call() // 75 s after the last sweep
		expect(await secondRevoked()).toBe(true)
	})

	test('the sweep revokes action keys whose call never finished and deletes old revoked ones, leaving user keys alone', async () => {
		const { id: accountId } = await createAccount(h.db.sql, h.clock, { name: 'sweep', plan: 'starter' })
		const userKey = await issueApiKey(h.db.sql, h.clock, accountId, 'user key')
		const orphan = await issueActionKey(h.db.sql, h.clock, accountId, 'export')
		h.clock.advance(14 * MINUTE)
		expect(await sweepActionKeys(h.db.sql, h.clock)).toEqual({ revoked: 0, deleted: 0, forgotten: 0 })
		h.clock.advance(2 * MINUTE)
		expect(await sweepActionKeys(h.db.sql, h.clock)).toEqual({ revoked: 1, deleted: 0, forgotten: 0 })
		h.clock.advance(31 * DAY)
		expect((await sweepActionKeys(h.db.sql, h.clock)).deleted).toBeGreaterThanOrEqual(1)
		const left = await keysOf(accountId)
		expect(left.map((key) => key.id)).toEqual([userKey.id])
		expect(left[0]?.revoked_at).toBeNull()
		expect(left.some((key) => key.id === orphan.id)).toBe(false)
	})

	test("an action key's calls keep its action's name in the usage report after the key is deleted, until their usage is no longer kept", async () => {
		const { id: accountId } = await createAccount(h.db.sql, h.clock, { name: 'usage names', plan: 'pro' })
		const client = clientWith((request) => h.gateway.handle(request))
		const month = monthOf(h.clock.nowMs())
		expect((await client.callAs(accountId, 'export', 'GET', '/v1/jurisdictions/UKGC')).ok).toBe(true)
		const [exportKey] = await keysOf(accountId)
		const namesIn = async (asked: string) => {
			const usage = await readUsageAsAccount(client, accountId, asked)
			if (!usage.ok) throw new Error(usage.problem.message)
			return usage.value.months.find((each) => each.month === asked)?.keys.map((key) => `${key.name}: ${key.calls}`)
		}
		expect(await namesIn(month)).toContain('Dashboard: export: 1')
		h.clock.advance(ACTION_KEY_RETENTION_MS + DAY)
		await sweepActionKeys(h.db.sql, h.clock)
		expect((await keysOf(accountId)).some((key) => key.id === exportKey?.id)).toBe(false)
		const names = await namesIn(month)
		expect(names).toContain('Dashboard: export: 1')
		expect(names?.some((name) => name.startsWith('Deleted key'))).toBe(false)
		const lingering = await issueActionKey(h.db.sql, h.clock, accountId, 'bulk_check')
		h.clock.advance(14 * 31 * DAY)
		expect((await sweepActionKeys(h.db.sql, h.clock)).forgotten).toBeGreaterThanOrEqual(1)
		const recorded = async (keyId: string | undefined) =>
			(await h.db.sql`SELECT 1 FROM dashboard_action_keys WHERE key_id = ${keyId ?? null}`).length
		expect(await recorded(exportKey?.id)).toBe(0)
		expect(await recorded(lingering.id)).toBe(1)
		expect(await listAccountKeys(h.db.sql, accountId)).toEqual([])
	})
})
