import { describe, expect, test } from 'bun:test'
import { createAccount } from '@lv/accounts'
import { TestClock } from '@lv/clock'
import { AppError, serviceUnavailable } from '@lv/errors'
import { silentLogger } from '@lv/logger'
import { readUsage } from '@lv/quota'
import { createUsageRecorder } from './usage-recorder.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
const clock = new TestClock('2026-11-20T09:00:00.000Z')
const KEY_ID = '00000000-0000-4000-8000-0000000000b1'

const recorded = (accountId: string) => readUsage(env.db.sql, accountId, '2026-11-01', '2026-12-01')

describe('the usage recorder', () => {
	test('a write that fails keeps its counts, and the next write stores them with the ones counted meanwhile', async () => {
		const recorder = createUsageRecorder(env.db.sql, clock, silentLogger)
		const accountId = crypto.randomUUID()
		// The account row does not exist yet: the write fails on its foreign key.
		recorder.noteCall({ accountId, keyId: KEY_ID }, clock.nowMs())
		await recorder.flush()
		expect(await recorded(accountId)).toEqual([])

		await env.db.sql`INSERT INTO accounts (id, name, plan_code, created_at) VALUES (${accountId}, 'late', 'pro', ${clock.now()})`
		recorder.noteCall({ accountId, keyId: KEY_ID }, clock.nowMs())
		await recorder.flush()
		expect(await recorded(accountId)).toEqual([{ accountId, keyId: KEY_ID, day: '2026-11-20', outcome: 'call', count: 2 }])
	})

	test('refusals are recorded by reason; a store failure (5xx) is not the account’s and is left out', async () => {
		const recorder = createUsageRecorder(env.db.sql, clock, silentLogger)
		const { id: accountId } = await createAccount(env.db.sql, clock, { name: 'refused', plan: 'pro' })
		const key = { accountId, keyId: KEY_ID }
		recorder.noteRefusal(
			key,
			new AppError({ status: 401, code: 'auth_revoked', reason: 'api_key_revoked', message: 'revoked' }),
			clock.nowMs()
		)
		recorder.noteRefusal(key, serviceUnavailable('limits_store_unavailable', 'down'), clock.nowMs())
		recorder.noteRefusal(key, new Error('not an answer'), clock.nowMs())
		await recorder.flush()
		expect(await recorded(accountId)).toEqual([{ accountId, keyId: KEY_ID, day: '2026-11-20', outcome: 'api_key_revoked', count: 1 }])
	})
})

describe('usage retention', () => {
	test('the first write of a UTC day deletes the rows older than the retention, once a day', async () => {
		const pruneClock = new TestClock('2026-11-30T23:59:00.000Z')
		const recorder = createUsageRecorder(env.db.sql, pruneClock, silentLogger)
		const { id: accountId } = await createAccount(env.db.sql, pruneClock, { name: 'old usage', plan: 'pro' })
		const key = { accountId, keyId: KEY_ID }
		const all = () => readUsage(env.db.sql, accountId, '2020-01-01', '2030-01-01')
		const days = async () => (await all()).map((row) => row.day)
		for (const day of ['2025-09-30', '2025-10-01', '2025-10-31', '2025-11-01']) recorder.noteCall(key, Date.parse(`${day}T12:00:00Z`))
		await recorder.flush()
		// The first write of 30 November kept everything from 1 October 2025 (the month before 2025-11, the oldest served).
		expect(await days()).toEqual(['2025-10-01', '2025-10-31', '2025-11-01'])

		pruneClock.set('2026-12-01T00:00:00.000Z')
		recorder.noteCall(key, pruneClock.nowMs())
		await recorder.flush()
		expect(await days()).toEqual(['2025-11-01', '2026-12-01'])

		// Later writes the same day do not prune again: an old row written now stays until tomorrow.
		recorder.noteCall(key, Date.parse('2025-09-01T12:00:00Z'))
		await recorder.flush()
		expect(await days()).toEqual(['2025-09-01', '2025-11-01', '2026-12-01'])
		pruneClock.set('2026-12-02T00:00:01.000Z')
		await recorder.flush()
		expect(await days()).toEqual(['2025-11-01', '2026-12-01'])
	})
})
