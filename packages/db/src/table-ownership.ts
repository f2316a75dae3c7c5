import type { TableOwner } from './table-owners.ts'

/** A table named after an SQL keyword, or handed to @lv/fixed-window as `table: '…'`. */
const TABLE_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\s+(?:ONLY\s+)?([a-z_][a-z0-9_]*)\b|\btable:\s*'([a-z_][a-z0-9_]*)'/g

/** The known tables a source file names in SQL (keywords upper case, as every query here writes them). */
export function tablesNamedIn(source: string, known: ReadonlySet<string>): string[] {
	const named = new Set<string>()
	for (const match of source.matchAll(TABLE_REFERENCE)) {
		const table = match[1] ?? match[2]
		if (table !== undefined && known.has(table)) named.add(table)
	}
	return [...named].sort()
}

export type SourceFile = { path: string; text: string }
export type Crossing = { path: string; table: string; owner: string }

/** `services/gateway/src/x.ts` → `services/gateway`. */
export const moduleOf = (path: string): string => path.split('/').slice(0, 2).join('/')

/** Every place a file names a table that neither its owner's directory nor the owner's store package holds. */
export function crossOwnerUses(files: readonly SourceFile[], owners: Readonly<Record<string, TableOwner>>): Crossing[] {
	const known = new Set(Object.keys(owners))
	const crossings: Crossing[] = []
	for (const file of files) {
		const module = moduleOf(file.path)
		for (const table of tablesNamedIn(file.text, known)) {
			const entry = owners[table] as TableOwner
			if (module !== entry.owner && module !== entry.store) crossings.push({ path: file.path, table, owner: entry.owner })
		}
	}
	return crossings
}
