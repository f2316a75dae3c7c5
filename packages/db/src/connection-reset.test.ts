import { describe, expect, test } from 'bun:test'
import { createSql } from './connect.ts'
import { openStatementConnection } from './statement-runner.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()

const settle = (statement: Promise<unknown>) =>
	statement.then(
		() => 'ok',
		(error: { code?: string }) => `error ${error.code}`
	)

describe('a connection whose server session is killed (postgres.js patched: patches/postgres@3.4.9.patch)', () => {
	test('statements sent right after the reset settle, and the connection answers again', async () => {
		for (let round = 0; round < 3; round++) {
			const sql = createSql(env.db.url, { max: 1, applicationName: 'reset-victim' })
			try {
				await sql`SELECT 1`
				await env.db.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'reset-victim'`
				// Unpatched, the second of these stayed pending for good (bench/postgres-reset.ts), and the test timed out.
				const outcomes = [await settle(sql`SELECT 1`), await settle(sql`SELECT 1`)]
				for (const outcome of outcomes) expect(outcome).toMatch(/^(ok|error \w+)$/)
				let answered = false
				for (let attempt = 0; attempt < 5 && !answered; attempt++) answered = (await settle(sql`SELECT 1`)) === 'ok'
				expect(answered).toBe(true)
			} finally {
				await sql.end({ timeout: 1 }).catch(() => {})
			}
		}
	})
})

describe("a statement connection on Bun's client", () => {
	test('runs statements with array parameters; integers come back as numbers, integer arrays as typed arrays', async () => {
		const connection = openStatementConnection(env.db.url, { applicationName: 'statement-runner-test' })
		try {
			const rows = await connection.run<{ id: string; n: number; positions: ArrayLike<number> }>(
				'SELECT c.id, c.n, array_agg(c.position::int) OVER () AS positions FROM unnest($1::uuid[], $2::int[]) WITH ORDINALITY AS c(id, n, position)',
				[
					['9f0e0000-0000-4000-8000-000000000001', '9f0e0000-0000-4000-8000-000000000002'],
					[3, 4]
				]
			)
			expect(rows.map((row) => ({ ...row, positions: Array.from(row.positions) }))).toEqual([
				{ id: '9f0e0000-0000-4000-8000-000000000001', n: 3, positions: [1, 2] },
				{ id: '9f0e0000-0000-4000-8000-000000000002', n: 4, positions: [1, 2] }
			])
		} finally {
			await connection.close()
		}
	})

	test('when its server session is killed, statements sent right after settle, and the connection answers again', async () => {
		for (let round = 0; round < 3; round++) {
			const connection = openStatementConnection(env.db.url, { applicationName: 'statement-reset-victim' })
			try {
				await connection.run('SELECT 1', [])
				await env.db.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'statement-reset-victim'`
				const outcomes = [await settle(connection.run('SELECT 1', [])), await settle(connection.run('SELECT 1', []))]
				for (const outcome of outcomes) expect(outcome).toMatch(/^(ok|error \w+)$/)
				let answered = false
				for (let attempt = 0; attempt < 5 && !answered; attempt++) answered = (await settle(connection.run('SELECT 1', []))) === 'ok'
				expect(answered).toBe(true)
			} finally {
				await connection.close().catch(() => {})
			}
		}
	})
})
