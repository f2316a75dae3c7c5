import { describe, expect, test } from 'bun:test'
import { revokeApiKey } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { createSql } from '@lv/db'
import { waitFor } from '@lv/testing'
import { accountWithKey, insertPlan } from '../test-support/accounts.ts'
import { KEY_CHANGES_CHANNEL, parseKeyChange } from './key-changes.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
const clock = new TestClock('2026-11-12T09:00:00.000Z')

describe('api key change notifications (migration 0031)', () => {
	test('revocation, key deletion, plan and plan status changes and plan rows notify; last use, labels and other columns do not', async () => {
		await insertPlan(env.db.sql, { code: 'notify_plan', monthly_quota: 10 })
		const account = await accountWithKey(env.db.sql, clock, 'pro')
		const other = await accountWithKey(env.db.sql, clock, 'pro')
		const listener = createSql(env.db.url, { max: 1 })
		const received: string[] = []
		try {
			await listener.listen(KEY_CHANGES_CHANNEL, (payload) => received.push(payload))
			await env.db.sql`UPDATE api_keys SET last_used_at = now(), label = 'renamed' WHERE id = ${account.keyId}`
			await env.db.sql`UPDATE accounts SET name = 'renamed', plan_code = plan_code WHERE id = ${account.accountId}`
			await env.db.sql`UPDATE plans SET name = name WHERE code = 'notify_plan'`
			await revokeApiKey(env.db.sql, clock, account.accountId, account.keyId)
			await env.db.sql`UPDATE accounts SET plan_code = 'notify_plan' WHERE id = ${account.accountId}`
			await env.db.sql`UPDATE accounts SET plan_status = 'canceled' WHERE id = ${other.accountId}`
			await env.db.sql`UPDATE plans SET monthly_quota = 20 WHERE code = 'notify_plan'`
			await env.db.sql`DELETE FROM api_keys WHERE id = ${other.keyId}`
			const expected = [`k:${account.keyId}`, `a:${account.accountId}`, `a:${other.accountId}`, 'p:notify_plan', `k:${other.keyId}`]
			await waitFor(() => received.length >= expected.length, { what: 'five notifications' })
			expect(received).toEqual(expected)
		} finally {
			await listener.end({ timeout: 1 })
		}
	})

	test('payloads name a key, an account or a plan; anything else is not understood', () => {
		expect(parseKeyChange('k:3f0a')).toEqual({ kind: 'key', keyId: '3f0a' })
		expect(parseKeyChange('a:77')).toEqual({ kind: 'account', accountId: '77' })
		expect(parseKeyChange('p:pro')).toEqual({ kind: 'plan', code: 'pro' })
		expect(parseKeyChange('k:')).toBeNull()
		expect(parseKeyChange('x:1')).toBeNull()
	})
})
