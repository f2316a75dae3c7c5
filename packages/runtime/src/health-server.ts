export type HealthProbe = () => Promise<boolean> | boolean

/** The probes take no body; Bun refuses anything larger with 413 before reading it. */
export const HEALTH_MAX_REQUEST_BODY_BYTES = 1024

export type HealthServer = { port: number; stop(): void }

/** /healthz answers while the process lives; /readyz only while `ready()` holds (dependencies connected, started). */
export function startHealthServer(port: number, ready: HealthProbe, hostname = '0.0.0.0'): HealthServer {
	const server = Bun.serve({
		port,
		hostname,
		maxRequestBodySize: HEALTH_MAX_REQUEST_BODY_BYTES,
		async fetch(request) {
			const { pathname } = new URL(request.url)
			if (pathname === '/healthz') return Response.json({ status: 'ok' })
			if (pathname === '/readyz') {
				const ok = await Promise.resolve(ready()).catch(() => false)
				return Response.json({ status: ok ? 'ready' : 'not_ready' }, { status: ok ? 200 : 503 })
			}
			return Response.json({ status: 'not_found' }, { status: 404 })
		}
	})
	return { port: server.port ?? port, stop: () => server.stop(true) }
}
