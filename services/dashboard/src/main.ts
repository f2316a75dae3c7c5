import { systemClock } from '@lv/clock'
import { loadConfigOrExit } from '@lv/config'
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
import { startBulkWorker } from './bulk/worker.ts'
import { DashboardEnv } from './config.ts'
import { createDashboardMetrics } from './metrics.ts'
import { createMailer } from './mail/mailer.ts'
import { RETENTION_PASS_EVERY_MS, runRetentionPass } from './retention.ts'

const config = loadConfigOrExit(DashboardEnv, process.env)
const logger = createLogger({ service: 'dashboard' }, config.LOG_LEVEL)
const serviceMetrics = createServiceMetrics('dashboard', config.METRICS)
let ready = false
// Ready once started: readiness gates the pages, which a stopped bulk worker leaves working; a gauge watches the worker (ADR 0092).
const health = startHealthServer(config.HEALTH_PORT, () => ready, metricsRoute(serviceMetrics))

const dependencies = await connectDependencies('dashboard', config, logger, { defaultPoolMax: 10 })
const { sql, bus } = dependencies

const oauth = config.OAUTH_TOKEN_SECRET
	? {
			tokenSecret: config.OAUTH_TOKEN_SECRET,
			mcpUrl: config.MCP_URL || config.API_BASE_URL,
			registrationsPerAddressHour: config.OAUTH_REGISTRATIONS_PER_ADDRESS_HOUR
		}
	: undefined
const mailer = createMailer(config.DASHBOARD_MAIL_URL, config.DASHBOARD_MAIL_FROM, systemClock)
const metrics = config.METRICS ? createDashboardMetrics(serviceMetrics) : undefined
const bulkWorker = await startBulkWorker({
	sql,
	bus,
	clock: systemClock,
	logger,
	checkerTimeoutMs: config.DASHBOARD_CHECKER_TIMEOUT_MS,
	metrics
})
metrics?.watchBulkWorker(bulkWorker.isRunning)
const app = createApp({
	sql,
	bus,
	clock: systemClock,
	logger,
	config,
	gatewayFetch: (request) => fetch(request),
	mailer,
	oauth,
	metrics
})
app.listen({ port: config.PORT, hostname: config.HOST })
const retention = startRetentionPasses(() => runRetentionPass(sql, systemClock.now()), { logger, intervalMs: RETENTION_PASS_EVERY_MS })
ready = true
logger.info('listening', { port: app.server?.port, health_port: health.port, app_url: config.APP_URL, api_base_url: config.API_BASE_URL })

handleShutdown(
	{
		async stop() {
			ready = false
			retention.stop()
			await app.stop()
			await bulkWorker.stop()
			await closeDependencies(dependencies)
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
