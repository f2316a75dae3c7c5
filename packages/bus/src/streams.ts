import { AckPolicy, DeliverPolicy, RetentionPolicy, StorageType } from '@nats-io/jetstream'
import { nanos } from '@nats-io/nats-core'
import { type ConsumerSpec, STREAMS, type StreamSpec } from '@lv/contracts'
import type { Bus } from './connect.ts'

const toStreamConfig = (spec: StreamSpec) => ({
	name: spec.name,
	subjects: spec.subjects,
	retention: spec.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
	storage: StorageType.File,
	max_age: nanos(spec.maxAgeMs),
	duplicate_window: nanos(spec.duplicateWindowMs),
	num_replicas: 1
})

/** Creates or updates every stream of the NATS layout; safe to call from every process at start. */
export async function ensureStreams(bus: Bus, specs: StreamSpec[] = Object.values(STREAMS)): Promise<void> {
	for (const spec of specs) {
		const config = toStreamConfig(spec)
		try {
			await bus.jsm.streams.info(spec.name)
			await bus.jsm.streams.update(spec.name, config)
		} catch (error) {
			if (!isNotFound(error)) throw error
			try {
				await bus.jsm.streams.add(config)
			} catch (addError) {
				// another process created it between our info and add
				if (!isAlreadyInUse(addError)) throw addError
			}
		}
	}
}

/** Creates or updates a durable pull consumer. */
export async function ensureConsumer(bus: Bus, spec: ConsumerSpec): Promise<void> {
	const config = {
		durable_name: spec.durable,
		filter_subject: spec.filterSubject,
		ack_policy: AckPolicy.Explicit,
		deliver_policy: DeliverPolicy.All,
		ack_wait: nanos(spec.ackWaitMs),
		max_deliver: spec.maxDeliver,
		max_ack_pending: spec.maxAckPending
	}
	try {
		await bus.jsm.consumers.info(spec.stream, spec.durable)
		await bus.jsm.consumers.update(spec.stream, spec.durable, {
			ack_wait: config.ack_wait,
			max_deliver: config.max_deliver,
			max_ack_pending: config.max_ack_pending
		})
	} catch (error) {
		if (!isNotFound(error)) throw error
		await bus.jsm.consumers.add(spec.stream, config)
	}
}

const errorText = (error: unknown) => (error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')}` : '')
// JetStream reports these by API error code; the codes are stable across 2.9 and current servers.
const isNotFound = (error: unknown) => {
	const code = (error as { api_error?: { err_code?: number } }).api_error?.err_code
	return code === 10059 || code === 10014 || /not found/i.test(errorText(error))
}
const isAlreadyInUse = (error: unknown) => (error as { api_error?: { err_code?: number } }).api_error?.err_code === 10058
