import { systemClock } from '@lv/clock'
import { loadConfigOrExit } from '@lv/config'
import { createLogger } from '@lv/logger'
import {
	closeDependencies,
	connectDependencies,
	createServiceMetrics,
	handleShutdown,
	metricsRoute,
	natsAuthFrom,
	retryWithBackoff,
	startHealthServer,
	watchConsumerLag
} from '@lv/runtime'
import { EXPORTER_REGISTRY_CONSUMER } from '@lv/contracts'
import { ExporterEnv, poolSizeFor } from './config.ts'
import { startExporter } from './exporter.ts'
import { createExporterMetrics } from './metrics.ts'

const config = loadConfigOrExit(ExporterEnv, process.env)
const logger = createLogger({ service: 'exporter' }, config.LOG_LEVEL)
const serviceMetrics = createServiceMetrics('exporter', config.METRICS)
let ready = false
const health = startHealthServer(config.HEALTH_PORT, () => ready && bus.isConnected(), metricsRoute(serviceMetrics))

const dependencies = await connectDependencies({
	name: 'exporter',
	databaseUrl: config.DATABASE_URL,
	natsUrl: config.NATS_URL,
	natsAuth: natsAuthFrom(config),
	poolMax: config.DATABASE_POOL_MAX ?? poolSizeFor(config),
	readDatabaseUrl: config.DATABASE_READ_URL,
	replicas: config.JETSTREAM_REPLICAS,
	logger,
	env: process.env
})
const { sql, readSql, bus } = dependencies

if (config.METRICS) watchConsumerLag(serviceMetrics.registry, bus, [EXPORTER_REGISTRY_CONSUMER])
const metrics = config.METRICS ? createExporterMetrics(serviceMetrics) : undefined
const exporter = await retryWithBackoff(
	'exporter start',
	() => startExporter({ sql, readSql, bus, clock: systemClock, logger, config, metrics }),
	logger
)
ready = true
logger.info('answering export builds', { health_port: health.port })

handleShutdown(
	{
		async stop() {
			ready = false
			await exporter.stop()
			await closeDependencies(dependencies)
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
