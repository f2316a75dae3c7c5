/**
 * The real gateway (createApp over PostgreSQL and NATS) for the benches, plus bench-only routes that
 * run the same handlers with the same schemas as /v1/jurisdictions, /v1/operators/{slug}, /v1/check
 * and /v1/check/batch, minus the key check and limits, so the limiter's cost is the difference.
 */
import { Elysia, t } from 'elysia'
import { connectBus } from '@lv/bus'
import { monotonicClock, systemClock } from '@lv/clock'
import { createSql, openStatementConnection, statementsOn } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { createCoalescer, createServiceMetrics } from '@lv/runtime'
import { createApp } from '../services/gateway/src/app.ts'
import { BENCH_GATEWAY_CONFIG } from './lib/gateway-config.ts'
import { startCheckRounds } from '../services/gateway/src/limits/replica-leases.ts'
import { createAuthRuntime } from '../services/gateway/src/auth/runtime.ts'
import { DEFAULT_KEY_LEASE_MS } from '../services/gateway/src/config.ts'
import { type KeyedClaim, countKeyedClaims } from '@lv/quota'
import { createGatewayMetrics } from '../services/gateway/src/metrics.ts'
import { listJurisdictions } from '@lv/register-store'
import { BatchBody, CheckQueryParams } from '../services/gateway/src/models/check.ts'
import { checkHandlers } from '../services/gateway/src/routes/check.ts'
import { watchCheckerStates } from '../services/gateway/src/routes/checker-states-watch.ts'
import { GatewayEnv } from '../services/gateway/src/config.ts'
import { JurisdictionListModel } from '../services/gateway/src/routes/jurisdictions.ts'
import { OperatorDetailModel, operatorDetail } from '../services/gateway/src/routes/operators.ts'

const env = (name: string) => {
	const value = process.env[name]
	if (!value) throw new Error(`${name} is required`)
	return value
}

const optionalNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined)
const sql = createSql(env('DATABASE_URL'), { max: 20, applicationName: 'bench-gateway' })
const bus = await connectBus({ servers: env('NATS_URL'), name: 'bench-gateway' })
// Held answers served without the round trip as main.ts does (ADR 0048); CHECKER_STATE_PROOF_MS=0 turns it off.
const proofMs = optionalNumber('CHECKER_STATE_PROOF_MS') ?? GatewayEnv.properties.CHECKER_STATE_PROOF_MS.default
const checkerStates = proofMs > 0 ? watchCheckerStates({ bus, clock: monotonicClock, logger: silentLogger, proofMs }).states : undefined
const deps = {
	sql,
	bus,
	checkerStates,
	clock: systemClock,
	logger: silentLogger,
	config: {
		...BENCH_GATEWAY_CONFIG,
		CHECK_BATCH_PART_DOMAINS: optionalNumber('CHECK_BATCH_PART_DOMAINS'),
		CHECK_MESSAGES_IN_FLIGHT: optionalNumber('CHECK_MESSAGES_IN_FLIGHT')
	}
}
const check = checkHandlers(deps)
// METRICS=false as in production: no per-request hooks (bench/check-http.ts compares both).
const metrics = createGatewayMetrics(createServiceMetrics('gateway', process.env.METRICS !== 'false'))
// For comparisons (ADRs 0032, 0036): the keyed counting statements on a connection of their own on Bun's
// client as in production, on one postgres.js connection with BENCH_COUNTING_CONNECTION=postgres.js, or on
// the shared pool with BENCH_COUNTING_CONNECTION=pool; BENCH_COUNTING_IN_FLIGHT=n statements in flight.
const countingConnection = process.env.BENCH_COUNTING_CONNECTION
const countingSql =
	countingConnection === 'pool'
		? statementsOn(sql)
		: countingConnection === 'postgres.js'
			? statementsOn(createSql(env('DATABASE_URL'), { max: 1, applicationName: 'bench-gateway-counting' }))
			: openStatementConnection(env('DATABASE_URL'), { applicationName: 'bench-gateway-counting' })
// Key-cache and allowance leases (ADR 0031) as the gateway's KEY_LEASE_MS default, or BENCH_KEY_LEASE_MS (0: off); a check round every quarter lease.
const keyLeaseMs = optionalNumber('BENCH_KEY_LEASE_MS') ?? DEFAULT_KEY_LEASE_MS
const auth = createAuthRuntime({ ...deps, countingSql, metrics, keyLeaseMs: keyLeaseMs || undefined })
if (auth.leases) {
	await auth.leases.checkRound()
	startCheckRounds(auth.leases, silentLogger)
}
const inFlight = Number(process.env.BENCH_COUNTING_IN_FLIGHT ?? 0)
if (inFlight > 0)
	auth.limits.keyed = createCoalescer((claims: readonly KeyedClaim[]) => countKeyedClaims(countingSql, claims), {
		maxInFlight: inFlight,
		timeoutMs: deps.config.LIMITS_STORE_TIMEOUT_MS
	})

createApp({ ...deps, metrics, auth })
	.use(
		new Elysia()
			.get('/bench/unlimited/jurisdictions', async () => ({ jurisdictions: await listJurisdictions(sql) }), {
				response: { 200: JurisdictionListModel }
			})
			.get('/bench/unlimited/operators/:slug', ({ params }) => operatorDetail(deps, params.slug, undefined), {
				response: { 200: OperatorDetailModel }
			})
			.get('/bench/unlimited/check', ({ query, request }) => check.single(query, request.url), { query: CheckQueryParams })
			.post('/bench/unlimited/check/batch', ({ body }) => check.batch(body.domains), { body: BatchBody })
			.get('/bench/ready', () => ({ ok: true }), { response: t.Object({ ok: t.Boolean() }) })
	)
	.listen({ port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' })

// A clean exit on SIGTERM lets `bun --cpu-prof` (BENCH_PROFILE_DIR) write its profile.
process.on('SIGTERM', () => process.exit(0))
