export type HealthProbe = () => Promise<boolean> | boolean

export type HealthServer = { port: number; stop(): void }

/** /healthz answers while the process lives; /readyz only while `ready()` holds (dependencies connected, started). */
export function startHealthServer(port: number, ready: HealthProbe, hostname = '0.0.0.0'): HealthServer {
	const server = Bun.serve({
		port,
		hostname,
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
