/**
 * Child process of bench/export-build.ts: builds ONE export file with the exporter's own builder and
 * production settings, then prints build time, size and this process's peak RSS (VmHWM) as JSON.
 *   DATABASE_URL=… BENCH_DATASET=licences BENCH_FORMAT=csv bun bench/export-build-one.ts
 */
import { readFileSync } from 'node:fs'
import { systemClock } from '@lv/clock'
import type { ExportDataset, ExportFormat } from '@lv/contracts'
import { createSql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { createBuilder } from '../services/exporter/src/builder.ts'
import { ExporterEnv, poolSizeFor } from '../services/exporter/src/config.ts'
import { readConfig } from '@lv/config'

const config = readConfig(ExporterEnv, { ...process.env, NATS_URL: 'nats://unused:4222' })
const sql = createSql(config.DATABASE_URL, { max: poolSizeFor(config), applicationName: 'bench-export' })
const builder = createBuilder({
	sql,
	clock: systemClock,
	logger: silentLogger,
	chunkBytes: config.EXPORTER_CHUNK_BYTES,
	batchRows: config.EXPORTER_BATCH_ROWS,
	maxConcurrentBuilds: config.EXPORTER_MAX_CONCURRENT_BUILDS
})
const request = {
	dataset: process.env.BENCH_DATASET as ExportDataset,
	format: process.env.BENCH_FORMAT as ExportFormat,
	jurisdiction: null,
	status: null
}
const rssBeforeKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0)
const started = performance.now()
const file = await builder.fileFor(request)
const buildMs = performance.now() - started
const hitStarted = performance.now()
await builder.fileFor(request)
const hitMs = performance.now() - hitStarted
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0)
console.log(
	JSON.stringify({
		...request,
		rows: file.row_count,
		bytes: file.size_bytes,
		chunks: file.chunk_count,
		buildMs,
		hitMs,
		rssBeforeKb,
		peakKb
	})
)
await sql.end({ timeout: 5 })
