import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { createSql } from './connect.ts'

let db: TestDatabase

beforeAll(async () => {
	db = await createTestDatabase()
})

afterAll(async () => {
	await db.drop()
})

const settle = (statement: Promise<unknown>) =>
	statement.then(
		() => 'ok',
		(error: { code?: string }) => `error ${error.code}`
	)

describe('a connection whose server session is killed (postgres.js patched: patches/postgres@3.4.9.patch)', () => {
	test('statements sent right after the reset settle, and the connection answers again', async () => {
		for (let round = 0; round < 3; round++) {
			const sql = createSql(db.url, { max: 1, applicationName: 'reset-victim' })
			try {
				await sql`SELECT 1`
				await db.sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'reset-victim'`
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
