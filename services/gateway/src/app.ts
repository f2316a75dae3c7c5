import type { CheckerStates } from '@lv/answer-state'
import { Elysia } from 'elysia'
import type { Bus } from '@lv/bus'
import type { Clock, StartTimer } from '@lv/clock'
import { type Sql, type StatementRunner, withStatementDeadline } from '@lv/db'
import { AppError } from '@lv/errors'
import type { EvidenceKeyring } from '@lv/evidence'
import type { Logger } from '@lv/logger'
import { createServiceMetrics } from '@lv/runtime'
import { GATEWAY_MAX_REQUEST_BODY_BYTES } from './body-limit.ts'
import { type GatewayConfig, databaseWaitTimeoutMs } from './config.ts'
import { AUTH_STATE, type AuthContext, hasAllHeaders } from './auth/plugin.ts'
import { type AuthRuntime, createAuthRuntime } from './auth/runtime.ts'
import { type Answered, type GatewayMetrics, answeredStatus, createGatewayMetrics, recordAnswered, requestMetrics } from './metrics.ts'
import { errorResponse, toAppError } from './errors.ts'
import type { ConnectorSettings } from './mcp/connector-settings.ts'
import { connectorRoutes } from './mcp/plugin.ts'
import { apiDocument } from './openapi/document-plugin.ts'
import { httpTracing } from './http-tracing.ts'
import { requestIdOf } from './request-id.ts'
import { checkRoutes } from './routes/check.ts'
import { healthRoutes } from './routes/health.ts'
import { coverageRoutes } from './routes/coverage.ts'
import { evidenceRoutes } from './routes/evidence.ts'
import { exportRoutes } from './routes/export.ts'
import { jurisdictionRoutes } from './routes/jurisdictions.ts'
import { llmsRoutes } from './routes/llms.ts'
import { licenseRoutes } from './routes/licenses.ts'
import { operatorRoutes } from './routes/operators.ts'
import { statsRoutes } from './routes/stats.ts'
import { watchlistRoutes } from './routes/watchlist.ts'
import { webhookRoutes } from './routes/webhooks.ts'
import { webhookResendRoutes } from './routes/webhook-resend.ts'
import { statusRoutes } from './status/status-routes.ts'
import { usageRoutes } from './routes/usage.ts'
import { type MethodsAt, methodsByPath, wrongMethod } from './wrong-method.ts'
import { startCheckRounds } from './limits/replica-leases.ts'
import type { WebhookSettings } from './webhooks/webhook-settings.ts'

export type GatewayDeps = {
	sql: Sql
	/** DATABASE_READ_URL's pool: register lookups, history, stats. Keys, limits, watchlist and webhooks stay on `sql` (read-your-writes). */
	readSql?: Sql
	/** One connection for the keyed counting statements (main.ts: Bun's client, ADR 0036); `sql` when absent. */
	countingSql?: StatementRunner
	bus: Bus
	clock: Clock
	logger: Logger
	config: Pick<
		GatewayConfig,
		'PUBLIC_BASE_URL' | 'PRICING_URL' | 'APP_URL' | 'CHECKER_TIMEOUT_MS' | 'LIMITS_STORE_TIMEOUT_MS' | 'TRUSTED_PROXIES'
	> &
		Partial<
			Pick<
				GatewayConfig,
				| 'CHECK_BATCH_PART_DOMAINS'
				| 'CHECK_MESSAGES_IN_FLIGHT'
				| 'KEY_LEASE_MS'
				| 'DATABASE_STATEMENT_TIMEOUT_MS'
				| 'DATABASE_WAIT_TIMEOUT_MS'
			>
		>
	/** The timer of the health probes' deadline (HEALTH_PROBE_TIMEOUT_MS): real timers when absent, tests fire theirs by hand. */
	healthProbeTimer?: StartTimer
	/** WEBHOOK_SECRET_KEY, WEBHOOK_ALLOW_LIST (and a resolver in tests); the webhook routes answer 500 without it. */
	webhooks?: WebhookSettings
	/** The evidence signing keyring (current key and retired public keys); evidence=true answers 503 without it. */
	evidence?: EvidenceKeyring
	/** The replica's key cache and limits; built by createApp when absent, with leases and their check rounds while KEY_LEASE_MS is above 0 (tests pass one to look into it). */
	auth?: AuthRuntime
	/** The process's gateway series (main.ts); without it the app keeps its own, off (no per-request hooks). */
	metrics?: GatewayMetrics
	/** OAUTH_TOKEN_SECRET, APP_URL, MCP_URL: without it there is no connector endpoint. */
	connector?: ConnectorSettings
	/** The checker replicas' answer states (main.ts: watchCheckerStates); without it every check asks the checker (ADR 0048). */
	checkerStates?: CheckerStates
}

/** The pool of read-only register lookups: the replica when DATABASE_READ_URL is set, else the primary. */
export const lookupSql = (deps: Pick<GatewayDeps, 'sql' | 'readSql'>): Sql => deps.readSql ?? deps.sql

/** What every route module gets: the app's dependencies and the one auth runtime of this replica. */
export type RouteDeps = GatewayDeps & { auth: AuthRuntime }

/**
 * The pools as the route modules see them: every statement and transaction a handler awaits answers
 * within DATABASE_WAIT_TIMEOUT_MS or fails 503 dependency_unavailable, given back like any 5xx. The
 * auth runtime keeps the bare pools: its key lookups and counting statements have their own bound
 * (LIMITS_STORE_TIMEOUT_MS). A check sends none of these statements but an evidence record's.
 */
function boundedPools({ sql, readSql, config }: GatewayDeps): Pick<GatewayDeps, 'sql' | 'readSql'> {
	const timeoutMs = databaseWaitTimeoutMs(config)
	return { sql: withStatementDeadline(sql, timeoutMs), readSql: readSql && withStatementDeadline(readSql, timeoutMs) }
}

/** One debug line per request, hooked in only when debug lines are written (the hook costs every request). */
function requestLog(logger: Logger) {
	const plugin = new Elysia({ name: 'request-log' })
	if (!logger.enabled('debug')) return plugin
	return plugin.onAfterResponse({ as: 'global' }, ({ request, set }) => {
		logger.debug('request', {
			request_id: requestIdOf(request),
			method: request.method,
			path: new URL(request.url).pathname,
			status: set.status
		})
	})
}

/** Builds the whole HTTP API without listening; tests call `app.handle(new Request(...))`. */
export function createApp(gatewayDeps: GatewayDeps) {
	const metrics = gatewayDeps.metrics ?? createGatewayMetrics(createServiceMetrics('gateway', false))
	const auth = gatewayDeps.auth ?? createAuthRuntime({ ...gatewayDeps, metrics, keyLeaseMs: gatewayDeps.config.KEY_LEASE_MS })
	const deps: RouteDeps = { ...gatewayDeps, ...boundedPools(gatewayDeps), metrics, auth }
	const { logger } = deps
	metrics.watchKeyCache(deps.auth.keys)
	let handle: (request: Request) => Promise<Response> = () => Promise.reject(new Error('the gateway app is not built yet'))
	let methodsAt: MethodsAt = () => []
	const app = new Elysia({ normalize: true, serve: { maxRequestBodySize: GATEWAY_MAX_REQUEST_BODY_BYTES } })
		.use(requestMetrics(metrics))
		.use(httpTracing())
		.use(apiDocument(deps.config))
		.use(requestLog(logger))
		.mapResponse((context) => {
			const { request, response, set, route } = context
			const { caller, metricsStartedAt } = context as Answered
			// On a Response itself: anything left in set.headers makes Elysia copy the whole Response to merge it.
			if (response instanceof Response) {
				if (!hasAllHeaders(response)) response.headers.set('x-request-id', requestIdOf(request))
			} else set.headers['x-request-id'] = requestIdOf(request)
			// A keyed route's answer is final only after the auth plugin's own step, which records it.
			if ((context as AuthContext)[AUTH_STATE] === undefined)
				recordAnswered(metrics, { route, caller, metricsStartedAt }, answeredStatus(response, set))
		})
		.onError(({ code, error, request, route }) => {
			const requestId = requestIdOf(request)
			const appError = (code === 'NOT_FOUND' && wrongMethod(request, methodsAt)) || toAppError(code, error)
			if (appError.status >= 500 && !(error instanceof AppError))
				logger.error('unhandled error', { request_id: requestId, path: new URL(request.url).pathname, error })
			// A route's error answer passes the mapResponse steps too, which record it; this one no route took.
			if (!route) recordAnswered(metrics, {}, appError.status)
			return errorResponse(appError, requestId)
		})
		.use(healthRoutes(deps))
		.use(checkRoutes(deps))
		.use(jurisdictionRoutes(deps))
		.use(operatorRoutes(deps))
		.use(licenseRoutes(deps))
		.use(coverageRoutes(deps))
		.use(statsRoutes(deps))
		.use(statusRoutes(deps))
		.use(watchlistRoutes(deps))
		.use(webhookRoutes(deps))
		.use(webhookResendRoutes(deps))
		.use(exportRoutes(deps))
		.use(evidenceRoutes(deps))
		.use(llmsRoutes(deps))
		.use(usageRoutes(deps))
		.use(connectorRoutes(deps, deps.connector, (request) => handle(request)))
	handle = (request) => app.handle(request)
	methodsAt = methodsByPath(app.routes)
	// A runtime built here runs its own check rounds (main.ts runs those of the one it builds).
	if (!gatewayDeps.auth && auth.leases) {
		const stopCheckRounds = startCheckRounds(auth.leases, logger)
		app.onStop(() => stopCheckRounds())
	}
	return app
}

export type GatewayApp = ReturnType<typeof createApp>
