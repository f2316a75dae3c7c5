import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TObject } from '@sinclair/typebox'
import { CheckerEnv } from '../../services/checker/src/config.ts'
import { DashboardEnv } from '../../services/dashboard/src/config.ts'
import { ExporterEnv } from '../../services/exporter/src/config.ts'
import { GatewayEnv } from '../../services/gateway/src/config.ts'
import { NotifierEnv } from '../../services/notifier/src/config.ts'
import { ReaderEnv } from '../../services/reader/src/config.ts'
import { OPERATIONS } from '../../services/gateway/src/openapi/operations.ts'
import { OUTCOMES } from '../../services/gateway/src/openapi/outcomes.ts'
import {
	apiPaths,
	type Claim,
	defaultRows,
	documentationFiles,
	metricNames,
	namesInSources,
	operationMatcher,
	relativeLinks,
	resolvesFrom,
	rootPaths,
	statedLiteral,
	variableNames
} from './doc-claims.ts'

const ROOT = join(import.meta.dir, '../..')
const SCHEMAS: Record<string, TObject> = {
	checker: CheckerEnv,
	dashboard: DashboardEnv,
	exporter: ExporterEnv,
	gateway: GatewayEnv,
	notifier: NotifierEnv,
	reader: ReaderEnv
}
/** Variables read by software the project runs on rather than by its own code (Bun's proxy settings). */
const THIRD_PARTY_VARIABLES = new Set(['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY'])
/** Paths under /v1 that are no route of the API: the OTLP collector's, and the example of a path no route matches. */
const NOT_API_PATHS = new Set(['/v1/traces', '/v1/operators//licenses'])
/** Dated measurement records: figures and commands as they were on the day, not claims about the tree. */
const DATED_RECORDS = new Set(['docs/performance.md'])

const files = documentationFiles(ROOT)
const textOf = (file: string) => readFileSync(join(ROOT, file), 'utf8')
const claims = <C extends Claim>(find: (file: string, text: string) => C[], skip = new Set<string>()): C[] =>
	files.filter((file) => !skip.has(file)).flatMap((file) => find(file, textOf(file)))
const where = ({ file, line, text }: Claim) => `${file}:${line} ${text}`
const sources = () =>
	Array.from(new Bun.Glob('{services,packages,scripts,bench,tests}/**/*.{ts,sh}').scanSync({ cwd: ROOT })).filter(
		(path) => !path.includes('node_modules/')
	)

const schemaDefaults = new Map<string, Set<string>>()
for (const schema of Object.values(SCHEMAS)) {
	for (const [name, property] of Object.entries(schema.properties)) {
		const defaults = schemaDefaults.get(name) ?? new Set<string>()
		defaults.add(String((property as { default?: unknown }).default))
		schemaDefaults.set(name, defaults)
	}
}

describe('documentation held to the code', () => {
	test('every relative link in README.md, docs/ and the service and package READMEs resolves to a file', () => {
		expect(files.length).toBeGreaterThan(20)
		const broken = claims(relativeLinks).filter((claim) => !resolvesFrom(ROOT, claim.file, claim.text))
		expect(broken.map(where)).toEqual([])
	})

	test('every file path quoted from the repository root exists', () => {
		const missing = claims(rootPaths, DATED_RECORDS).filter((claim) => !existsSync(join(ROOT, claim.text)))
		expect(missing.map(where)).toEqual([])
	})

	test("every environment variable the docs name is a service's config variable or a name the code declares or reads", () => {
		const known = namesInSources(ROOT, sources())
		const unknown = claims(variableNames).filter(
			(claim) => !schemaDefaults.has(claim.text) && !known.has(claim.text) && !THIRD_PARTY_VARIABLES.has(claim.text)
		)
		expect(unknown.map(where)).toEqual([])
	})

	test('every config variable of every service is documented in its README, the root README, deploy/README.md or a doc its README links', () => {
		const undocumented: string[] = []
		for (const [service, schema] of Object.entries(SCHEMAS)) {
			const readme = `services/${service}/README.md`
			const linked = relativeLinks(readme, textOf(readme))
				.filter((claim) => claim.text.endsWith('.md'))
				.map((claim) => join(`services/${service}`, claim.text))
			const places = [readme, 'README.md', 'deploy/README.md', ...linked].map(textOf).join('\n')
			for (const name of Object.keys(schema.properties))
				if (!new RegExp(`\`${name}\``).test(places)) undocumented.push(`${service} ${name}`)
		}
		expect(undocumented).toEqual([])
	})

	test('a default stated in a variable table is the default of the config schema', () => {
		const wrong: string[] = []
		for (const { claim, names, stated } of files.flatMap((file) => defaultRows(file, textOf(file)))) {
			const literal = statedLiteral(stated)
			const defaults = names.length === 1 ? schemaDefaults.get(names[0] as string) : undefined
			if (literal === null || defaults === undefined || defaults.has('undefined') || defaults.has('')) continue
			if (!defaults.has(literal)) wrong.push(`${where(claim)} (schema: ${[...defaults].join(' / ')})`)
		}
		expect(wrong).toEqual([])
	})

	test('every metric the docs name is a series the code registers', () => {
		const code = sources()
			.filter((path) => !path.endsWith('.test.ts'))
			.map((path) => readFileSync(join(ROOT, path), 'utf8'))
			.join('\n')
		const unregistered = claims(metricNames, DATED_RECORDS).filter((claim) => !code.includes(`'${claim.text}'`))
		expect(unregistered.map(where)).toEqual([])
	})

	test('every API path the docs name is a route of the gateway (or the start of one), under a method that route takes', () => {
		const operations = Object.keys(OPERATIONS).map(operationMatcher)
		expect(operations.length).toBeGreaterThan(30)
		const wrong = claims(apiPaths, DATED_RECORDS).filter((claim) => {
			if (NOT_API_PATHS.has(claim.text)) return false
			const routes = operations.filter((operation) => operation.matches(claim.text))
			if (routes.length === 0) return !operations.some((operation) => operation.path.startsWith(`${claim.text}/`))
			// `POST`/`PATCH /v1/webhooks` names the collection's routes: a method of one of the routes below it will do
			const under = claim.listed ? operations.filter((operation) => operation.path.startsWith(`${claim.text}/`)) : []
			return claim.method !== null && ![...routes, ...under].some((operation) => operation.method === claim.method)
		})
		expect(wrong.map(where)).toEqual([])
	})

	test("every row of docs/errors.md's main table has the status and code the gateway answers with that reason", () => {
		const answered = new Map<string, Set<string>>()
		for (const outcome of Object.values(OUTCOMES)) {
			const body = outcome.value as { code?: string; details?: { reason?: string } }
			const reason = body.details?.reason
			if (reason) answered.set(reason, (answered.get(reason) ?? new Set()).add(`${outcome.status} ${body.code}`))
		}
		const wrong: string[] = []
		textOf('docs/errors.md')
			.split('\n')
			.forEach((line, index) => {
				const row = /^\| (\d{3}) \| `([a-z_]+)` \| ([^|]+)\|/.exec(line)
				if (!row) return
				for (const reason of (row[3] as string).matchAll(/`([a-z_]+)`/g)) {
					const actual = answered.get(reason[1] as string)
					if (actual && !actual.has(`${row[1]} ${row[2]}`))
						wrong.push(`docs/errors.md:${index + 1} ${reason[1]}: gateway ${[...actual].join(' / ')}`)
				}
			})
		expect(answered.size).toBeGreaterThan(30)
		expect(wrong).toEqual([])
	})
})
