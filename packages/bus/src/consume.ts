import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream'
import type { Static, TSchema } from '@sinclair/typebox'
import { type Clock, systemClock } from '@lv/clock'
import type { ConsumerSpec } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import { SpanKind, inSpan, isTracing } from '@lv/tracing'
import type { Bus } from './connect.ts'
import { decode } from './codec.ts'
import { PermanentError, TransientError } from './errors.ts'
import { isRetryableNatsError } from './publish.ts'
import { refreshStreamSettings, restoreConsumer } from './streams.ts'
import { messageTraceContext } from './trace-headers.ts'

export type MessageContext = { subject: string; msgId: string | undefined; deliveryCount: number; working(): void }

export type ConsumeOptions<S extends TSchema> = {
	consumer: ConsumerSpec
	schema: S
	handler: (body: Static<S>, context: MessageContext) => Promise<void>
	logger: Logger
	/** Delay before redelivery of a message whose handler threw something that is neither Transient nor Permanent. */
	defaultRetryMs?: number
	maxMessages?: number
	/** How long one pull waits at the server. A pull left at a consumer leader that died is re-issued after two missed heartbeats (half of this each). */
	pullExpiresMs?: number
	/** Waits between restarts of a pull loop that ended on its own; tests pass a gate they open. */
	sleep?: (ms: number) => Promise<void>
	/** When the stream's settings were last read, for `STREAM_SETTINGS_REFRESH_MS`; tests pass a TestClock. */
	clock?: Clock
}

/** Short pulls so a consumer whose leader node died resumes within seconds (default heartbeats would take 30 s). */
export const DEFAULT_PULL_EXPIRES_MS = 4_000

/** How often a running consumption reads its stream's settings again, remembered for creating the stream again. */
export const STREAM_SETTINGS_REFRESH_MS = 60_000

/** `isRunning()`: the pull loop runs and nothing it needs is known to be missing; false once stopped. */
export type Consumption = { stop(): Promise<void>; isRunning(): boolean }

/** What to do with a message after its handler ran, chosen by error type. */
export type Outcome = { kind: 'ack' } | { kind: 'nak'; delayMs: number } | { kind: 'term'; reason: string }

export function outcomeFor(error: unknown, defaultRetryMs: number): Outcome {
	if (error === undefined) return { kind: 'ack' }
	if (error instanceof PermanentError) return { kind: 'term', reason: error.message }
	if (error instanceof TransientError) return { kind: 'nak', delayMs: error.retryAfterMs }
	return { kind: 'nak', delayMs: defaultRetryMs }
}

/**
 * Consumes a durable pull consumer shared by all replicas. The message is acked only after the
 * handler resolved (i.e. after the service's own commit), nak'ed with a delay on transient
 * errors, and terminated when the payload is invalid or the error is permanent. A pull loop that
 * ends without `stop()` (a 400 on a pull, a permissions error, an iterator that finishes) is started
 * again with backoff; `isRunning()` is false from then, and while the durable or its stream is
 * missing, until the server serves a pull again. While it serves, the stream's settings are read
 * again every `STREAM_SETTINGS_REFRESH_MS`, for creating the stream again as it was.
 */
export async function consume<S extends TSchema>(bus: Bus, options: ConsumeOptions<S>): Promise<Consumption> {
	const { consumer: spec, logger } = options
	const sleep = options.sleep ?? ((ms: number) => Bun.sleep(ms))
	const handle = messageHandler(spec, options)
	let consumer = await setUpConsumer(bus, spec, logger, sleep)
	let messages: ConsumerMessages | undefined
	let running = true
	/** Ends of the pull loop since the server last served it, which sets the backoff. */
	let endsInARow = 0
	let stopping = false
	let wakeStopped: () => void = () => {}
	const stopped = new Promise<void>((resolve) => {
		wakeStopped = resolve
	})
	const servedAgain = streamSettingsRefresher(bus, spec.stream, options.clock ?? systemClock, logger)
	const serving = (now: boolean) => {
		running = now
		if (!now) return
		endsInARow = 0
		servedAgain()
	}
	const pullUntilEnded = async () => {
		const pulling = await consumer.consume({
			max_messages: options.maxMessages ?? 16,
			expires: options.pullExpiresMs ?? DEFAULT_PULL_EXPIRES_MS
		})
		messages = pulling
		// stop() closed the previous iterator while this one was being opened
		if (stopping) await pulling.close()
		const watching = watchPulls(bus, spec, pulling, logger, serving)
		try {
			for await (const msg of pulling) {
				serving(true)
				await handle(msg)
			}
		} finally {
			await watching
		}
	}
	/** Waits out the backoff, then sets the consumer up again; false once stopped meanwhile. */
	const setUpAgain = async (): Promise<boolean> => {
		for (;;) {
			endsInARow++
			await Promise.race([sleep(restartDelayMs(endsInARow)), stopped])
			if (stopping) return false
			try {
				consumer = await setUpConsumer(bus, spec, logger, sleep, stopped)
				return !stopping
			} catch (error) {
				if (stopping) return false
				logger.error('consumer set-up failed; will retry', { consumer: spec.durable, error })
			}
		}
	}
	const loop = (async () => {
		do {
			const failure = await pullUntilEnded().then(
				() => undefined,
				(error: unknown) => error ?? new Error('consume loop failed')
			)
			if (stopping) return
			running = false
			logger.error('consume loop ended without being stopped; starting it again', {
				consumer: spec.durable,
				delay_ms: restartDelayMs(endsInARow + 1),
				error: failure
			})
		} while (await setUpAgain())
	})()
	return {
		isRunning: () => running && !stopping,
		async stop() {
			stopping = true
			wakeStopped()
			await messages?.close()
			await loop
		}
	}
}

/** Settles one message by its handler's outcome, in a consumer span when tracing. */
function messageHandler<S extends TSchema>(spec: ConsumerSpec, options: ConsumeOptions<S>) {
	const { schema, handler, logger } = options
	const defaultRetryMs = options.defaultRetryMs ?? 5_000
	const settle = async (msg: JsMsg) => {
		let failure: unknown
		try {
			const body = decode(schema, msg.subject, msg.data)
			await handler(body, {
				subject: msg.subject,
				msgId: msg.headers?.get('Nats-Msg-Id') || undefined,
				deliveryCount: msg.info.deliveryCount,
				working: () => msg.working()
			})
		} catch (error) {
			failure = error ?? new Error('handler threw undefined')
		}
		const outcome = outcomeFor(failure, defaultRetryMs)
		if (outcome.kind === 'ack') {
			await msg.ackAck().catch(() => false)
		} else if (outcome.kind === 'nak') {
			logger.warn('message handling failed; will retry', { subject: msg.subject, delay_ms: outcome.delayMs, error: failure })
			msg.nak(outcome.delayMs)
		} else {
			logger.error('message terminated', { subject: msg.subject, reason: outcome.reason })
			// no reason text: nats-server 2.9 ignores a +TERM that carries one
			msg.term()
		}
	}
	return async (msg: JsMsg) => {
		if (!isTracing()) return settle(msg)
		await inSpan(
			`consume ${msg.subject}`,
			{
				kind: SpanKind.CONSUMER,
				parent: messageTraceContext(msg.headers),
				attributes: { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject, 'messaging.consumer.group.name': spec.durable }
			},
			() => settle(msg)
		)
	}
}

/** Called each time the server serves the consumption: reads the stream's settings again once `STREAM_SETTINGS_REFRESH_MS` passed. */
function streamSettingsRefresher(bus: Bus, stream: string, clock: Clock, logger: Logger): () => void {
	let readAt = clock.nowMs()
	return () => {
		if (clock.nowMs() - readAt < STREAM_SETTINGS_REFRESH_MS) return
		readAt = clock.nowMs()
		void refreshStreamSettings(bus, stream, logger)
	}
}

/** Delay before starting a pull loop again after its n-th end in a row: 250 ms doubling to 30 s. */
const restartDelayMs = (endsInARow: number) => Math.min(30_000, 250 * 2 ** Math.min(endsInARow - 1, 10))

/**
 * A durable or stream deleted under a running consumption (by hand, or lost with a node's state) is created again as at
 * start, the stream with its settings as last seen, brought up to the layout (`restoreConsumer`): the client keeps asking for the durable by name and resumes once
 * it exists. Without this its messages wait in the stream until a process restarts, while every replica still reports
 * ready. Reports, through `serving`, false while something is missing and true once the server answers a pull again
 * (an idle heartbeat).
 */
async function watchPulls(
	bus: Bus,
	spec: ConsumerSpec,
	messages: ConsumerMessages,
	logger: Logger,
	serving: (serving: boolean) => void
): Promise<void> {
	let restoring: Promise<void> | undefined
	for await (const status of messages.status()) {
		if (status.type === 'heartbeat') serving(true)
		if (status.type !== 'consumer_not_found' && status.type !== 'consumer_deleted' && status.type !== 'stream_not_found') continue
		serving(false)
		if (restoring) continue
		logger.warn('durable consumer or its stream missing; creating it again', {
			consumer: spec.durable,
			stream: spec.stream,
			status: status.type
		})
		restoring = restoreConsumer(bus, spec, logger)
			.catch((error) => logger.warn('durable consumer not created again; will retry', { consumer: spec.durable, error }))
			.finally(() => {
				restoring = undefined
			})
	}
	await restoring
}

/**
 * Creates or updates the durable (and its stream, when missing) and binds to it, retried while JetStream is not ready
 * (a cluster still electing leaders, a replica creating the same consumer at the same moment) until `cancelled`.
 */
async function setUpConsumer(
	bus: Bus,
	spec: ConsumerSpec,
	logger: Logger,
	sleep: (ms: number) => Promise<void>,
	cancelled?: Promise<void>
) {
	for (let delayMs = 250; ; delayMs = Math.min(delayMs * 2, 5_000)) {
		try {
			await restoreConsumer(bus, spec, logger)
			return await bus.js.consumers.get(spec.stream, spec.durable)
		} catch (error) {
			if (!isRetryableNatsError(error)) throw error
			logger.warn('consumer set-up failed; retrying', { consumer: spec.durable, delay_ms: delayMs, error })
			const late = await Promise.race([sleep(delayMs).then(() => false), ...(cancelled ? [cancelled.then(() => true)] : [])])
			if (late) throw error
		}
	}
}
