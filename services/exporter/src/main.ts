import { systemClock } from '@lv/clock'
import { loadConfigOrExit } from '@lv/config'
import { createLogger } from '@lv/logger'
import { closeDependencies, connectDependencies, handleShutdown, retryWithBackoff, startHealthServer } from '@lv/runtime'
import { ExporterEnv, poolSizeFor } from './config.ts'
import { startExporter } from './exporter.ts'

const config = loadConfigOrExit(ExporterEnv, process.env)
const logger = createLogger({ service: 'exporter' }, config.LOG_LEVEL)
let ready = false
const health = startHealthServer(config.HEALTH_PORT, () => ready && bus.isConnected())

const { sql, bus } = await connectDependencies({ name: 'exporter', databaseUrl: config.DATABASE_URL, natsUrl: config.NATS_URL, poolMax: poolSizeFor(config), logger, env: process.env })

const exporter = await retryWithBackoff('exporter start', () => startExporter({ sql, bus, clock: systemClock, logger, config }), logger)
ready = true
logger.info('answering export builds', { health_port: health.port })

handleShutdown(
	{
		async stop() {
			ready = false
			await exporter.stop()
			await closeDependencies({ sql, bus })
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
