import { type MsgHdrs, headers } from '@nats-io/transport-node'
import { type TraceContext, extractTraceContext, injectTraceContext, isTracing } from '@lv/tracing'

/**
 * NATS headers carrying the active W3C trace context, or undefined without tracing (then a message
 * goes out exactly as before: no headers object, no propagation work).
 */
export function traceHeaders(): MsgHdrs | undefined {
	if (!isTracing()) return undefined
	const carrier = headers()
	injectTraceContext((name, value) => carrier.set(name, value))
	return carrier
}

/** The trace context a received message carried (a root context when it carried none). */
export function messageTraceContext(msgHeaders: MsgHdrs | undefined): TraceContext {
	return extractTraceContext((name) => msgHeaders?.get(name))
}
