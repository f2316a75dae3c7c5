import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { type SourceFile, TABLE_OWNERS, type TableOwner, crossOwnerUses, moduleOf, tableOwnersMarkdown } from '@lv/db'

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

/** The package other code reaches a table through: the owner's store package, or the owner when it is a package. */
const accessPackage = (entry: TableOwner): string | undefined =>
	entry.store ?? (entry.owner.startsWith('packages/') ? entry.owner : undefined)

/** Each module's workspace imports (`@lv/name` ↔ `packages/name`). */
function importsByModule(files: readonly SourceFile[]): Map<string, Set<string>> {
	const imports = new Map<string, Set<string>>()
	for (const file of files) {
		const module = moduleOf(file.path)
		const found = imports.get(module) ?? new Set<string>()
		for (const match of file.text.matchAll(/from '@lv\/([a-z0-9-]+)'/g)) found.add(`packages/${match[1]}`)
		imports.set(module, found)
	}
	return imports
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

	test('each reader the map names imports the package it reads through, and every importer of a store package is named', () => {
		const imports = importsByModule(productionSources())
		const missing: string[] = []
		const named = new Map<string, Set<string>>()
		for (const [table, entry] of Object.entries(TABLE_OWNERS)) {
			const through = accessPackage(entry)
			for (const reader of entry.readBy ?? []) {
				if (through === undefined || !imports.get(reader)?.has(through))
					missing.push(`${reader} reads ${table} without importing ${through}`)
				if (through !== undefined) named.set(through, (named.get(through) ?? new Set()).add(reader))
			}
		}
		const stores = new Set(Object.values(TABLE_OWNERS).flatMap((entry) => entry.store ?? []))
		const unnamed = [...imports].flatMap(([module, used]) =>
			[...stores]
				.filter((store) => used.has(store) && module !== store && !named.get(store)?.has(module))
				.map((store) => `${module} imports ${store}`)
		)
		expect({ missing, unnamed }).toEqual({ missing: [], unnamed: [] })
	})

	test('docs/architecture.md carries the map as the code states it', () => {
		expect(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')).toContain(tableOwnersMarkdown())
	})

	test('docs/architecture.md "Retention" states the retention of every table of the map', () => {
		const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
		const section = doc.slice(doc.indexOf('### Retention'), doc.indexOf('\n## ', doc.indexOf('### Retention')))
		const named = new Set(
			section
				.split('\n')
				.filter((line) => line.startsWith('| `'))
				.flatMap((line) => [...(line.split(' | ')[0] ?? '').matchAll(/`([a-z_]+)`/g)].map((match) => match[1]))
		)
		expect(Object.keys(TABLE_OWNERS).filter((table) => !named.has(table))).toEqual([])
	})
})
