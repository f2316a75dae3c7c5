import type { Metric, Registry } from 'prom-client'

type Labels = Record<string, string>
type Sample = { labels: Labels; value: number; metricName?: string }

/**
 * Series for hot paths, kept as plain numbers and formatted only when Prometheus scrapes. A
 * prom-client child still joins its label values into a key string on every `inc()` and
 * `observe()`; a child of these is a plain object the caller keeps (per route, per verdict...), so
 * counting a request is one field increment and timing it a few comparisons. The registry formats
 * them with its other metrics (they implement the `get()` it calls).
 */
abstract class PlainMetric<Child> {
	abstract readonly type: 'counter' | 'histogram'
	readonly aggregator = 'sum'
	readonly #children = new Map<string, { labels: Labels; child: Child }>()

	constructor(
		registry: Registry,
		readonly name: string,
		readonly help: string,
		readonly labelNames: readonly string[]
	) {
		registry.registerMetric(this as unknown as Metric)
	}

	/** The child for these label values: made on first use, the same object afterwards (callers keep it). */
	child(...values: string[]): Child {
		const key = values.join('\u0000')
		let entry = this.#children.get(key)
		if (entry === undefined) {
			entry = { labels: Object.fromEntries(this.labelNames.map((label, index) => [label, values[index] ?? ''])), child: this.newChild() }
			this.#children.set(key, entry)
		}
		return entry.child
	}

	protected abstract newChild(): Child
	protected abstract samples(labels: Labels, child: Child): Sample[]

	async get() {
		const values = [...this.#children.values()].flatMap(({ labels, child }) => this.samples(labels, child))
		return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values }
	}
}

export type PlainCounterChild = { count: number }

/** A counter whose children are `{ count }`: the hot path does `child.count++`. */
export class PlainCounter extends PlainMetric<PlainCounterChild> {
	readonly type = 'counter'

	protected newChild(): PlainCounterChild {
		return { count: 0 }
	}

	protected samples(labels: Labels, child: PlainCounterChild): Sample[] {
		return [{ labels, value: child.count }]
	}
}

export class PlainHistogramChild {
	/** Observations per bucket (not cumulative); the last slot is over the highest bound. */
	readonly counts: Float64Array
	sum = 0
	count = 0

	constructor(readonly bounds: readonly number[]) {
		this.counts = new Float64Array(bounds.length + 1)
	}

	observe(value: number): void {
		const { bounds } = this
		let index = 0
		while (index < bounds.length && value > (bounds[index] as number)) index++
		this.counts[index] = (this.counts[index] as number) + 1
		this.sum += value
		this.count++
	}
}

/** A histogram whose children count into plain arrays; buckets are made cumulative at scrape time. */
export class PlainHistogram extends PlainMetric<PlainHistogramChild> {
	readonly type = 'histogram'

	constructor(
		registry: Registry,
		name: string,
		help: string,
		labelNames: readonly string[],
		readonly bounds: readonly number[]
	) {
		super(registry, name, help, labelNames)
	}

	protected newChild(): PlainHistogramChild {
		return new PlainHistogramChild(this.bounds)
	}

	protected samples(labels: Labels, child: PlainHistogramChild): Sample[] {
		let cumulative = 0
		const buckets = [...this.bounds.map(String), '+Inf'].map((le, index) => {
			cumulative += child.counts[index] as number
			return { labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` }
		})
		return [
			...buckets,
			{ labels, value: child.sum, metricName: `${this.name}_sum` },
			{ labels, value: child.count, metricName: `${this.name}_count` }
		]
	}
}
