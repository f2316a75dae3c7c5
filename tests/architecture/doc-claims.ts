import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** The documentation a deployer or a contributor acts on; docs/adr/ holds dated records and is left as written. */
export function documentationFiles(root: string): string[] {
	const inDirectory = (directory: string, name: string) =>
		readdirSync(join(root, directory), { withFileTypes: true })
			.filter((entry) => entry.isDirectory() && existsSync(join(root, directory, entry.name, name)))
			.map((entry) => `${directory}/${entry.name}/${name}`)
	const docs = readdirSync(join(root, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`)
	return ['README.md', 'deploy/README.md', ...docs, ...inDirectory('services', 'README.md'), ...inDirectory('packages', 'README.md')]
}

export type Claim = { file: string; line: number; text: string }

function eachLine(file: string, text: string, find: (line: string) => Iterable<string>): Claim[] {
	return text.split('\n').flatMap((line, index) => [...find(line)].map((found) => ({ file, line: index + 1, text: found })))
}

/** Targets of relative Markdown links, without their #fragment. */
export const relativeLinks = (file: string, text: string): Claim[] =>
	eachLine(file, text, function* (line) {
		for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
			const target = (match[1] as string).split('#')[0] as string
			if (target !== '' && !/^[a-z][a-z+.-]*:/.test(target)) yield target
		}
	})

const TOP_LEVEL = /^(services|packages|deploy|docs|scripts|tests|bench)\/[\w./-]*\.[a-z]+$/

/** Quoted paths from the repository root to a file (`services/exporter/src/encode/row-format.ts`). */
export const rootPaths = (file: string, text: string): Claim[] =>
	eachLine(file, text, function* (line) {
		for (const match of line.matchAll(/`([^`\s]+)`/g)) if (TOP_LEVEL.test(match[1] as string)) yield match[1] as string
	})

/** Quoted names in the form of an environment variable (`READER_MAX_FILES`), and every one a quoted command sets (`BENCH_ONLY=1 BENCH_DURATION=5 bun …`). */
export const variableNames = (file: string, text: string): Claim[] =>
	eachLine(file, text, function* (line) {
		for (const span of line.matchAll(/`([^`]+)`/g)) {
			const quoted = span[1] as string
			if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(quoted)) yield quoted
			for (const setting of quoted.matchAll(/(?:^|\s)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)=/g)) yield setting[1] as string
		}
	})

/** Quoted metric names of the project's own series (`gateway_http_requests_total`, `jetstream_consumer_pending_messages`). */
export const metricNames = (file: string, text: string): Claim[] =>
	eachLine(file, text, function* (line) {
		const metric =
			/`((?:gateway|checker|reader|notifier|exporter|dashboard|jetstream)_[a-z0-9_]+_(?:total|seconds|bytes|messages|count|licences|domains|ratio|info|timestamp|age_seconds))(?:\{[^`]*\})?`/g
		for (const match of line.matchAll(metric)) yield match[1] as string
	})

export const resolvesFrom = (root: string, file: string, target: string) => existsSync(join(root, dirname(file), target))

/**
 * Rows of a Markdown table whose last column is headed `default`: the variables the first column names
 * and the default cell, as written.
 */
export function defaultRows(file: string, text: string): { claim: Claim; names: string[]; stated: string }[] {
	const rows: { claim: Claim; names: string[]; stated: string }[] = []
	let underDefaultHeader = false
	text.split('\n').forEach((line, index) => {
		if (!line.startsWith('|')) {
			underDefaultHeader = false
			return
		}
		const cells = line
			.split('|')
			.slice(1, -1)
			.map((cell) => cell.trim())
		if ((cells.at(-1) ?? '').toLowerCase() === 'default') underDefaultHeader = true
		else if (underDefaultHeader && !/^-+$/.test(cells[0] ?? '')) {
			const names = [...(cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] as string)
			rows.push({ claim: { file, line: index + 1, text: line }, names, stated: cells.at(-1) ?? '' })
		}
	})
	return rows
}

/** The literal a default cell starts with: "`30000`", "64", "`true`", "`201326592` (192 MiB)" → the bare value. */
export function statedLiteral(cell: string): string | null {
	const match = /^`([^`]+)`|^([0-9]+|true|false)\b/.exec(cell)
	if (!match) return null
	const literal = (match[1] ?? match[2]) as string
	// a variable named as the fallback, or a value shortened with an ellipsis, is not a literal to compare
	return /^[A-Z][A-Z0-9_]+$/.test(literal) || /\.\.\.|…/.test(literal) ? null : literal
}

/** Names the TypeScript and shell sources declare or read: constants, `env.NAME`, `env['NAME']`, `envPort('NAME'`. */
export function namesInSources(root: string, sources: readonly string[]): Set<string> {
	const names = new Set<string>()
	const declared = /\b(?:const|let|var|function)\s+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g
	const read = /\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)|\benvPort\('([A-Z][A-Z0-9_]+)'|\$\{?([A-Z][A-Z0-9]*_[A-Z0-9_]+)/g
	for (const source of sources) {
		const text = readFileSync(join(root, source), 'utf8')
		for (const match of text.matchAll(declared)) names.add(match[1] as string)
		for (const match of text.matchAll(read)) names.add((match[1] ?? match[2] ?? match[3]) as string)
	}
	return names
}

/**
 * API paths the docs name, with the method written before one (`GET /v1/check`, `/v1/evidence/{id}.pdf`);
 * `listed` when that method ends a list of methods (`POST`/`PATCH /v1/webhooks`), which names the routes below the path.
 */
export const apiPaths = (file: string, text: string): (Claim & { method: string | null; listed: boolean })[] =>
	text.split('\n').flatMap((line, index) =>
		[...line.matchAll(/(?:\b(GET|POST|PATCH|PUT|DELETE) )?(\/v1\/[A-Za-z0-9_/{}.:-]*[A-Za-z0-9_}])/g)].map((match) => ({
			file,
			line: index + 1,
			text: (match[2] as string).replace(/\.pdf$/, ''),
			method: match[1] ?? null,
			listed: /(GET|POST|PATCH|PUT|DELETE)`?(\/| and |, )`?$/.test(line.slice(0, match.index))
		}))
	)

/** `GET /v1/operators/{slug}` → a matcher of the paths it serves (`/v1/operators/acme`). */
export function operationMatcher(operation: string): { method: string; path: string; matches: (path: string) => boolean } {
	const [method, path] = operation.split(' ') as [string, string]
	const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`)
	return { method, path, matches: (candidate) => candidate === path || pattern.test(candidate) }
}
