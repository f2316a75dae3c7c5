import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client'
import { withDeadline } from '@lv/clock'

export { Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * A service's Prometheus registry. Every series carries `service`; the process metrics (CPU,
 * memory, event-loop lag, heap) are collected only when metrics are on. With metrics off the
 * health server has no /metrics and hot paths skip their instrumentation (`METRICS=false`).
 */
export type ServiceMetrics = { registry: Registry; enabled: boolean }

export function createServiceMetrics(service: string, enabled: boolean): ServiceMetrics {
	const registry = new Registry()
	registry.setDefaultLabels({ service })
	if (enabled) collectDefaultMetrics({ register: registry })
	return { registry, enabled }
}

/** The health server's options for a service's metrics: /metrics only when they are on. */
export const metricsRoute = ({ registry, enabled }: ServiceMetrics) => (enabled ? { metrics: registry } : {})

/** Latency buckets (seconds) for calls answered in milliseconds: HTTP requests, NATS requests. */
export const FAST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

/** Buckets (seconds) for jobs taking seconds to minutes: register reads, index rebuilds, export builds. */
export const SLOW_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600]

/**
 * The child of a plain metric (plain-metrics.ts) for one value of its single label, made once and
 * kept in a map here: looking it up again builds no key string.
 */
export function childPerLabel<C>(metric: { child(value: string): C }): (value: string) => C {
	const children = new Map<string, C>()
	return (value) => {
		let child = children.get(value)
		if (child === undefined) {
			child = metric.child(value)
			children.set(value, child)
		}
		return child
	}
}

/**
 * A counter read at scrape time from a number the code keeps anyway (a plain field increment on a
 * hot path instead of a metric call): each scrape adds what the number grew by since the last one
 * (or since the counter was made).
 */
export function counterFrom(registry: Registry, options: { name: string; help: string }, read: () => number): Counter {
	let seen = read()
	return new Counter({
		...options,
		registers: [registry],
		collect() {
			const now = read()
			if (now > seen) this.inc(now - seen)
			seen = Math.max(seen, now)
		}
	})
}

/**
 * One scrape's reading shared by the gauges built from it: `read` runs at most once per `reuseMs`
 * of `nowMs` (a service passes its clock, so tests decide when a reading is stale).
 */
export function oncePerScrape<T>(read: () => Promise<T>, nowMs: () => number = () => performance.now(), reuseMs = 1_000): () => Promise<T> {
	let last: { atMs: number; value: Promise<T> } | undefined
	return () => {
		const atMs = nowMs()
		if (last === undefined || Math.abs(atMs - last.atMs) >= reuseMs) last = { atMs, value: read() }
		return last.value
	}
}

export type Sample = readonly [labels: Record<string, string>, value: number]

/**
 * How long a scrape waits for a gauge's reading: well inside Prometheus's default 10 s scrape timeout,
 * so a store that stopped answering costs that scrape its own gauges, not the whole scrape (which
 * Prometheus would report as the service being down).
 */
export const READING_TIMEOUT_MS = 5_000

/**
 * A gauge whose samples are computed at scrape time from a shared reading (a query, a server's
 * answer). A reading that fails, or gives no answer within `timeoutMs`, leaves a labelled gauge
 * without samples for that scrape, and an unlabelled one NaN (prom-client always exposes it),
 * rather than failing or holding the whole scrape or reporting a stale or zero value: an alert
 * comparing it stays quiet, a missing-data alert does not.
 */
export function gaugeFrom<T>(
	registry: Registry,
	{ timeoutMs = READING_TIMEOUT_MS, ...options }: { name: string; help: string; labelNames: string[]; timeoutMs?: number },
	reading: () => Promise<T>,
	samples: (value: T) => Iterable<Sample>
): Gauge {
	return new Gauge({
		...options,
		registers: [registry],
		async collect() {
			this.reset()
			let value: T
			try {
				value = await withDeadline(reading(), timeoutMs)
			} catch {
				if (options.labelNames.length === 0) this.set(Number.NaN)
				return
			}
			for (const [labels, sample] of samples(value)) this.set(labels, sample)
		}
	})
}

/**
 * Every series name a registry would expose, without collecting anything: a histogram's
 * `_bucket`, `_sum` and `_count`, a summary's `_sum` and `_count`. The dashboard test checks its
 * queries against these.
 */
export function seriesNames(registry: Registry): string[] {
	return registry.getMetricsAsArray().flatMap((metric) => {
		// Typed as an enum, set as a string ('counter', 'histogram', ...) by prom-client.
		const { name } = metric
		const type = String(metric.type)
		if (type === 'histogram') return [`${name}_bucket`, `${name}_sum`, `${name}_count`]
		if (type === 'summary') return [name, `${name}_sum`, `${name}_count`]
		return [name]
	})
}
