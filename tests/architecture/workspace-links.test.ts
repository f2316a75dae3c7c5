import { expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

// A fresh `bun install` links a workspace package into node_modules only when the root depends on it,
// so a package missing here resolves on a machine that kept an old link and fails on a clean clone.
test('every workspace package is a dependency of the root package, so a fresh install links it', () => {
	const root = readJson(join(ROOT, 'package.json'))
	const declared = new Set(Object.keys({ ...root.dependencies, ...root.devDependencies }))
	const packages = readdirSync(join(ROOT, 'packages'), { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => readJson(join(ROOT, 'packages', entry.name, 'package.json')).name as string)
	expect(packages.length).toBeGreaterThan(0)
	expect(packages.filter((name) => !declared.has(name))).toEqual([])
})
