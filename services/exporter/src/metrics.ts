import { Counter, Histogram, SLOW_BUCKETS, type ServiceMetrics } from '@lv/runtime'

export type ExporterMetrics = ReturnType<typeof createExporterMetrics>

/** The exporter's series: files asked for (from the cache or built), builds by outcome and their durations. */
export function createExporterMetrics({ registry }: ServiceMetrics) {
	const files = new Counter({
		name: 'exporter_files_served_total',
		help: 'Export files asked for, by dataset and source: cache (already built for this register state) or build.',
		labelNames: ['dataset', 'source'],
		registers: [registry]
	})
	const builds = new Counter({
		name: 'exporter_builds_total',
		help: 'Export builds, by dataset, format and outcome (succeeded, failed).',
		labelNames: ['dataset', 'format', 'outcome'],
		registers: [registry]
	})
	const duration = new Histogram({
		name: 'exporter_build_duration_seconds',
		help: 'Time one export build took, waiting for a build slot included.',
		labelNames: ['dataset'],
		buckets: SLOW_BUCKETS,
		registers: [registry]
	})
	return {
		fromCache(dataset: string) {
			files.labels(dataset, 'cache').inc()
		},
		built(dataset: string, format: string, outcome: 'succeeded' | 'failed', seconds: number) {
			if (outcome === 'succeeded') files.labels(dataset, 'build').inc()
			builds.labels(dataset, format, outcome).inc()
			duration.labels(dataset).observe(seconds)
		}
	}
}
