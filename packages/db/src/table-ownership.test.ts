import { describe, expect, test } from 'bun:test'
import { TABLE_OWNERS, tableOwnersMarkdown } from './table-owners.ts'
import { crossOwnerUses, tablesNamedIn } from './table-ownership.ts'

const known = new Set(Object.keys(TABLE_OWNERS))

describe('tablesNamedIn', () => {
	test('finds the tables a query reads, joins, inserts into, updates and deletes from', () => {
		const source = `
			await sql\`SELECT l.id FROM licenses l JOIN operators o ON o.id = l.operator_id\`
			await tx\`INSERT INTO outbox (event_id) VALUES (\${id})\`
			await tx\`UPDATE register_status SET data_version = data_version + 1\`
			await tx\`DELETE FROM export_chunks WHERE file_id = \${id}\``
		expect(tablesNamedIn(source, known)).toEqual(['export_chunks', 'licenses', 'operators', 'outbox', 'register_status'])
	})

	test('finds a counter table handed to @lv/fixed-window by name', () => {
		expect(tablesNamedIn("consumeWithinLimit(sql, { table: 'usage_counters', scope, window, limit })", known)).toEqual(['usage_counters'])
	})

	test('ignores prose, lower-case words and names that are not tables', () => {
		expect(tablesNamedIn('// reads from licenses; the table export_chunks; SELECT 1 FROM jsonb_to_recordset(x)', known)).toEqual([])
	})
})

describe('crossOwnerUses', () => {
	test('a gateway query on the exporter’s export_chunks is a crossing', () => {
		const files = [{ path: 'services/gateway/src/routes/file.ts', text: 'sql`SELECT data FROM export_chunks WHERE file_id = 1`' }]
		expect(crossOwnerUses(files, TABLE_OWNERS)).toEqual([
			{ path: 'services/gateway/src/routes/file.ts', table: 'export_chunks', owner: 'services/exporter' }
		])
	})

	test('the owner and the store package it publishes may both name the table', () => {
		const text = 'sql`SELECT data FROM export_chunks WHERE file_id = 1`'
		const files = [
			{ path: 'services/exporter/src/cache-store.ts', text },
			{ path: 'packages/export-store/src/chunks.ts', text }
		]
		expect(crossOwnerUses(files, TABLE_OWNERS)).toEqual([])
	})
})

test('the Markdown map has one row per table', () => {
	const rows = tableOwnersMarkdown().split('\n').slice(2)
	expect(rows).toHaveLength(known.size)
	expect(rows[0]).toBe(
		'| `jurisdictions` | `services/reader` | `services/gateway`, `services/checker`, `services/exporter`, `services/notifier` | `packages/register-store` | a covered regulator: name, website, currency, licence types |'
	)
})
