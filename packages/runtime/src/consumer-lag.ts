import type { Registry } from 'prom-client'
import type { Bus } from '@lv/bus'
import type { ConsumerSpec } from '@lv/contracts'
import { gaugeFrom, oncePerScrape } from './metrics.ts'

type Lag = { spec: ConsumerSpec; pending: number; ackPending: number; redelivered: number }

/**
 * JetStream lag of the durable consumers a service owns, read from the server at scrape time:
 * messages not yet delivered (`pending`), delivered but not acked (`ack_pending`), and redelivered.
 * A consumer the server cannot describe right now is left out of that scrape.
 */
export function watchConsumerLag(registry: Registry, bus: Bus, consumers: readonly ConsumerSpec[]): void {
	const reading = oncePerScrape(async () => {
		const lags = await Promise.all(
			consumers.map((spec) =>
				bus.jsm.consumers.info(spec.stream, spec.durable).then(
					(info): Lag => ({ spec, pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered }),
					() => undefined
				)
			)
		)
		return lags.filter((lag) => lag !== undefined)
	})
	const gauge = (name: string, help: string, pick: (lag: Lag) => number) =>
		gaugeFrom(registry, { name, help, labelNames: ['stream', 'consumer'] }, reading, (lags) =>
			lags.map((lag) => [{ stream: lag.spec.stream, consumer: lag.spec.durable }, pick(lag)] as const)
		)
	gauge('jetstream_consumer_pending_messages', 'Messages on the stream not yet delivered to this durable consumer.', (lag) => lag.pending)
	gauge(
		'jetstream_consumer_ack_pending_messages',
		'Messages delivered to this durable consumer and not yet acknowledged.',
		(lag) => lag.ackPending
	)
	gauge(
		'jetstream_consumer_redelivered_messages',
		'Messages this durable consumer has had redelivered (delivered more than once).',
		(lag) => lag.redelivered
	)
}
