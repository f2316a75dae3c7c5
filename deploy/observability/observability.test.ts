import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Glob } from 'bun'
import type { Bus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { EXPORTER_REGISTRY_CONSUMER } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { createServiceMetrics, seriesNames, watchConsumerLag, watchReadiness } from '@lv/runtime'
import { REPO_ROOT, findBinary } from '@lv/testing'
import { AnswerMemo } from '@lv/verdict'
import { createCheckerMetrics } from '../../services/checker/src/metrics.ts'
import { createDashboardMetrics } from '../../services/dashboard/src/metrics.ts'
import { createExporterMetrics } from '../../services/exporter/src/metrics.ts'
import { KeyCache } from '../../services/gateway/src/auth/key-cache.ts'
import { createGatewayMetrics } from '../../services/gateway/src/metrics.ts'
import { createNotifierMetrics } from '../../services/notifier/src/metrics.ts'
import { createReaderMetrics } from '../../services/reader/src/metrics.ts'
import { EXPORTER_SERIES_LABELS } from './exporter-series.ts'

const DIR = import.meta.dir
const promtool = findBinary(['promtool', '/usr/bin/promtool'])

/** Metrics registered but never collected here: nothing touches the database or the bus. */
const unused = { sql: {} as Sql, bus: {} as Bus, clock: new TestClock() }

/** The six services' registries, with every series they register at start (process metrics included). */
function serviceRegistries(): Map<string, ReturnType<typeof createServiceMetrics>> {
	const gateway = createServiceMetrics('gateway', true)
	const gatewayMetrics = createGatewayMetrics(gateway)
	gatewayMetrics.watchKeyCache(new KeyCache(async () => null))
	gatewayMetrics.watchHeldAnswers({ served: 0, confirmed: 0 })
	const checker = createServiceMetrics('checker', true)
	createCheckerMetrics(checker).watchMemo(new AnswerMemo(1))
	const reader = createServiceMetrics('reader', true)
	createReaderMetrics(reader, { ...unused, jurisdictions: [] })
	const notifier = createServiceMetrics('notifier', true)
	createNotifierMetrics(notifier, unused)
	const exporter = createServiceMetrics('exporter', true)
	createExporterMetrics(exporter)
	watchConsumerLag(exporter.registry, unused.bus, [EXPORTER_REGISTRY_CONSUMER])
	const dashboard = createServiceMetrics('dashboard', true)
	createDashboardMetrics(dashboard).watchBulkWorker(() => true)
	const registries = { gateway, checker, reader, notifier, exporter, dashboard }
	// The health server adds `service_ready` to every registry it serves.
	for (const metrics of Object.values(registries)) watchReadiness(metrics.registry, () => true)
	return new Map(Object.entries(registries))
}

/** Every series name the six services register, as they do at start (process metrics included), and the exporters' the rules read. */
function registeredSeries(): Set<string> {
	const names = new Set<string>(['up', ...EXPORTER_SERIES_LABELS.keys()])
	for (const metrics of serviceRegistries().values()) for (const name of seriesNames(metrics.registry)) names.add(name)
	return names
}

const PROMQL_WORDS = new Set([
	'and',
	'or',
	'unless',
	'by',
	'without',
	'on',
	'ignoring',
	'group_left',
	'group_right',
	'bool',
	'offset',
	'inf',
	'nan'
])

/** The metric names a PromQL expression reads: label matchers, grouping labels, ranges, strings and functions left out. */
function metricNamesIn(expr: string): string[] {
	const bare = expr
		.replace(/"(?:[^"\\]|\\.)*"/g, '')
		.replace(/\{[^}]*\}/g, '')
		.replace(/\[[^\]]*\]/g, '')
		.replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
		.replace(/\$__\w+/g, '')
	return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)]
		.filter((match) => match[2] === undefined)
		.map((match) => match[1] as string)
		.filter((word) => !PROMQL_WORDS.has(word.toLowerCase()))
}

/** Labels Prometheus adds to every series of a target (the scrape's job, the target, its pod). */
const TARGET_LABELS = ['job', 'instance', 'pod']

/** The labels each registered series carries: its own, `service`, and `le` on a histogram's buckets. */
function registeredLabels(): Map<string, Set<string>> {
	const labels = new Map<string, Set<string>>([
		['up', new Set(TARGET_LABELS)],
		...[...EXPORTER_SERIES_LABELS].map(([name, own]) => [name, new Set([...own, ...TARGET_LABELS])] as [string, Set<string>])
	])
	for (const metrics of serviceRegistries().values()) {
		for (const metric of metrics.registry.getMetricsAsArray()) {
			const own = [...((metric as unknown as { labelNames?: readonly string[] }).labelNames ?? []), 'service', ...TARGET_LABELS]
			const names = seriesNames({ getMetricsAsArray: () => [metric] } as unknown as Parameters<typeof seriesNames>[0])
			for (const name of names) labels.set(name, new Set([...own, ...(name.endsWith('_bucket') ? ['le'] : [])]))
		}
	}
	return labels
}

/** The labels an expression matches on or groups by that none of the series it reads carries. */
function unknownLabelsIn(expr: string, labels: Map<string, Set<string>>): string[] {
	const unknown = new Set<string>()
	const read = metricNamesIn(expr)
	for (const match of expr.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/g)) {
		const carried = labels.get(match[1] as string) ?? new Set<string>()
		for (const matcher of (match[2] as string).matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g))
			if (!carried.has(matcher[1] as string)) unknown.add(`${match[1]}{${matcher[1]}}`)
	}
	const anyCarried = new Set(read.flatMap((name) => [...(labels.get(name) ?? [])]))
	for (const grouping of expr.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)) {
		for (const label of (grouping[1] as string).split(',').map((name) => name.trim()))
			if (label !== '' && !anyCarried.has(label)) unknown.add(label)
	}
	return [...unknown]
}

type Rule = { alert: string; expr: string; annotations: Record<string, string> }
const rules = (): Rule[] =>
	(Bun.YAML.parse(readFileSync(join(DIR, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules)

describe('alert rules', () => {
	test('promtool accepts the rules file', () => {
		if (!promtool) throw new Error('promtool not found: apt-get install -y prometheus')
		const result = Bun.spawnSync([promtool, 'check', 'rules', join(DIR, 'alerts.yml')])
		expect({ exitCode: result.exitCode, output: `${result.stdout}${result.stderr}` }).toMatchObject({ exitCode: 0 })
	})

	test('every alert fires on the series that should raise it and stays quiet otherwise (promtool test rules)', () => {
		if (!promtool) throw new Error('promtool not found: apt-get install -y prometheus')
		const result = Bun.spawnSync([promtool, 'test', 'rules', 'alerts.test.yml'], { cwd: DIR })
		expect({ exitCode: result.exitCode, output: `${result.stdout}${result.stderr}` }).toMatchObject({ exitCode: 0 })
	})

	test('every alert matches and groups only on labels the series it reads carry', () => {
		const labels = registeredLabels()
		for (const rule of rules())
			expect({ alert: rule.alert, unknown: unknownLabelsIn(rule.expr, labels) }).toEqual({ alert: rule.alert, unknown: [] })
	})

	test('the label check finds a label no series carries, in a matcher and in a grouping', () => {
		const labels = registeredLabels()
		expect(unknownLabelsIn('sum by (reason) (rate(reader_runs_total{outcome="failed"}[5m]))', labels)).toEqual(['reason'])
		expect(unknownLabelsIn('max without (instance) (reader_runs_total{result="failed"})', labels)).toEqual(['reader_runs_total{result}'])
		expect(
			unknownLabelsIn('histogram_quantile(0.99, sum by (le, route) (rate(gateway_http_request_duration_seconds_bucket[5m])))', labels)
		).toEqual([])
	})

	test('every alert reads only series the services register, and links a runbook section that exists', () => {
		const registered = registeredSeries()
		const runbook = readFileSync(join(REPO_ROOT, 'docs/runbook.md'), 'utf8')
		const anchors = new Set(
			[...runbook.matchAll(/^#{2,3} (.+)$/gm)].map((match) =>
				(match[1] as string)
					.toLowerCase()
					.replace(/[^a-z0-9 -]/g, '')
					.replaceAll(' ', '-')
			)
		)
		for (const rule of rules()) {
			expect({ alert: rule.alert, unknown: metricNamesIn(rule.expr).filter((name) => !registered.has(name)) }).toEqual({
				alert: rule.alert,
				unknown: []
			})
			const anchor = rule.annotations.runbook?.split('#')[1]
			expect({ alert: rule.alert, runbook: anchor !== undefined && anchors.has(anchor) }).toEqual({ alert: rule.alert, runbook: true })
		}
	})
})

/** Every word of the product's own source (code, SQL, scripts; tests left out): what a doc may name as existing. */
function productWords(): Set<string> {
	const words = new Set<string>()
	for (const pattern of ['packages/*/src/**/*.ts', 'packages/db/migrations/*.sql', 'services/*/src/**/*.ts', 'scripts/*.ts']) {
		for (const path of new Glob(pattern).scanSync(REPO_ROOT)) {
			if (path.endsWith('.test.ts') || path.includes('test-support')) continue
			for (const word of readFileSync(join(REPO_ROOT, path), 'utf8').match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) words.add(word)
		}
	}
	return words
}

/**
 * What a backticked name of the runbook refers to that does not exist: a series no service registers, an ops
 * command scripts/ops.ts lacks, a file, or a setting, table, column, reason or label value no source names.
 */
function missingInProduct(token: string, registered: Set<string>, words: Set<string>, opsCommands: Set<string>): string | null {
	const ops = token.match(/^npm run ops -- ([a-z-]+)$/)
	if (ops) return opsCommands.has(ops[1] as string) ? null : 'ops command'
	if (/^(deploy|docs|packages|services|scripts)\//.test(token)) return existsSync(join(REPO_ROOT, token)) ? null : 'file'
	const name = token.replace(/\{.*\}$/, '').replace(/=.*$/, '')
	if (/^\/[a-z]+$/.test(name)) return words.has(name.slice(1)) ? null : 'path'
	if (!/^[A-Za-z_][A-Za-z0-9_.*]*$/.test(name) || !name.includes('_')) return null
	if (registered.has(name) || registered.has(`${name}_bucket`)) return null
	if (
		/^(gateway|checker|reader|notifier|exporter|dashboard|jetstream|process|nodejs)_[a-z0-9_]+_(total|seconds|bytes|messages|runs|deliveries|domains|licences|records)$/.test(
			name
		)
	)
		return 'series'
	const parts = name.replace(/^_meta\./, '').split('.')
	const missing = parts.filter((part) =>
		part.endsWith('*') ? ![...words].some((word) => word.startsWith(part.slice(0, -1))) : !words.has(part)
	)
	return missing.length === 0 ? null : 'name'
}

describe("each service's README", () => {
	test('names every series the service defines itself (process metrics and consumer lag are shared)', () => {
		for (const [service, metrics] of serviceRegistries()) {
			const readme = readFileSync(join(REPO_ROOT, 'services', service, 'README.md'), 'utf8')
			const own = metrics.registry
				.getMetricsAsArray()
				.map((metric) => metric.name)
				.filter((name) => !/^(process|nodejs|jetstream)_/.test(name) && name !== 'service_ready')
			expect(own.length).toBeGreaterThan(0)
			expect({ service, unnamed: own.filter((name) => !readme.includes(`\`${name}`)) }).toEqual({ service, unnamed: [] })
		}
	})
})

describe('runbook', () => {
	test('names only series, ops commands, files, settings, tables and reasons that exist', () => {
		const registered = registeredSeries()
		const words = productWords()
		const opsCommands = new Set(
			[...readFileSync(join(REPO_ROOT, 'scripts/ops.ts'), 'utf8').matchAll(/case '([a-z-]+)'/g)].map((match) => match[1] as string)
		)
		const tokens = [...readFileSync(join(REPO_ROOT, 'docs/runbook.md'), 'utf8').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string)
		expect(tokens.length).toBeGreaterThan(40)
		const missing = tokens.flatMap((token) => {
			const kind = missingInProduct(token, registered, words, opsCommands)
			return kind ? [{ token, kind }] : []
		})
		expect(missing).toEqual([])
	})

	test('the name check refuses a series, a command, a file and a reason that do not exist', () => {
		const registered = registeredSeries()
		const words = productWords()
		const opsCommands = new Set(['revoke-key'])
		expect(missingInProduct('reader_runs_total', registered, words, opsCommands)).toBeNull()
		expect(missingInProduct('reader_run_failures_total{reason}', registered, words, opsCommands)).toBeNull()
		expect(missingInProduct('reader_reads_total', registered, words, opsCommands)).toBe('series')
		expect(missingInProduct('npm run ops -- revoke-key', registered, words, opsCommands)).toBeNull()
		expect(missingInProduct('npm run ops -- read-now', registered, words, opsCommands)).toBe('ops command')
		expect(missingInProduct('services/reader/README.md', registered, words, opsCommands)).toBeNull()
		expect(missingInProduct('services/reader/OPS.md', registered, words, opsCommands)).toBe('file')
		expect(missingInProduct('register_status.consecutive_failures', registered, words, opsCommands)).toBeNull()
		expect(missingInProduct('implausible_*', registered, words, opsCommands)).toBeNull()
		expect(missingInProduct('register_runs', registered, words, opsCommands)).toBe('name')
		expect(missingInProduct('READER_RUN_ON_START=true', registered, words, opsCommands)).toBeNull()
		expect(missingInProduct('READER_RUN_NOW', registered, words, opsCommands)).toBe('name')
	})
})

describe('Grafana dashboard', () => {
	type Panel = { type: string; title: string; targets?: { expr: string }[] }
	const dashboard = JSON.parse(readFileSync(join(DIR, 'grafana-dashboard.json'), 'utf8')) as { title: string; panels: Panel[] }

	test('every query matches and groups only on labels the series it reads carry', () => {
		const labels = registeredLabels()
		for (const panel of dashboard.panels)
			for (const target of panel.targets ?? [])
				expect({ panel: panel.title, unknown: unknownLabelsIn(target.expr, labels) }).toEqual({
					panel: panel.title,
					unknown: []
				})
	})

	test('every query reads only series the services register', () => {
		const registered = registeredSeries()
		const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr })))
		expect(queries.length).toBeGreaterThan(20)
		for (const query of queries) {
			const names = metricNamesIn(query.expr)
			expect(names.length).toBeGreaterThan(0)
			expect({ ...query, unknown: names.filter((name) => !registered.has(name)) }).toEqual({ ...query, unknown: [] })
		}
	})

	test('shows the golden signals and register freshness', () => {
		const exprs = dashboard.panels
			.flatMap((panel) => panel.targets ?? [])
			.map((target) => target.expr)
			.join('\n')
		for (const series of [
			'gateway_http_requests_total',
			'gateway_http_request_duration_seconds_bucket',
			'process_cpu_seconds_total',
			'reader_last_successful_read_age_seconds',
			'reader_register_sla_seconds'
		])
			expect(exprs).toContain(series)
	})

	test('the name reader sees through label matchers, grouping and functions', () => {
		expect(
			metricNamesIn(
				'histogram_quantile(0.99, sum by (le, route) (rate(gateway_http_request_duration_seconds_bucket{route=~"/v1/check.*"}[5m]))) > 0.1'
			)
		).toEqual(['gateway_http_request_duration_seconds_bucket'])
		expect(metricNamesIn('max without (instance) (a_total) > max without (instance) (b_seconds) unless on(job) up')).toEqual([
			'a_total',
			'b_seconds',
			'up'
		])
	})
})
