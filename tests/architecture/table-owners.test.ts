import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { type SourceFile, TABLE_OWNERS, crossOwnerUses, tableOwnersMarkdown } from '@lv/db'

const ROOT = join(import.meta.dir, '../..')

/** Production source of every service and package; tests and test support may seed any table. */
function productionSources(): SourceFile[] {
	const files: SourceFile[] = []
	const walk = (dir: string): void => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name)
			if (entry.isDirectory()) {
				if (entry.name !== 'node_modules' && entry.name !== 'test-support' && entry.name !== 'fixtures') walk(path)
			} else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
				files.push({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') })
			}
		}
	}
	for (const top of ['services', 'packages']) {
		for (const entry of readdirSync(join(ROOT, top), { withFileTypes: true })) {
			if (entry.isDirectory() && `${top}/${entry.name}` !== 'packages/testing') walk(join(ROOT, top, entry.name))
		}
	}
	return files
}

describe('one owner per table', () => {
	test('every table the migrations create has an owner, and the map names no other table', () => {
		const migrations = join(ROOT, 'packages/db/migrations')
		const created = readdirSync(migrations)
			.filter((name) => name.endsWith('.sql'))
			.flatMap((name) => [...readFileSync(join(migrations, name), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi)])
			.map((match) => match[1])
		expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(created)].sort() as string[])
	})

	test('no service or package names a table in SQL outside its owner and the owner’s store package', () => {
		const crossings = crossOwnerUses(productionSources(), TABLE_OWNERS).map((crossing) => `${crossing.path}: ${crossing.table}`)
		expect(crossings).toEqual([])
	})

	test('docs/architecture.md carries the map as the code states it', () => {
		expect(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')).toContain(tableOwnersMarkdown())
	})
})
