import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { evidenceKeyring, generateEvidenceKey } from '@lv/evidence'
import { type TestAccount, accountWithKey } from '../test-support/accounts.ts'
import { issueEvidence } from './issue.ts'
import { purgeExpiredEvidence } from './purge.ts'
import { EVIDENCE_RETENTION_DAYS, findEvidence } from './records.ts'
import { databasePerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const RETENTION_MS = EVIDENCE_RETENTION_DAYS * 86_400_000
const env = databasePerFile()
let account: TestAccount

beforeAll(async () => {
	account = await accountWithKey(env.db.sql, clock, 'enterprise')
})

const issue = async () => {
	const keyring = await evidenceKeyring(await generateEvidenceKey('2026-11'))
	const deps = { sql: env.db.sql, clock, keyring, publicBaseUrl: 'http://api.localhost' }
	return issueEvidence(deps, { accountId: account.accountId, keyring }, 'check', [], [])
}
const recordCount = async () => (await env.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM evidence_records`)[0]?.n

describe('evidence retention purge', () => {
	test('a record is kept until the instant its five years end, then deleted; a later record stays', async () => {
		const start = clock.nowMs()
		const first = await issue()
		clock.advanceDays(1)
		const second = await issue()

		clock.set(start + RETENTION_MS - 1)
		expect(await purgeExpiredEvidence(env.db.sql, clock.now())).toBe(0)
		expect(await findEvidence(env.db.sql, account.accountId, first.id, clock.now())).not.toBeNull()

		clock.set(start + RETENTION_MS)
		expect(await findEvidence(env.db.sql, account.accountId, first.id, clock.now())).toBeNull()
		expect(await purgeExpiredEvidence(env.db.sql, clock.now())).toBe(1)
		expect(await env.db.sql`SELECT id FROM evidence_records WHERE id = ${first.id}`).toHaveLength(0)
		expect(await findEvidence(env.db.sql, account.accountId, second.id, clock.now())).not.toBeNull()

		clock.advanceDays(1)
		expect(await purgeExpiredEvidence(env.db.sql, clock.now())).toBe(1)
		expect(await recordCount()).toBe(0)
	})

	test('a backlog larger than one batch is purged in one pass', async () => {
		const expired = new Date(clock.nowMs() - 1)
		await env.db.sql`
			INSERT INTO evidence_records (id, account_id, kind, kid, jws, snapshot_sha256s, created_at, expires_at)
			SELECT 'ev_' || lpad(n::text, 26, '0'), ${account.accountId}, 'check', '2026-11', 'x.y.z', '{}', ${expired}, ${expired}
			FROM generate_series(1, 2500) AS n`
		expect(await purgeExpiredEvidence(env.db.sql, clock.now())).toBe(2500)
		expect(await recordCount()).toBe(0)
	})
})
