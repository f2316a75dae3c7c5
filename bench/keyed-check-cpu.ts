/**
 * Gateway CPU per keyed `GET /v1/check` of a listed, memoised domain, in-process (`app.handle`, no
 * HTTP server), over real PostgreSQL, nats-server and a checker process: what the gateway's own
 * JavaScript (routing, key check, counting, dispatch to the checker, headers) costs per call, steady on
 * a shared machine where req/s is not. Also this checkout's gateway with key-cache and allowance leases
 * (ADR 0031, BENCH_KEY_LEASE_MS, default 4000; 0 leaves it out), check rounds running (and the other checkout's too
 * with BENCH_BASE_ROOT), and with held answers served without the round trip (ADR 0048), with and without
 * leases. BENCH_BASE_ROOT=dir also loads the gateway of another checkout
 * (its own node_modules) into the same process and alternates the two: a same-run A/B of a change.
 * BENCH_GATEWAYS=word,word builds and measures only the gateways whose name contains one of the words.
 * BENCH_COLD=1 asks a never-asked unlisted domain every call instead (the cold check: the dispatch to the
 * checker, its reply and the answer's Response, never a held answer). BENCH_BATCH=1 posts `POST /v1/check/batch`
 * of 100 listed domains (answered from the checker's batch rows) instead: the gateway's CPU per batch, 8 in flight;
 * BENCH_BATCH=half makes half of each batch never-asked domains.
 * BENCH_CHECKERS=2 starts two checker replicas.
 *
 *   bun bench/keyed-check-cpu.ts          BENCH_BASE_ROOT=/tmp/base BENCH_CALLS=40000 bun bench/keyed-check-cpu.ts
 */
import { join } from 'node:path'
import { connectBus } from '@lv/bus'
import { monotonicClock, systemClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { REPO_ROOT } from '@lv/testing'
import { BENCH_GATEWAY_CONFIG } from './lib/gateway-config.ts'
import { LISTED_DOMAIN_QUERY, startKeyedCheckWorld } from './lib/keyed-check-world.ts'
import { type Handle, cpuPerCall, inAlternatingRounds } from './lib/in-process.ts'
import { hostname } from './lib/synthetic-world.ts'

const BATCH = process.env.BENCH_BATCH === '1' || process.env.BENCH_BATCH === 'half'
const CALLS = Number(process.env.BENCH_CALLS ?? (BATCH ? 3_000 : 30_000))
const PATH = BATCH ? '/v1/check/batch' : `/v1/check${LISTED_DOMAIN_QUERY}`
/** Past the world's seeded domains: every name is unlisted and asked once. */
let unasked = 1_000_000
const BODY = BATCH ? JSON.stringify({ domains: Array.from({ length: 100 }, (_, i) => hostname(i * 17)) }) : undefined
/** BENCH_BATCH=half: 50 listed domains (the same in every batch) and 50 never asked, as in bench/check-http.ts's batch. */
const halfFreshBody = () =>
	JSON.stringify({ domains: Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? hostname(i * 17) : hostname(unasked++))) })
const body = process.env.BENCH_BATCH === 'half' ? halfFreshBody : BODY
const IN_FLIGHT = BATCH ? 8 : 50
const coldPath = () => `/v1/check?domain=${hostname(unasked++)}`
const path = process.env.BENCH_COLD === '1' ? coldPath : PATH

const world = await startKeyedCheckWorld(Number(process.env.BENCH_CHECKERS ?? 1))
const { db, nats, headers } = world

type Gateway = { handle: Handle; close(): Promise<void> }

/**
 * A gateway replica as main.ts builds it (metrics on, a counting connection of its own), from `root`'s
 * code: the counting connection on Bun's client where that checkout has it, else one postgres.js
 * connection (or with `postgresJs`).
 */
async function gatewayFrom(
	root: string,
	options: { postgresJs?: boolean; keyLeaseMs?: number; heldAnswers?: boolean } = {}
): Promise<Gateway> {
	const { postgresJs = false, keyLeaseMs, heldAnswers = false } = options
	const { createApp } = await import(join(root, 'services/gateway/src/app.ts'))
	const { createAuthRuntime } = await import(join(root, 'services/gateway/src/auth/runtime.ts'))
	const { createGatewayMetrics } = await import(join(root, 'services/gateway/src/metrics.ts'))
	const { createServiceMetrics } = await import(join(root, 'node_modules/@lv/runtime/src/index.ts'))
	const rootDb = await import(join(root, 'node_modules/@lv/db/src/index.ts'))
	const bus = await connectBus({ servers: nats.url, name: 'bench-keyed-check-cpu' })
	const pool = rootDb.createSql(db.url, { max: 1 })
	const bunConnection =
		!postgresJs && rootDb.openStatementConnection ? rootDb.openStatementConnection(db.url, { applicationName: 'bench' }) : null
	const countingSql = bunConnection ?? (rootDb.statementsOn ? rootDb.statementsOn(pool) : pool)
	// ADR 0048: held answers served without the round trip while the checker's state is proven, as main.ts does.
	const watch = heldAnswers
		? (await import(join(root, 'services/gateway/src/routes/checker-states-watch.ts'))).watchCheckerStates({
				bus,
				clock: monotonicClock,
				logger: silentLogger,
				proofMs: 1_000
			})
		: undefined
	const deps = {
		sql: db.sql,
		bus,
		clock: systemClock,
		logger: silentLogger,
		config: BENCH_GATEWAY_CONFIG,
		checkerStates: watch?.states
	}
	const metrics = createGatewayMetrics(createServiceMetrics('gateway', true))
	const auth = createAuthRuntime({ ...deps, countingSql, metrics, keyLeaseMs })
	const app = createApp({ ...deps, metrics, auth })
	let stopRounds = () => {}
	if (auth.leases) {
		const { startCheckRounds } = await import(join(root, 'services/gateway/src/limits/replica-leases.ts'))
		await auth.leases.checkRound()
		stopRounds = startCheckRounds(auth.leases, silentLogger)
	}
	return {
		handle: (request) => app.handle(request),
		async close() {
			stopRounds()
			await watch?.stop()
			await pool.end({ timeout: 1 })
			await bunConnection?.close()
			await bus.close()
		}
	}
}

const KEY_LEASE_MS = Number(process.env.BENCH_KEY_LEASE_MS ?? 4_000)
const baseRoot = process.env.BENCH_BASE_ROOT
type Options = Parameters<typeof gatewayFrom>[1]
const candidates: { name: string; root: string; options?: Options; when?: boolean }[] = [
	{ name: 'this checkout', root: REPO_ROOT },
	{ name: 'this checkout, counting on postgres.js', root: REPO_ROOT, options: { postgresJs: true } },
	{ name: 'this checkout, leases', root: REPO_ROOT, options: { keyLeaseMs: KEY_LEASE_MS }, when: KEY_LEASE_MS > 0 },
	{ name: 'this checkout, held answers served (ADR 0048)', root: REPO_ROOT, options: { heldAnswers: true } },
	{
		name: 'this checkout, leases and held answers served',
		root: REPO_ROOT,
		options: { keyLeaseMs: KEY_LEASE_MS, heldAnswers: true },
		when: KEY_LEASE_MS > 0
	},
	{ name: 'base checkout', root: baseRoot ?? '', when: !!baseRoot },
	{ name: 'base checkout, leases', root: baseRoot ?? '', options: { keyLeaseMs: KEY_LEASE_MS }, when: !!baseRoot && KEY_LEASE_MS > 0 },
	{
		name: 'base checkout, leases and held answers served',
		root: baseRoot ?? '',
		options: { keyLeaseMs: KEY_LEASE_MS, heldAnswers: true },
		when: !!baseRoot && KEY_LEASE_MS > 0
	}
]
// BENCH_GATEWAYS=word,word builds only the gateways whose name contains one of the words (e.g. `held`).
const only = process.env.BENCH_GATEWAYS?.split(',')
const gateways: { name: string; gateway: Gateway }[] = []
for (const { name, root, options, when = true } of candidates)
	if (when && (!only || only.some((word) => name.includes(word)))) gateways.push({ name, gateway: await gatewayFrom(root, options) })

try {
	await inAlternatingRounds(
		gateways.map(({ name, gateway }) => ({
			name,
			measure: (calls: number) => cpuPerCall(gateway.handle, path, calls, headers, IN_FLIGHT, body)
		})),
		CALLS,
		BATCH ? 300 : 3_000
	)
} finally {
	for (const { gateway } of gateways) await gateway.close()
	await world.stop()
}
