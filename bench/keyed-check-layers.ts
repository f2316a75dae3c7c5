/**
 * Where a keyed `GET /v1/check` spends the gateway's CPU: the real gateway (createApp, its global plugins
 * and hooks, the auth plugin, metrics on as main.ts builds it, counting on its own connection on Bun's
 * client) over real PostgreSQL, nats-server and a checker process, with probe routes added that stop the
 * request at successive layers. All layers run in one process, in BENCH_ROUNDS alternating rounds:
 *
 *   1. bare Elysia route (the yardstick)
 *   2. the gateway's app, a trivial route with a fixed small JSON (the global lifecycle: metrics, request
 *      id, error envelope, OpenAPI, ...)
 *   3. + key check, claim and counting (authPlugin, as /v1/check uses it), same fixed JSON
 *   4. + /v1/check's query and response schemas, answering the checker's bytes for the domain (captured once)
 *   5. + the NATS request to the checker: the real keyed /v1/check
 * and variants: 4 with the answer as an object that Elysia serialises; the check without the key check and
 * limits (gateway-server.ts's unlimited route); 2 and 5 on a second gateway with metrics off; 3 and 5 on a third
 * with key-cache and allowance leases (ADR 0031, BENCH_KEY_LEASE_MS, default 4000), check rounds running.
 *
 * CPU of this process per request (the app, its PostgreSQL and NATS clients; not the checker, PostgreSQL or
 * nats-server). By default in-process (`app.handle`, 50 calls in flight, BENCH_CALLS per round): steady,
 * but without Bun's HTTP server. BENCH_HTTP=1 serves every layer on a port and drives it with wrk instead
 * (50 connections, BENCH_DURATION seconds a round): the figures bench/check-http.ts gives as gateway CPU
 * per request, HTTP parsing and writing included, so the bare route's figure there is the server's own cost.
 *
 *   bun bench/keyed-check-layers.ts          BENCH_HTTP=1 BENCH_ROUNDS=3 bun bench/keyed-check-layers.ts
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { Elysia } from 'elysia'
import { connectBus } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { openStatementConnection } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { TMP_ROOT } from '@lv/testing'
import { createApp } from '../services/gateway/src/app.ts'
import { authPlugin } from '../services/gateway/src/auth/plugin.ts'
import { createAuthRuntime } from '../services/gateway/src/auth/runtime.ts'
import { createGatewayMetrics } from '../services/gateway/src/metrics.ts'
import { CheckQueryParams, CheckResultModel } from '../services/gateway/src/models/check.ts'
import { startCheckRounds } from '../services/gateway/src/limits/replica-leases.ts'
import { checkHandlers } from '../services/gateway/src/routes/check.ts'
import { BENCH_GATEWAY_CONFIG } from './lib/gateway-config.ts'
import { type CpuPerCall, type Handle, cpuPerCall, inAlternatingRounds } from './lib/in-process.ts'
import { LISTED_DOMAIN_QUERY, startKeyedCheckWorld } from './lib/keyed-check-world.ts'
import { runWrk } from './lib/wrk.ts'

const CALLS = Number(process.env.BENCH_CALLS ?? 30_000)
const HTTP = process.env.BENCH_HTTP === '1'
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const QUERY = LISTED_DOMAIN_QUERY
const KEY_LEASE_MS = Number(process.env.BENCH_KEY_LEASE_MS ?? 4_000)

const world = await startKeyedCheckWorld()
const { db, nats, headers } = world
const closers: (() => Promise<unknown>)[] = []

/** A gateway replica as main.ts builds it, plus the probe routes; `answer` is what the checker answers for QUERY. */
async function gatewayWithProbes(metricsOn: boolean, answer: { bytes: Uint8Array; object: unknown }, keyLeaseMs?: number) {
	const bus = await connectBus({ servers: nats.url, name: 'bench-keyed-check-layers' })
	const countingSql = openStatementConnection(db.url, { applicationName: 'bench-counting' })
	closers.push(
		() => countingSql.close(),
		() => bus.close()
	)
	const deps = { sql: db.sql, bus, clock: systemClock, logger: silentLogger, config: BENCH_GATEWAY_CONFIG }
	const metrics = createGatewayMetrics(createServiceMetrics('gateway', metricsOn))
	const auth = createAuthRuntime({ ...deps, countingSql, metrics, keyLeaseMs })
	if (auth.leases) {
		await auth.leases.checkRound()
		const stopRounds = startCheckRounds(auth.leases, silentLogger)
		closers.push(async () => stopRounds())
	}
	const check = checkHandlers({ ...deps, metrics })
	const small = { ok: true, service: 'bare' }
	// As /v1/check names its key option (read-only unless the call may ask for a signed record).
	const keyed = { auth: { mode: 'optional' as const, readOnly: (request: Request) => !request.url.includes('evidence') } }
	const answerBytes = () => new Response(answer.bytes as BodyInit, { headers: { 'content-type': 'application/json' } })
	return createApp({ ...deps, metrics, auth }).use(
		new Elysia()
			.get('/probe/plain', () => small)
			.get('/probe/unlimited-check', ({ query, request }) => check.single(query, request.url), { query: CheckQueryParams })
			.use(authPlugin(auth))
			.get('/probe/keyed', () => small, keyed)
			.get('/probe/keyed-check-bytes', answerBytes, { ...keyed, query: CheckQueryParams, response: { 200: CheckResultModel } })
			.get('/probe/keyed-check-object', () => answer.object as never, {
				...keyed,
				query: CheckQueryParams,
				response: { 200: CheckResultModel }
			})
	)
}

/** The checker's answer for QUERY, asked once through a gateway without probes' help. */
async function checkerAnswer(): Promise<{ bytes: Uint8Array; object: unknown }> {
	const probe = await gatewayWithProbes(false, { bytes: new Uint8Array(), object: {} })
	const response = await probe.handle(new Request(`http://localhost/v1/check${QUERY}`, { headers }))
	if (response.status !== 200) throw new Error(`/v1/check answered ${response.status}`)
	const bytes = new Uint8Array(await response.arrayBuffer())
	return { bytes, object: JSON.parse(new TextDecoder().decode(bytes)) }
}

const answer = await checkerAnswer()
const bare = new Elysia().get('/bare', () => ({ ok: true, service: 'bare' }))
const gateway = await gatewayWithProbes(true, answer)
const withoutMetrics = await gatewayWithProbes(false, answer)
const leased = await gatewayWithProbes(true, answer, KEY_LEASE_MS)

type App = typeof gateway | typeof bare
const layers: { name: string; app: App; path: string }[] = [
	{ name: '1 bare Elysia route', app: bare, path: '/bare' },
	{ name: '2 gateway app, trivial route', app: gateway, path: '/probe/plain' },
	{ name: '3 + key check and counting', app: gateway, path: '/probe/keyed' },
	{ name: '4 + check schemas, answer bytes', app: gateway, path: `/probe/keyed-check-bytes${QUERY}` },
	{ name: '5 + NATS to checker (/v1/check)', app: gateway, path: `/v1/check${QUERY}` },
	{ name: 'v 4 with the answer serialised', app: gateway, path: `/probe/keyed-check-object${QUERY}` },
	{ name: 'v check without key check', app: gateway, path: `/probe/unlimited-check${QUERY}` },
	{ name: 'v 2 with metrics off', app: withoutMetrics, path: '/probe/plain' },
	{ name: 'v 5 with metrics off', app: withoutMetrics, path: `/v1/check${QUERY}` },
	{ name: 'v 3 with leases', app: leased, path: '/probe/keyed' },
	{ name: 'v 5 with leases', app: leased, path: `/v1/check${QUERY}` }
]

const workDir = mkdtempSync(join(TMP_ROOT, 'bench-layers-'))
const origins = new Map<App, string>()
function originOf(app: App): string {
	const known = origins.get(app)
	if (known) return known
	app.listen({ port: 0, hostname: '127.0.0.1' })
	const origin = `http://127.0.0.1:${app.server?.port}`
	origins.set(app, origin)
	closers.push(async () => app.stop())
	return origin
}

/** CPU of this process per request while wrk drives `path` over HTTP for `seconds`. */
async function cpuPerHttpRequest(app: App, path: string, seconds: number): Promise<CpuPerCall> {
	const before = process.cpuUsage()
	const result = await runWrk({ url: `${originOf(app)}${path}`, durationSeconds: seconds, connections: 50, threads: 1, headers, workDir })
	const used = process.cpuUsage(before)
	if (result.non2xx > 0) throw new Error(`${path} answered ${result.non2xx} non-2xx`)
	return { micros: (used.user + used.system) / result.requests, perSecond: result.requestsPerSecond }
}

const measureOf = (app: App, path: string) =>
	HTTP
		? (calls: number) => cpuPerHttpRequest(app, path, calls === CALLS ? DURATION : 1)
		: (calls: number) => cpuPerCall((request) => (app as { handle: Handle }).handle(request), path, calls, headers)

console.log(
	`${HTTP ? `HTTP (wrk, ${DURATION} s a round)` : `in-process (${CALLS} calls a round)`}; load: ${(await Bun.$`uptime`.text()).trim()}`
)
try {
	const medians = await inAlternatingRounds(
		layers.map(({ name, app, path }) => ({ name, measure: measureOf(app, path) })),
		CALLS,
		3_000
	)
	console.log(`-- layer, CPU µs per request, increment over the layer before; load: ${(await Bun.$`uptime`.text()).trim()}`)
	let previous = 0
	for (const { name } of layers) {
		const micros = medians.get(name) ?? Number.NaN
		const increment = micros - previous
		const step = name.startsWith('v ') ? '' : `${increment >= 0 ? '+' : ''}${increment.toFixed(2)}`
		if (!name.startsWith('v ')) previous = micros
		console.log(`${name.padEnd(40)} ${micros.toFixed(2).padStart(7)} ${step}`)
	}
} finally {
	for (const close of closers.reverse()) await close()
	rmSync(workDir, { recursive: true, force: true })
	await world.stop()
}
