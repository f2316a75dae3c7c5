import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { acknowledgeKeys } from '@lv/accounts'
import { REPO_ROOT } from '@lv/testing'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
function ops(...args: string[]) {
	const run = Bun.spawnSync(['bun', join(REPO_ROOT, 'scripts/ops.ts'), ...args], {
		env: { ...process.env, DATABASE_URL: env.db.url },
		stdout: 'pipe',
		stderr: 'pipe'
	})
	const lines = run.stdout.toString().trim().split('\n').filter(Boolean)
	return { exitCode: run.exitCode, rows: lines.map((line) => JSON.parse(line) as Record<string, unknown>), stderr: run.stderr.toString() }
}

describe('ops command', () => {
	test('creates an account on a plan, issues, lists and revokes keys; only the hash is stored', async () => {
		const created = ops('create-account', '--name', 'Ops Test', '--plan', 'pro')
		expect(created.exitCode).toBe(0)
		const accountId = String(created.rows[0]?.account_id)
		const issued = ops('issue-key', '--account', accountId, '--label', 'ci')
		const key = String(issued.rows[0]?.key)
		expect(key).toMatch(/^lvk_[A-Za-z0-9]{32}$/)
		const stored = await env.db.sql`SELECT key_hash FROM api_keys WHERE account_id = ${accountId}`
		expect(Buffer.from(stored[0]?.key_hash as Uint8Array).toString('hex')).toBe(new Bun.CryptoHasher('sha256').update(key).digest('hex'))
		const listed = ops('list-keys', '--account', accountId)
		expect(listed.rows).toEqual([expect.objectContaining({ key_id: issued.rows[0]?.key_id, label: 'ci', revoked_at: null })])
		expect(JSON.stringify(listed.rows)).not.toContain(key)
		expect(ops('revoke-key', '--account', accountId, '--key', String(issued.rows[0]?.key_id)).exitCode).toBe(0)
		expect(ops('list-keys', '--account', accountId).rows[0]?.revoked_at).not.toBeNull()
		expect(ops('revoke-key', '--account', accountId, '--key', String(issued.rows[0]?.key_id)).exitCode).toBe(2)
	})

	test('await-key-changes returns once every gateway replica applied a change written by hand: a replica whose lease ran out is counted out and fenced', async () => {
		const created = ops('create-account', '--name', 'Hand Written', '--plan', 'pro')
		const accountId = String(created.rows[0]?.account_id)
		const [before] = await env.db.sql<{ revision: string }[]>`SELECT revision::text AS revision FROM key_revision`
		// A replica that acknowledged everything so far and has not been heard from for longer than its lease.
		await acknowledgeKeys(env.db.sql, {
			replicaId: 'silent-replica',
			revision: Number(before?.revision),
			readAtMs: Date.now() - 10_000,
			leaseMs: 2_000
		})
		await env.db.sql`UPDATE accounts SET plan_code = 'business' WHERE id = ${accountId}`
		const applied = ops('await-key-changes')
		expect(applied.exitCode).toBe(0)
		const revision = Number(before?.revision) + 1
		expect(applied.rows).toEqual([{ applied: true, revision }])
		const [replica] = await env.db.sql<
			{ fenced: string }[]
		>`SELECT fenced_revision::text AS fenced FROM key_lease_replicas WHERE replica_id = 'silent-replica'`
		expect(Number(replica?.fenced)).toBe(revision)
	})

	test('an unknown plan is refused with the list of plans', () => {
		const refused = ops('create-account', '--name', 'X', '--plan', 'gold')
		expect(refused.exitCode).toBe(2)
		expect(refused.stderr).toContain('starter')
	})
})
