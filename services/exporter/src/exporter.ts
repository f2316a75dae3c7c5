import type { Bus } from '@lv/bus'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { createBuilder } from './builder.ts'
import { pruneFiles } from './cache-store.ts'
import type { ExporterConfig } from './config.ts'
import type { ExporterMetrics } from './metrics.ts'
import { consumeRegistryChanges } from './registry-consumer.ts'
import { startExportResponder } from './responder.ts'

export type ExporterDeps = {
	sql: Sql
	/** DATABASE_READ_URL's pool for the rows of a build; the primary's when unset. */
	readSql?: Sql
	bus: Bus
	clock: Clock
	logger: Logger
	config: Pick<
		ExporterConfig,
		| 'EXPORTER_CHUNK_BYTES'
		| 'EXPORTER_BATCH_ROWS'
		| 'EXPORTER_MAX_CONCURRENT_BUILDS'
		| 'EXPORTER_PREBUILD'
		| 'EXPORTER_SUPERSEDED_RETAIN_MS'
		| 'EXPORTER_IDLE_RETAIN_MS'
		| 'EXPORTER_PRUNE_INTERVAL_MS'
	>
	metrics?: ExporterMetrics
}

/** `isRunning()`: the REGISTRY consumption runs (its pull loop is up and its durable and stream exist). */
export type RunningExporter = { stop(): Promise<void>; isRunning(): boolean }

/** The exporter's work: the export.build responder, the REGISTRY consumer and the periodic prune. */
export async function startExporter(deps: ExporterDeps): Promise<RunningExporter> {
	const { sql, bus, clock, logger, config } = deps
	const builder = createBuilder({
		sql,
		readSql: deps.readSql,
		clock,
		logger,
		chunkBytes: config.EXPORTER_CHUNK_BYTES,
		batchRows: config.EXPORTER_BATCH_ROWS,
		maxConcurrentBuilds: config.EXPORTER_MAX_CONCURRENT_BUILDS,
		metrics: deps.metrics
	})
	const prune = async () => {
		const removed = await pruneFiles(sql, {
			nowMs: clock.nowMs(),
			supersededRetainMs: config.EXPORTER_SUPERSEDED_RETAIN_MS,
			idleRetainMs: config.EXPORTER_IDLE_RETAIN_MS
		})
		if (removed > 0) logger.info('export files pruned', { removed })
	}
	const responder = startExportResponder(bus, builder, logger)
	const consumption = await consumeRegistryChanges(bus, { builder, prebuild: config.EXPORTER_PREBUILD, prune, logger })
	const timer = setInterval(() => {
		prune().catch((error) => logger.warn('export prune failed', { error }))
	}, config.EXPORTER_PRUNE_INTERVAL_MS)
	return {
		isRunning: () => consumption.isRunning(),
		async stop() {
			clearInterval(timer)
			await responder.stop()
			await consumption.stop()
		}
	}
}
