import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { REPO_ROOT } from '@lv/testing'
import { DATASETS } from './index.ts'

const doc = await Bun.file(join(REPO_ROOT, 'docs/export.md')).text()

/** The column names of the first table under `### <dataset>` in docs/export.md, in order. */
function documentedColumns(dataset: string): string[] {
	const section = doc.split(/\n### /).find((part) => part.startsWith(`${dataset} `) || part.startsWith(`${dataset}\n`))
	if (!section) return []
	return [...section.matchAll(/^\| `([a-z0-9_]+)` \|/gm)].map((match) => match[1] ?? '')
}

describe('docs/export.md', () => {
	for (const [dataset, definition] of Object.entries(DATASETS)) {
		test(`lists every ${dataset} column in the order the files carry them`, () => {
			expect(documentedColumns(dataset)).toEqual(definition.columns.map((column) => column.name))
		})
	}
})
