/** One span as an OTLP/HTTP JSON export carries it, with the exporting service's name. */
export type ReceivedSpan = {
	service: string
	traceId: string
	spanId: string
	parentSpanId: string | undefined
	name: string
	kind: number
	/** 0 unset, 1 ok, 2 error */
	statusCode: number
	attributes: Record<string, unknown>
	links: { traceId: string; spanId: string }[]
}

export type OtlpReceiver = {
	/** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT. */
	url: string
	spans(): ReceivedSpan[]
	stop(): void
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number }
type KeyValue = { key: string; value: AnyValue }
type ExportedSpan = {
	traceId: string
	spanId: string
	parentSpanId?: string
	name: string
	kind: number
	status?: { code?: number }
	attributes?: KeyValue[]
	links?: { traceId: string; spanId: string }[]
}
type TraceExport = { resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: ExportedSpan[] }[] }[] }

const attributeValue = (value: AnyValue) => value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map((entry) => [entry.key, attributeValue(entry.value)]))

/** A collector stand-in: accepts OTLP/HTTP JSON trace exports on POST /v1/traces and keeps the spans. */
export function startOtlpReceiver(): OtlpReceiver {
	const received: ReceivedSpan[] = []
	const server = Bun.serve({
		port: 0,
		hostname: '127.0.0.1',
		async fetch(request) {
			if (request.method !== 'POST' || new URL(request.url).pathname !== '/v1/traces') return new Response('not found', { status: 404 })
			if (!request.headers.get('content-type')?.startsWith('application/json')) return new Response('JSON exports only', { status: 415 })
			const body = (await request.json()) as TraceExport
			for (const resourceSpans of body.resourceSpans ?? []) {
				const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '')
				for (const scope of resourceSpans.scopeSpans ?? [])
					for (const span of scope.spans ?? [])
						received.push({
							service,
							traceId: span.traceId,
							spanId: span.spanId,
							parentSpanId: span.parentSpanId || undefined,
							name: span.name,
							kind: span.kind,
							statusCode: span.status?.code ?? 0,
							attributes: attributesOf(span.attributes),
							links: (span.links ?? []).map((link) => ({ traceId: link.traceId, spanId: link.spanId }))
						})
			}
			return Response.json({})
		}
	})
	return { url: `http://127.0.0.1:${server.port}`, spans: () => [...received], stop: () => void server.stop(true) }
}
