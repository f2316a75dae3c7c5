import { monotonicClock, systemClock } from '@lv/clock'
import { loadConfigOrExit, splitList } from '@lv/config'
import { openStatementConnection } from '@lv/db'
import { createLogger } from '@lv/logger'
import {
	closeDependencies,
	connectDependencies,
	createServiceMetrics,
	handleShutdown,
	metricsRoute,
	startHealthServer,
	startRetentionPasses
} from '@lv/runtime'
import { createApp } from './app.ts'
import { watchCheckerStates } from './routes/checker-states-watch.ts'
import { createAuthRuntime } from './auth/runtime.ts'
import { GatewayEnv } from './config.ts'
import { runRetentionPass } from './retention.ts'
import { loadEvidenceKeyring } from './evidence/signing-keys.ts'
import { createGatewayMetrics } from './metrics.ts'
import { startCheckRounds } from './limits/replica-leases.ts'

const config = loadConfigOrExit(GatewayEnv, process.env)
const logger = createLogger({ service: 'gateway' }, config.LOG_LEVEL)
const metrics = createServiceMetrics('gateway', config.METRICS)
let ready = false
const health = startHealthServer(config.HEALTH_PORT, () => ready && bus.isConnected(), metricsRoute(metrics))

const dependencies = await connectDependencies('gateway', config, logger, {
	defaultPoolMax: 20,
	readReplica: true,
	statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS
})
const { sql, readSql, bus } = dependencies
// The keyed counting statements, on one connection of their own on Bun's client (ADR 0036).
const countingSql = openStatementConnection(config.DATABASE_URL, { applicationName: 'gateway-counting' })

const webhooks = {
	secretKey: config.WEBHOOK_SECRET_KEY,
	previousSecretKeys: splitList(config.WEBHOOK_SECRET_PREVIOUS_KEYS),
	allowList: splitList(config.WEBHOOK_ALLOW_LIST)
}
const evidence = (await loadEvidenceKeyring(config)) ?? undefined
if (!evidence) logger.warn('no evidence signing key set: evidence=true answers 503')
const connector = config.OAUTH_TOKEN_SECRET
	? {
			tokenSecret: config.OAUTH_TOKEN_SECRET,
			issuer: config.APP_URL,
			mcpUrl: config.MCP_URL || config.PUBLIC_BASE_URL,
			allowedOrigins: splitList(config.MCP_ALLOWED_ORIGINS)
		}
	: undefined
const gatewayMetrics = createGatewayMetrics(metrics)
const auth = createAuthRuntime({
	sql,
	countingSql,
	clock: systemClock,
	logger,
	config,
	metrics: gatewayMetrics,
	keyLeaseMs: config.KEY_LEASE_MS || undefined
})
const stopCheckRounds = auth.leases ? startCheckRounds(auth.leases, logger) : () => {}
const checkerStates =
	config.CHECKER_STATE_PROOF_MS > 0
		? watchCheckerStates({ bus, clock: monotonicClock, logger, proofMs: config.CHECKER_STATE_PROOF_MS })
		: undefined
const app = createApp({
	sql,
	readSql,
	bus,
	clock: systemClock,
	logger,
	config,
	webhooks,
	evidence,
	connector,
	auth,
	metrics: gatewayMetrics,
	checkerStates: checkerStates?.states
})
app.listen({ port: config.PORT, hostname: config.HOST })
const retention = startRetentionPasses(() => runRetentionPass(sql, systemClock), { logger, intervalMs: config.EVIDENCE_PURGE_INTERVAL_MS })
ready = true
logger.info('listening', {
	port: app.server?.port,
	health_port: health.port,
	connector: connector ? `${connector.mcpUrl}/mcp/account` : 'off'
})

handleShutdown(
	{
		async stop() {
			ready = false
			retention.stop()
			stopCheckRounds()
			await app.stop()
			await checkerStates?.stop()
			// The last second of the daily usage record, written before the pool closes.
			await auth.usage.flush()
			await countingSql.close()
			await closeDependencies(dependencies)
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
