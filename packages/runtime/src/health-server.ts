import { Gauge, type Registry } from 'prom-client'

export type HealthProbe = () => Promise<boolean> | boolean

/** The probes take no body; Bun refuses anything larger with 413 before reading it. */
export const HEALTH_MAX_REQUEST_BODY_BYTES = 1024

export type HealthServer = { port: number; stop(): void }

export type HealthServerOptions = {
	hostname?: string
	/** Served as Prometheus text on /metrics; without it /metrics is 404 (METRICS=false). */
	metrics?: Registry
}

/** Whether the probe holds, a probe that throws or rejects counting as not ready. */
const isReady = (ready: HealthProbe) =>
	Promise.resolve()
		.then(ready)
		.catch(() => false)

/**
 * `service_ready`: 1 while `ready()` holds, read at scrape time. Kubernetes takes an unready pod out of its
 * Service without restarting it, so a dependency every replica lost (NATS) would otherwise leave every
 * process scraped and healthy-looking while no request reaches them.
 */
export function watchReadiness(registry: Registry, ready: HealthProbe): void {
	new Gauge({
		name: 'service_ready',
		help: 'Whether the process reports ready on /readyz (1) or not (0): dependencies connected and its start finished.',
		registers: [registry],
		async collect() {
			this.set((await isReady(ready)) ? 1 : 0)
		}
	})
}

/**
 * /healthz answers while the process lives; /readyz only while `ready()` holds (dependencies
 * connected, started); /metrics is the service's Prometheus registry, with `service_ready` beside its series.
 */
export function startHealthServer(port: number, ready: HealthProbe, options: HealthServerOptions = {}): HealthServer {
	const { metrics } = options
	if (metrics) watchReadiness(metrics, ready)
	const server = Bun.serve({
		port,
		hostname: options.hostname ?? '0.0.0.0',
		maxRequestBodySize: HEALTH_MAX_REQUEST_BODY_BYTES,
		async fetch(request) {
			const { pathname } = new URL(request.url)
			if (pathname === '/healthz') return Response.json({ status: 'ok' })
			if (pathname === '/readyz') {
				const ok = await isReady(ready)
				return Response.json({ status: ok ? 'ready' : 'not_ready' }, { status: ok ? 200 : 503 })
			}
			if (pathname === '/metrics' && metrics)
				return new Response(await metrics.metrics(), { headers: { 'content-type': metrics.contentType } })
			return Response.json({ status: 'not_found' }, { status: 404 })
		}
	})
	return { port: server.port ?? port, stop: () => server.stop(true) }
}
