import { Elysia } from 'elysia'
import { describeActiveSpan, inHttpServerSpan, isTracing } from '@lv/tracing'

/**
 * A span per HTTP request, named by its route, when tracing is on. Without tracing the plugin adds
 * nothing to the request path (no wrapper, no hook).
 */
export function httpTracing() {
	const plugin = new Elysia({ name: 'http-tracing' })
	if (!isTracing()) return plugin
	return plugin
		.wrap((handle, request) => {
			const serve = handle as unknown as (request: Request) => Response | Promise<Response>
			return () => inHttpServerSpan(request, () => serve(request))
		})
		.onTransform({ as: 'global' }, ({ request, route }) => describeActiveSpan(`${request.method} ${route}`, { 'http.route': route }))
}
