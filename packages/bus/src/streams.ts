import { AckPolicy, DeliverPolicy, JetStreamApiError, RetentionPolicy, type StreamConfig, StorageType } from '@nats-io/jetstream'
import { nanos } from '@nats-io/nats-core'
import { type ConsumerSpec, STREAMS, type StreamSpec } from '@lv/contracts'
import { type Logger, silentLogger } from '@lv/logger'
import type { Bus } from './connect.ts'
import { type StreamSettings, consumerReplicas, planStreamUpdate } from './stream-plan.ts'

const toStreamSettings = (spec: StreamSpec, replicas: number): StreamSettings & { name: string } => ({
	name: spec.name,
	subjects: spec.subjects,
	retention: spec.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
	storage: StorageType.File,
	max_age: nanos(spec.maxAgeMs),
	duplicate_window: nanos(spec.duplicateWindowMs),
	num_replicas: replicas
})

export type EnsureStreamsOptions = { specs?: StreamSpec[]; logger?: Logger }

/**
 * Creates every stream of the NATS layout with `bus.replicas` replicas, or brings a running one up to
 * it; safe to call from every process at start. A running stream is never lowered: replicas, age,
 * dedupe window and subjects an operator raised stay, and what differs is logged.
 */
export async function ensureStreams(bus: Bus, options: EnsureStreamsOptions = {}): Promise<void> {
	const logger = options.logger ?? silentLogger
	for (const spec of options.specs ?? Object.values(STREAMS)) {
		const wanted = toStreamSettings(spec, bus.replicas)
		let current: StreamConfig
		try {
			current = (await bus.jsm.streams.info(spec.name)).config
		} catch (error) {
			if (!isApiError(error, NOT_FOUND)) throw error
			try {
				await bus.jsm.streams.add(wanted as Partial<StreamConfig> & { name: string })
			} catch (addError) {
				// another process created it between our info and add
				if (!isApiError(addError, [STREAM_NAME_IN_USE])) throw addError
			}
			continue
		}
		const plan = planStreamUpdate(current, wanted)
		if (plan.kept.length > 0) logger.info('stream differs from the layout; kept as it is', { stream: spec.name, kept: plan.kept })
		if (!plan.update) continue
		logger.info('stream raised to the layout', { stream: spec.name, update: plan.update })
		await bus.jsm.streams.update(spec.name, { ...current, ...plan.update })
	}
}

/** Creates or updates a durable pull consumer with as many replicas as its stream (never fewer than it has). */
export async function ensureConsumer(bus: Bus, spec: ConsumerSpec): Promise<void> {
	const stream = await bus.jsm.streams.info(spec.stream)
	const settings = { ack_wait: nanos(spec.ackWaitMs), max_deliver: spec.maxDeliver, max_ack_pending: spec.maxAckPending }
	let currentReplicas: number | undefined
	try {
		currentReplicas = (await bus.jsm.consumers.info(spec.stream, spec.durable)).config.num_replicas
	} catch (error) {
		if (!isApiError(error, NOT_FOUND)) throw error
		await bus.jsm.consumers.add(spec.stream, {
			durable_name: spec.durable,
			filter_subject: spec.filterSubject,
			ack_policy: AckPolicy.Explicit,
			deliver_policy: DeliverPolicy.All,
			num_replicas: stream.config.num_replicas,
			...settings
		})
		return
	}
	await bus.jsm.consumers.update(spec.stream, spec.durable, {
		...settings,
		num_replicas: consumerReplicas(stream.config.num_replicas, currentReplicas)
	})
}

/**
 * `ensureConsumer`, and when the stream itself is missing (deleted by hand, lost with a node's state), the stream created
 * again first as `ensureStreams` creates it at start: the layout's settings with `bus.replicas` replicas. A stream not in
 * the layout is not created.
 */
export async function restoreConsumer(bus: Bus, spec: ConsumerSpec, logger: Logger = silentLogger): Promise<void> {
	try {
		await ensureConsumer(bus, spec)
	} catch (error) {
		const stream = Object.values(STREAMS).find((candidate) => candidate.name === spec.stream)
		if (!isApiError(error, [STREAM_NOT_FOUND]) || !stream) throw error
		logger.warn('stream missing; creating it again from the layout', { stream: spec.stream, replicas: bus.replicas })
		await ensureStreams(bus, { specs: [stream], logger })
		await ensureConsumer(bus, spec)
	}
}

// JetStream API error codes, stable across 2.9 and current servers.
const STREAM_NOT_FOUND = 10059
const CONSUMER_NOT_FOUND = 10014
const STREAM_NAME_IN_USE = 10058
const NOT_FOUND = [STREAM_NOT_FOUND, CONSUMER_NOT_FOUND]

const isApiError = (error: unknown, codes: number[]) => error instanceof JetStreamApiError && codes.includes(error.code)
