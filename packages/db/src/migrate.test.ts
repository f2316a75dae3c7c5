import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { listMigrations, migrate } from './migrate.ts'

let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(async () => {
	await db.drop()
})

describe('migrate', () => {
	test('migration files are numbered uniquely', async () => {
		const versions = (await listMigrations()).map((migration) => migration.version)
		expect(new Set(versions).size).toBe(versions.length)
	})

	test('is idempotent: a second and a concurrent run apply nothing', async () => {
		expect(await migrate(db.sql)).toEqual([])
		expect(await Promise.all([migrate(db.sql), migrate(db.sql)])).toEqual([[], []])
		const [row] = await db.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM schema_migrations`
		expect(row?.count).toBe((await listMigrations()).length)
	})
})
