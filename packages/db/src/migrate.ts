import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Sql } from './connect.ts'

export const MIGRATIONS_DIR = join(import.meta.dir, '..', 'migrations')

export type Migration = { version: number; name: string; file: string }

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
	const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort()
	return files.map((file) => ({ version: Number(file.slice(0, 4)), name: file.slice(5, -4), file: join(dir, file) }))
}

const MIGRATION_LOCK = 7_202_611

/**
 * Applies every migration not yet recorded, each in its own transaction, under an advisory
 * lock so concurrent starts wait instead of racing. Safe to run any number of times.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
	const applied: string[] = []
	await sql.begin(async (tx) => {
		await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`
		await tx`CREATE TABLE IF NOT EXISTS schema_migrations (
			version integer PRIMARY KEY,
			name text NOT NULL,
			applied_at timestamptz NOT NULL DEFAULT now()
		)`
		const done = new Set((await tx<{ version: number }[]>`SELECT version FROM schema_migrations`).map((row) => row.version))
		for (const migration of await listMigrations(dir)) {
			if (done.has(migration.version)) continue
			await tx.unsafe(await Bun.file(migration.file).text())
			await tx`INSERT INTO schema_migrations (version, name) VALUES (${migration.version}, ${migration.name})`
			applied.push(`${String(migration.version).padStart(4, '0')}_${migration.name}`)
		}
	})
	return applied
}
