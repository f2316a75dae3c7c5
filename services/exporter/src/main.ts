import { systemClock } from '@lv/clock'
import { loadConfigOrExit } from '@lv/config'
import { createLogger } from '@lv/logger'
import {
	closeDependencies,
	connectDependencies,
	createServiceMetrics,
	handleShutdown,
	metricsRoute,
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
const health = startHealthServer(config.HEALTH_PORT, () => ready && bus.isConnected() && exporter.isRunning(), metricsRoute(serviceMetrics))

const dependencies = await connectDependencies('exporter', config, logger, { defaultPoolMax: poolSizeFor(config), readReplica: true })
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
