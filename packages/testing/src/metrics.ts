import type { Registry } from 'prom-client'

/**
 * The sum of a registry's samples named `name` (a histogram's `_count` or `_sum` included) whose
 * labels include `labels`: 0 when there are none.
 */
export async function metricValue(registry: Registry, name: string, labels: Record<string, string> = {}): Promise<number> {
	const samples = (await registry.getMetricsAsJSON()).flatMap((metric) =>
		metric.values.filter((sample) => ((sample as { metricName?: string }).metricName ?? metric.name) === name)
	)
	return samples
		.filter((sample) => Object.entries(labels).every(([label, wanted]) => String(sample.labels[label]) === wanted))
		.reduce((sum, sample) => sum + sample.value, 0)
}
