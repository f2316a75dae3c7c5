import { AckPolicy, DeliverPolicy, JetStreamApiError, RetentionPolicy, type StreamConfig, StorageType } from '@nats-io/jetstream'
import { nanos } from '@nats-io/nats-core'
import { type ConsumerSpec, STREAMS, type StreamSpec } from '@lv/contracts'
import { type Logger, silentLogger } from '@lv/logger'
import type { Bus } from './connect.ts'
import { type StreamSettings, consumerReplicas, planStreamUpdate, recreatedStreamSettings } from './stream-plan.ts'

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
			rememberStream(bus, current)
		} catch (error) {
			if (!isApiError(error, NOT_FOUND)) throw error
			try {
				rememberStream(bus, (await bus.jsm.streams.add(wanted as Partial<StreamConfig> & { name: string })).config)
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
		rememberStream(bus, (await bus.jsm.streams.update(spec.name, { ...current, ...plan.update })).config)
	}
}

/** Creates or updates a durable pull consumer with as many replicas as its stream (never fewer than it has). */
export async function ensureConsumer(bus: Bus, spec: ConsumerSpec): Promise<void> {
	const stream = await bus.jsm.streams.info(spec.stream)
	rememberStream(bus, stream.config)
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
 * again first: from its configuration as this process last saw it, brought up to the layout (`recreatedStreamSettings`),
 * so what an operator raised or set by hand survives; from the layout with `bus.replicas` replicas when this process never
 * saw it, or when the server refuses the remembered settings (more replicas than the nodes up, a subject another stream
 * took meanwhile). A stream not in the layout is not created.
 */
export async function restoreConsumer(bus: Bus, spec: ConsumerSpec, logger: Logger = silentLogger): Promise<void> {
	try {
		await ensureConsumer(bus, spec)
	} catch (error) {
		const stream = Object.values(STREAMS).find((candidate) => candidate.name === spec.stream)
		if (!isApiError(error, [STREAM_NOT_FOUND]) || !stream) throw error
		await createStreamAgain(bus, stream, logger)
		await ensureConsumer(bus, spec)
	}
}

async function createStreamAgain(bus: Bus, spec: StreamSpec, logger: Logger): Promise<void> {
	const seen = lastSeen.get(bus)?.get(spec.name)
	if (!seen) {
		logger.warn('stream missing; creating it again from the layout', { stream: spec.name, replicas: bus.replicas })
		return ensureStreams(bus, { specs: [spec], logger })
	}
	const settings = recreatedStreamSettings(seen, toStreamSettings(spec, bus.replicas))
	logger.warn('stream missing; creating it again with its last settings', { stream: spec.name, replicas: settings.num_replicas })
	try {
		await bus.jsm.streams.add(settings as Partial<StreamConfig> & { name: string })
	} catch (error) {
		if (isApiError(error, [STREAM_NAME_IN_USE])) return
		if (!(error instanceof JetStreamApiError)) throw error
		logger.warn('stream refused with its last settings; creating it from the layout', { stream: spec.name, error })
		await ensureStreams(bus, { specs: [spec], logger })
	}
}

/**
 * Each stream's configuration as this process last read it from the server, per connection: what a stream deleted under
 * a consumer is created again with. Read at start, at every consumer set-up, and by a running consumption once a minute
 * (`refreshStreamSettings`), so a setting raised by hand while the process runs is known within about a minute.
 */
const lastSeen = new WeakMap<Bus, Map<string, StreamConfig>>()

function rememberStream(bus: Bus, config: StreamConfig): StreamConfig | undefined {
	const streams = lastSeen.get(bus) ?? new Map<string, StreamConfig>()
	lastSeen.set(bus, streams)
	const previous = streams.get(config.name)
	streams.set(config.name, config)
	return previous
}

/** Reads a stream's configuration again and remembers it; logs what changed since it was last seen. Failures are left to the next call. */
export async function refreshStreamSettings(bus: Bus, stream: string, logger: Logger): Promise<void> {
	const config = await bus.jsm.streams.info(stream).then(
		(info) => info.config,
		() => undefined
	)
	if (!config) return
	const previous = rememberStream(bus, config)
	if (!previous) return
	const changed = Object.keys(config).filter(
		(key) => JSON.stringify(config[key as keyof StreamConfig]) !== JSON.stringify(previous[key as keyof StreamConfig])
	)
	if (changed.length > 0) logger.info('stream settings changed; remembered for creating it again', { stream, changed })
}

// JetStream API error codes, stable across 2.9 and current servers.
const STREAM_NOT_FOUND = 10059
const CONSUMER_NOT_FOUND = 10014
const STREAM_NAME_IN_USE = 10058
const NOT_FOUND = [STREAM_NOT_FOUND, CONSUMER_NOT_FOUND]

const isApiError = (error: unknown, codes: number[]) => error instanceof JetStreamApiError && codes.includes(error.code)
