import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Bus } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { EXPORTER_REGISTRY_CONSUMER } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { createServiceMetrics, seriesNames, watchConsumerLag } from '@lv/runtime'
import { REPO_ROOT, findBinary } from '@lv/testing'
import { AnswerMemo } from '@lv/verdict'
import { createCheckerMetrics } from '../../services/checker/src/metrics.ts'
import { createDashboardMetrics } from '../../services/dashboard/src/metrics.ts'
import { createExporterMetrics } from '../../services/exporter/src/metrics.ts'
import { KeyCache } from '../../services/gateway/src/auth/key-cache.ts'
import { createGatewayMetrics } from '../../services/gateway/src/metrics.ts'
import { createNotifierMetrics } from '../../services/notifier/src/metrics.ts'
import { createReaderMetrics } from '../../services/reader/src/metrics.ts'

const DIR = import.meta.dir
const promtool = findBinary(['promtool', '/usr/bin/promtool'])

/** Metrics registered but never collected here: nothing touches the database or the bus. */
const unused = { sql: {} as Sql, bus: {} as Bus, clock: new TestClock() }

/** Every series name the six services register, as they do at start (process metrics included). */
function registeredSeries(): Set<string> {
	const names = new Set<string>(['up'])
	const add = (metrics: ReturnType<typeof createServiceMetrics>) => {
		for (const name of seriesNames(metrics.registry)) names.add(name)
	}
	const gateway = createServiceMetrics('gateway', true)
	createGatewayMetrics(gateway).watchKeyCache(new KeyCache(async () => null))
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
	createDashboardMetrics(dashboard)
	for (const metrics of [gateway, checker, reader, notifier, exporter, dashboard]) add(metrics)
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

describe('Grafana dashboard', () => {
	type Panel = { type: string; title: string; targets?: { expr: string }[] }
	const dashboard = JSON.parse(readFileSync(join(DIR, 'grafana-dashboard.json'), 'utf8')) as { title: string; panels: Panel[] }

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
