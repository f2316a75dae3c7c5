import { Gauge, type Registry } from 'prom-client'
import type { Bus } from '@lv/bus'
import type { ConsumerSpec } from '@lv/contracts'

type Lag = { pending: number; ackPending: number; redelivered: number }

/** A scrape's readings are shared by the three gauges for this long (one scrape reads them all). */
const READING_REUSE_MS = 1_000

/**
 * JetStream lag of the durable consumers a service owns, read from the server at scrape time:
 * messages not yet delivered (`pending`), delivered but not acked (`ack_pending`), and redelivered.
 * A consumer the server cannot describe right now is left out of that scrape.
 */
export function watchConsumerLag(registry: Registry, bus: Bus, consumers: readonly ConsumerSpec[]): void {
	let reading: { atMs: number; lags: Promise<Map<ConsumerSpec, Lag>> } | undefined
	const readAll = () => {
		const nowMs = Date.now()
		if (reading && nowMs - reading.atMs < READING_REUSE_MS) return reading.lags
		const lags = Promise.all(
			consumers.map(async (spec) => {
				try {
					const info = await bus.jsm.consumers.info(spec.stream, spec.durable)
					return [spec, { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered }] as const
				} catch {
					return undefined
				}
			})
		).then((entries) => new Map(entries.filter((entry) => entry !== undefined)))
		reading = { atMs: nowMs, lags }
		return lags
	}
	const gauge = (name: string, help: string, pick: (lag: Lag) => number) =>
		new Gauge({
			name,
			help,
			labelNames: ['stream', 'consumer'],
			registers: [registry],
			async collect() {
				this.reset()
				for (const [spec, lag] of await readAll()) this.set({ stream: spec.stream, consumer: spec.durable }, pick(lag))
			}
		})
	gauge('jetstream_consumer_pending_messages', 'Messages on the stream not yet delivered to this durable consumer.', (lag) => lag.pending)
	gauge('jetstream_consumer_ack_pending_messages', 'Messages delivered to this durable consumer and not yet acknowledged.', (lag) => lag.ackPending)
	gauge('jetstream_consumer_redelivered_messages', 'Messages this durable consumer has had redelivered (delivered more than once).', (lag) => lag.redelivered)
}
