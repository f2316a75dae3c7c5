import { context, propagation, trace } from '@opentelemetry/api'
import type { TracerProvider } from '@opentelemetry/sdk-trace'

export type TracingOptions = {
	serviceName: string
	/** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces` as OTLP/HTTP JSON. */
	endpoint: string | undefined
	/** OTEL_BSP_SCHEDULE_DELAY: how long finished spans wait to be exported together (default 5,000 ms). */
	scheduledDelayMs?: number
}

let provider: TracerProvider | undefined

/**
 * Whether spans are recorded in this process. Every instrumented path asks this first and does
 * nothing else when it is false: no span objects, no context lookups, no header injection.
 */
export function isTracing(): boolean {
	return provider !== undefined
}

/**
 * Registers the OpenTelemetry SDK (AsyncLocalStorage context, W3C trace context, OTLP/HTTP export)
 * when an endpoint is configured; without one nothing is registered, not even loaded, and
 * `isTracing()` stays false.
 */
export async function startTracing(options: TracingOptions): Promise<boolean> {
	if (provider || !options.endpoint) return false
	const [
		{ AsyncLocalStorageContextManager },
		{ W3CTraceContextPropagator },
		{ OTLPTraceExporter },
		{ resourceFromAttributes },
		{ BatchSpanProcessor, TracerProvider }
	] = await Promise.all([
		import('@opentelemetry/context-async-hooks'),
		import('@opentelemetry/core'),
		import('@opentelemetry/exporter-trace-otlp-http'),
		import('@opentelemetry/resources'),
		import('@opentelemetry/sdk-trace')
	])
	if (provider) return false
	const contextManager = new AsyncLocalStorageContextManager()
	contextManager.enable()
	context.setGlobalContextManager(contextManager)
	propagation.setGlobalPropagator(new W3CTraceContextPropagator())
	const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` })
	provider = new TracerProvider({
		resource: resourceFromAttributes({ 'service.name': options.serviceName }),
		spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: options.scheduledDelayMs ?? 5_000 })]
	})
	trace.setGlobalTracerProvider(provider)
	return true
}

/** startTracing from the standard OTEL_* variables. */
export function startTracingFromEnv(serviceName: string, env: Record<string, string | undefined>): Promise<boolean> {
	const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY)
	return startTracing({
		serviceName,
		endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
		scheduledDelayMs: Number.isFinite(delay) && delay > 0 ? delay : undefined
	})
}

/** Exports what is pending and unregisters the SDK (a service's last shutdown step). */
export async function stopTracing(): Promise<void> {
	const stopping = provider
	if (!stopping) return
	provider = undefined
	await stopping.shutdown().catch(() => {})
	trace.disable()
	propagation.disable()
	context.disable()
}

export const tracer = () => trace.getTracer('licence-verify')
