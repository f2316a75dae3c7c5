import type { ExporterDeps } from '../exporter.ts'

/** Exporter settings for tests: small chunks so files span several, prune timer out of the way. */
export const TEST_EXPORTER_CONFIG: ExporterDeps['config'] = {
	EXPORTER_CHUNK_BYTES: 4_096,
	EXPORTER_BATCH_ROWS: 100,
	EXPORTER_MAX_CONCURRENT_BUILDS: 2,
	EXPORTER_PREBUILD: true,
	EXPORTER_SUPERSEDED_RETAIN_MS: 3_600_000,
	EXPORTER_IDLE_RETAIN_MS: 172_800_000,
	EXPORTER_PRUNE_INTERVAL_MS: 3_600_000
}
