import { describe, expect, test } from 'bun:test'
import { listMigrations, migrate } from './migrate.ts'
import { databasePerFile } from '@lv/testing/per-file'

const env = databasePerFile()
describe('migrate', () => {
	test('migration files are numbered uniquely', async () => {
		const versions = (await listMigrations()).map((migration) => migration.version)
		expect(new Set(versions).size).toBe(versions.length)
	})

	test('is idempotent: a second and a concurrent run apply nothing', async () => {
		expect(await migrate(env.db.sql)).toEqual([])
		expect(await Promise.all([migrate(env.db.sql), migrate(env.db.sql)])).toEqual([[], []])
		const [row] = await env.db.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM schema_migrations`
		expect(row?.count).toBe((await listMigrations()).length)
	})
})
