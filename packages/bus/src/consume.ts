import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream'
import type { Static, TSchema } from '@sinclair/typebox'
import type { ConsumerSpec } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import { SpanKind, inSpan, isTracing } from '@lv/tracing'
import type { Bus } from './connect.ts'
import { decode } from './codec.ts'
import { PermanentError, TransientError } from './errors.ts'
import { isRetryableNatsError } from './publish.ts'
import { ensureConsumer } from './streams.ts'
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
}

/** Short pulls so a consumer whose leader node died resumes within seconds (default heartbeats would take 30 s). */
export const DEFAULT_PULL_EXPIRES_MS = 4_000

export type Consumption = { stop(): Promise<void>; done: Promise<void> }

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
 * errors, and terminated when the payload is invalid or the error is permanent.
 */
export async function consume<S extends TSchema>(bus: Bus, options: ConsumeOptions<S>): Promise<Consumption> {
	const { consumer: spec, schema, handler, logger } = options
	const defaultRetryMs = options.defaultRetryMs ?? 5_000
	const consumer = await setUpConsumer(bus, spec, logger)
	const messages = await consumer.consume({
		max_messages: options.maxMessages ?? 16,
		expires: options.pullExpiresMs ?? DEFAULT_PULL_EXPIRES_MS
	})
	const handle = async (msg: JsMsg) => {
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
	const recreating = recreateWhenMissing(bus, spec, messages, logger)
	const done = (async () => {
		for await (const msg of messages) await handle(msg)
	})()
	return {
		done,
		async stop() {
			await messages.close()
			await done.catch(() => {})
			await recreating
		}
	}
}

/**
 * A durable deleted under a running consumption (by hand, or lost with a node's state) is created again as at start:
 * the client keeps asking for it by name and resumes once it exists. Without this its messages wait in the stream
 * until a process restarts, while every replica still reports ready.
 */
async function recreateWhenMissing(bus: Bus, spec: ConsumerSpec, messages: ConsumerMessages, logger: Logger): Promise<void> {
	let recreating: Promise<void> | undefined
	for await (const status of messages.status()) {
		if ((status.type !== 'consumer_not_found' && status.type !== 'consumer_deleted') || recreating) continue
		logger.warn('durable consumer missing; creating it again', { consumer: spec.durable })
		recreating = ensureConsumer(bus, spec)
			.catch((error) => logger.warn('durable consumer not created again; will retry', { consumer: spec.durable, error }))
			.finally(() => {
				recreating = undefined
			})
	}
	await recreating
}

/**
 * Creates or updates the durable and binds to it, retried while JetStream is not ready (a cluster
 * still electing leaders, a replica creating the same consumer at the same moment).
 */
async function setUpConsumer(bus: Bus, spec: ConsumerSpec, logger: Logger) {
	for (let delayMs = 250; ; delayMs = Math.min(delayMs * 2, 5_000)) {
		try {
			await ensureConsumer(bus, spec)
			return await bus.js.consumers.get(spec.stream, spec.durable)
		} catch (error) {
			if (!isRetryableNatsError(error)) throw error
			logger.warn('consumer set-up failed; retrying', { consumer: spec.durable, delay_ms: delayMs, error })
			await Bun.sleep(delayMs)
		}
	}
}
