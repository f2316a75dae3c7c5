import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { runRetentionPass } from './retention.ts'
import { admitExport } from './routes/export-limits.ts'
import { type TestAccount, accountWithKey } from './test-support/accounts.ts'

const clock = new TestClock('2026-11-25T12:00:00.000Z')
let db: TestDatabase
let account: TestAccount

beforeAll(async () => {
	db = await createTestDatabase()
	account = await accountWithKey(db.sql, clock, 'pro')
})

afterAll(async () => {
	await db.drop()
})

const exportAt = async (at: string) => {
	const admission = await admitExport(db.sql, {
		accountId: account.accountId,
		keyId: account.keyId,
		limit: null,
		dataset: 'licenses',
		format: 'csv',
		nowMs: Date.parse(at)
	})
	if (!admission.admitted) throw new Error('not admitted')
	return admission.requestId
}
const kept = async (id: string) => (await db.sql`SELECT 1 FROM export_requests WHERE id = ${id}`).length === 1

describe('gateway retention pass', () => {
	test('export requests are kept as long as the usage history (this month and the 13 before) and deleted after', async () => {
		const beforeHistory = await exportAt('2025-09-30T23:59:59.999Z')
		const firstDayKept = await exportAt('2025-10-01T00:00:00.000Z')
		const today = await exportAt(clock.now().toISOString())

		const result = await runRetentionPass(db.sql, clock)

		expect(result.exportRequests).toBe(1)
		expect(await kept(beforeHistory)).toBe(false)
		expect(await kept(firstDayKept)).toBe(true)
		expect(await kept(today)).toBe(true)
		clock.set('2026-12-01T00:00:00.000Z')
		expect((await runRetentionPass(db.sql, clock)).exportRequests).toBe(1)
		expect(await kept(firstDayKept)).toBe(false)
		expect(await kept(today)).toBe(true)
	})
})
