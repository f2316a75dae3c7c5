import { beforeAll, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { metricValue } from '@lv/testing'
import { createBuilder } from './builder.ts'
import { createExporterMetrics } from './metrics.ts'
import { seeder } from './test-support/seed.ts'
import { databasePerFile } from '@lv/testing/per-file'

const READ_AT = new Date('2026-11-01T06:00:00.000Z')
const clock = new TestClock('2026-11-01T12:00:00.000Z')
const service = createServiceMetrics('exporter', true)
const value = (name: string, labels: Record<string, string> = {}) => metricValue(service.registry, name, labels)
const env = databasePerFile()

beforeAll(async () => {
	const seed = seeder(env.db.sql, READ_AT)
	const acme = await seed.operator('acme-gaming', 'Acme Gaming', { UKGC: '39217' })
	await seed.licence(acme, { number: '000-039217-R-319300-001' })
	await seed.finishRun('UKGC', READ_AT)
})
test('a first request for a file counts a build and its duration, the same request again counts a cache hit', async () => {
	const builder = createBuilder({
		sql: env.db.sql,
		clock,
		logger: silentLogger,
		chunkBytes: 1 << 16,
		batchRows: 100,
		maxConcurrentBuilds: 1,
		metrics: createExporterMetrics(service)
	})
	const licences = { dataset: 'licences', format: 'csv', jurisdiction: null, status: null } as const
	await builder.fileFor(licences)
	await builder.fileFor(licences)
	expect(await value('exporter_builds_total', { dataset: 'licences', format: 'csv', outcome: 'succeeded' })).toBe(1)
	expect(await value('exporter_build_duration_seconds_count', { dataset: 'licences' })).toBe(1)
	expect(await value('exporter_files_served_total', { dataset: 'licences', source: 'build' })).toBe(1)
	expect(await value('exporter_files_served_total', { dataset: 'licences', source: 'cache' })).toBe(1)
})
