import {
	type Attributes,
	type Context,
	type Link,
	ROOT_CONTEXT,
	type Span,
	SpanKind,
	SpanStatusCode,
	context,
	isSpanContextValid,
	propagation,
	trace
} from '@opentelemetry/api'
import { isTracing, tracer } from './setup.ts'

export { SpanKind }
export type { Context as TraceContext }

export type SpanOptions = { kind?: SpanKind; attributes?: Attributes; parent?: Context; links?: Link[] }

function fail(span: Span, error: unknown) {
	span.recordException(error instanceof Error ? { name: error.name, message: error.message } : String(error))
	span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined })
}

/**
 * Runs `fn` as the active span `name` (ended when its promise settles, marked failed when it
 * throws). Without tracing it only calls `fn`.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span | undefined) => T): T {
	if (!isTracing()) return fn(undefined)
	const parent = options.parent ?? context.active()
	const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes, links: options.links }, parent)
	let result: T
	try {
		result = context.with(trace.setSpan(parent, span), fn, undefined, span)
	} catch (error) {
		fail(span, error)
		span.end()
		throw error
	}
	if (!(result instanceof Promise)) {
		span.end()
		return result
	}
	return result.then(
		(value) => {
			span.end()
			return value
		},
		(error: unknown) => {
			fail(span, error)
			span.end()
			throw error
		}
	) as T
}

/** Marks the active span failed (work that handles its own error, e.g. by answering an error reply). */
export function failActiveSpan(error: unknown): void {
	if (!isTracing()) return
	const span = trace.getActiveSpan()
	if (span) fail(span, error)
}

/** The caller's trace context, to be resumed later (a queued item); undefined without tracing. */
export function captureTraceContext(): Context | undefined {
	return isTracing() ? context.active() : undefined
}

/**
 * Runs work done for several callers at once (a coalesced batch) as one span: a child of the first
 * caller's span, linked to every other caller's span, so each caller's trace reaches it.
 */
export function inBatchSpan<T>(name: string, callers: readonly (Context | undefined)[], attributes: Attributes, fn: () => T): T {
	if (!isTracing()) return fn()
	const links: Link[] = []
	for (let index = 1; index < callers.length; index++) {
		const spanContext = callers[index] && trace.getSpanContext(callers[index] as Context)
		if (spanContext && isSpanContextValid(spanContext)) links.push({ context: spanContext })
	}
	return inSpan(name, { parent: callers[0] ?? ROOT_CONTEXT, links, attributes: { ...attributes, 'batch.size': callers.length } }, fn)
}

/** Writes the active trace context (W3C `traceparent`, `tracestate`) through `set`; nothing without tracing. */
export function injectTraceContext(set: (name: string, value: string) => void): void {
	if (!isTracing()) return
	propagation.inject(context.active(), undefined, { set: (_carrier, name, value) => set(name, value) })
}

/** The trace context a message or request carried (W3C `traceparent`), to parent the span handling it. */
export function extractTraceContext(get: (name: string) => string | undefined): Context {
	return propagation.extract(ROOT_CONTEXT, undefined, {
		get: (_carrier, name) => get(name) || undefined,
		keys: () => ['traceparent', 'tracestate']
	})
}

/** The active span's trace id, for log lines; undefined outside a span or without tracing. */
export function activeTraceId(): string | undefined {
	if (!isTracing()) return undefined
	const spanContext = trace.getSpanContext(context.active())
	return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined
}

/** Attributes of a span around a PostgreSQL statement. */
export const POSTGRES_ATTRIBUTES = { 'db.system.name': 'postgresql' } as const

/** Runs one PostgreSQL statement (or a few in a row) as a client span `name`. */
export function inStatementSpan<T>(name: string, fn: () => T): T {
	return inSpan(name, { kind: SpanKind.CLIENT, attributes: POSTGRES_ATTRIBUTES }, fn)
}

/** Renames the active span once more is known (an HTTP server span learns its route after routing). */
export function describeActiveSpan(name: string, attributes: Attributes): void {
	if (!isTracing()) return
	trace.getActiveSpan()?.updateName(name).setAttributes(attributes)
}

/**
 * Serves one HTTP request as a SERVER span, the root of its trace: a public API does not continue
 * a trace context a caller sends.
 */
export function inHttpServerSpan(request: Request, handle: () => Response | Promise<Response>): Promise<Response> {
	return inSpan(
		request.method,
		{
			kind: SpanKind.SERVER,
			parent: ROOT_CONTEXT,
			attributes: { 'http.request.method': request.method, 'url.path': new URL(request.url).pathname }
		},
		async (span) => {
			const response = await handle()
			span?.setAttribute('http.response.status_code', response.status)
			if (response.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR })
			return response
		}
	)
}

/** The active span as a W3C `traceparent` value, to be stored with work resumed later; null without tracing. */
export function activeTraceparent(): string | null {
	let traceparent: string | null = null
	injectTraceContext((name, value) => {
		if (name === 'traceparent') traceparent = value
	})
	return traceparent
}
