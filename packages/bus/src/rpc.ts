import { type Msg, type Subscription, headers } from '@nats-io/transport-node'
import type { Static, TSchema } from '@sinclair/typebox'
import { AppError, dependencyUnavailable, fromEnvelopeBytes, internalError, serviceUnavailable, toEnvelope } from '@lv/errors'
import { isDatabaseUnavailable } from '@lv/db'
import type { Logger } from '@lv/logger'
import { SpanKind, failActiveSpan, inSpan, isTracing } from '@lv/tracing'
import type { Bus } from './connect.ts'
import { decode, encode } from './codec.ts'
import { InvalidPayloadError } from './errors.ts'
import { replyInboxOf } from './reply-inbox.ts'
import { messageTraceContext, traceHeaders } from './trace-headers.ts'

const ERROR_CODE_HEADER = 'Nats-Service-Error-Code'
const ERROR_HEADER = 'Nats-Service-Error'
const encoder = new TextEncoder()
const decoder = new TextDecoder()

export type Responder = { subscription: Subscription; stop(): Promise<void> }

/** A handler's reply bytes with NATS headers of its own (the reply's metadata, beside a body passed on as it is). */
export class HeadedReply {
	constructor(
		readonly body: Uint8Array,
		readonly headers: Readonly<Record<string, string>>
	) {}
}

const replyOptions = (reply: HeadedReply) => {
	const h = headers()
	for (const [name, value] of Object.entries(reply.headers)) h.set(name, value)
	return { headers: h }
}

/**
 * Answers requests on `subject` in a queue group (without `queue`: every responder answers each
 * request). The handler's result goes back as JSON, or as-is when it is already bytes (with headers
 * of its own when a HeadedReply). A handler's AppError (or any failure) goes back
 * as an error reply: Nats-Service-Error(-Code) headers plus a body in the SPEC error envelope.
 */
export function respond<Req extends TSchema>(
	bus: Bus,
	options: { subject: string; queue?: string; schema: Req; handler: (body: Static<Req>) => Promise<unknown> | unknown; logger: Logger }
): Responder {
	const { subject, queue, schema, handler, logger } = options
	const replyError = (msg: Msg, error: AppError) => {
		const h = headers()
		h.set(ERROR_CODE_HEADER, String(error.status))
		h.set(ERROR_HEADER, error.reason)
		msg.respond(encoder.encode(JSON.stringify(toEnvelope(error))), { headers: h })
	}
	async function answer(msg: Msg) {
		try {
			const body = decode(schema, subject, msg.data)
			const result = await handler(body)
			if (result instanceof HeadedReply) msg.respond(result.body, replyOptions(result))
			else msg.respond(result instanceof Uint8Array ? result : encoder.encode(JSON.stringify(result)))
		} catch (error) {
			if (error instanceof AppError) return replyError(msg, error)
			if (error instanceof InvalidPayloadError) {
				logger.warn('invalid request payload', { subject, problems: error.problems })
				return replyError(
					msg,
					new AppError({ status: 400, code: 'invalid_query', reason: 'invalid_input', message: 'The request body is malformed.' })
				)
			}
			if (isDatabaseUnavailable(error)) {
				logger.warn('request handler could not reach the database', { subject, error })
				return replyError(msg, dependencyUnavailable(error))
			}
			logger.error('request handler failed', { subject, error })
			failActiveSpan(error)
			replyError(msg, internalError(error))
		}
	}
	const subscription = bus.nc.subscribe(subject, {
		...(queue === undefined ? {} : { queue }),
		callback: (err, msg) => {
			if (err) {
				logger.error('subscription error', { subject, error: err })
				return
			}
			if (!isTracing()) return void answer(msg)
			void inSpan(
				`serve ${subject}`,
				{
					kind: SpanKind.SERVER,
					parent: messageTraceContext(msg.headers),
					attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject }
				},
				() => answer(msg)
			)
		}
	})
	return {
		subscription,
		async stop() {
			await subscription.drain()
		}
	}
}

type RequestOptions<Req extends TSchema> = {
	subject: string
	schema: Req
	body: Static<Req>
	timeoutMs: number
	unavailableReason: 'checker_unavailable' | 'dependency_unavailable'
}

/**
 * Sends a request and returns the reply's bytes. An error reply is rethrown as the AppError it
 * carries; no responder or no answer within `timeoutMs` is a 503 with `unavailableReason`.
 */
export async function requestBytes<Req extends TSchema>(bus: Bus, options: RequestOptions<Req>): Promise<Uint8Array> {
	return (await requestReply(bus, options)).data
}

/** A reply's bytes and its headers (a HeadedReply's) by name: undefined when absent. */
export type Reply = { data: Uint8Array; header(name: string): string | undefined }

/** requestBytes, with the reply's headers beside its bytes. */
export async function requestReply<Req extends TSchema>(bus: Bus, options: RequestOptions<Req>): Promise<Reply> {
	return requestEncoded(bus, { ...options, data: encode(options.schema, options.subject, options.body) })
}

/**
 * requestReply for a body its caller serialised: not validated against a schema on the way out. For a hot
 * path whose body type is proven by its tests and validated by its responder on arrival (ADR 0065).
 */
export async function requestEncoded(
	bus: Bus,
	options: Omit<RequestOptions<TSchema>, 'schema' | 'body'> & { data: Uint8Array }
): Promise<Reply> {
	const { subject, data, timeoutMs } = options
	let reply: Msg
	try {
		reply = isTracing()
			? await inSpan(
					`request ${subject}`,
					{ kind: SpanKind.CLIENT, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject } },
					() => replyInboxOf(bus).request(subject, data, timeoutMs, traceHeaders())
				)
			: await replyInboxOf(bus).request(subject, data, timeoutMs)
	} catch (error) {
		throw serviceUnavailable(options.unavailableReason, 'The verification service is temporarily unavailable. Retry shortly.', error)
	}
	const statusHeader = reply.headers?.get(ERROR_CODE_HEADER)
	if (!statusHeader) {
		const replyHeaders = reply.headers
		return { data: reply.data, header: (name) => (replyHeaders?.has(name) ? replyHeaders.get(name) : undefined) }
	}
	throw fromEnvelopeBytes(Number(statusHeader), reply.data)
}

/** requestBytes with the reply parsed as JSON. */
export async function request<Req extends TSchema>(bus: Bus, options: RequestOptions<Req>): Promise<unknown> {
	const data = await requestBytes(bus, options)
	try {
		return JSON.parse(decoder.decode(data)) as unknown
	} catch (error) {
		throw internalError(error)
	}
}

export { decode as decodeBody, encode as encodeBody }
