import { T, commonEnv, readConfig } from '@lv/config'

export const ExporterEnv = T.Object({
	...commonEnv,
	/** A streaming replica for read-only lookups (register data, history, stats, export reads); empty: the primary. */
	DATABASE_READ_URL: T.String({ default: '' }),
	/** Bytes per stored chunk: the most file data a build or a download holds in memory at once. */
	EXPORTER_CHUNK_BYTES: T.Integer({ minimum: 4_096, maximum: 8_388_608, default: 524_288 }),
	/** Rows fetched per cursor round trip while building. */
	EXPORTER_BATCH_ROWS: T.Integer({ minimum: 1, maximum: 50_000, default: 2_000 }),
	/** Builds at once in one process; the connection pool is sized from it (two connections per build). */
	EXPORTER_MAX_CONCURRENT_BUILDS: T.Integer({ minimum: 1, maximum: 16, default: 2 }),
	/** Build the unsliced datasets in both formats when a register changes, so the first request finds them ready. */
	EXPORTER_PREBUILD: T.Boolean({ default: true }),
	/** How long a file superseded by a newer build stays, so downloads already under way can finish. */
	EXPORTER_SUPERSEDED_RETAIN_MS: T.Integer({ minimum: 0, default: 3_600_000 }),
	/** Files nobody asked for in this long are dropped. */
	EXPORTER_IDLE_RETAIN_MS: T.Integer({ minimum: 60_000, default: 172_800_000 }),
	/** How often old files are pruned (also after every registry change). */
	EXPORTER_PRUNE_INTERVAL_MS: T.Integer({ minimum: 1_000, default: 3_600_000 })
})

export type ExporterConfig = ReturnType<typeof readExporterConfig>

export const readExporterConfig = (env: Record<string, string | undefined>) => readConfig(ExporterEnv, env)

/** Two connections per concurrent build (snapshot read + file write) plus two for cache hits and pruning. */
export const poolSizeFor = (config: Pick<ExporterConfig, 'EXPORTER_MAX_CONCURRENT_BUILDS'>) => config.EXPORTER_MAX_CONCURRENT_BUILDS * 2 + 2
