import { connectBus, ensureStreams } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { loadConfigOrExit } from '@lv/config'
import { createSql } from '@lv/db'
import { createLogger } from '@lv/logger'
import { handleShutdown, retryWithBackoff, startHealthServer } from '@lv/runtime'
import { ExporterEnv, poolSizeFor } from './config.ts'
import { startExporter } from './exporter.ts'

const config = loadConfigOrExit(ExporterEnv, process.env)
const logger = createLogger({ service: 'exporter' }, config.LOG_LEVEL)
let ready = false
const health = startHealthServer(config.HEALTH_PORT, () => ready && bus.isConnected())

const sql = createSql(config.DATABASE_URL, { applicationName: 'exporter', max: poolSizeFor(config) })
await retryWithBackoff('database connect', () => sql`SELECT 1`, logger)
const bus = await retryWithBackoff('nats connect', () => connectBus({ servers: config.NATS_URL, name: 'exporter' }), logger)
await retryWithBackoff('stream setup', () => ensureStreams(bus), logger)

const exporter = await retryWithBackoff('exporter start', () => startExporter({ sql, bus, clock: systemClock, logger, config }), logger)
ready = true
logger.info('answering export builds', { health_port: health.port })

handleShutdown(
	{
		async stop() {
			ready = false
			await exporter.stop()
			await bus.drain()
			await sql.end({ timeout: 5 })
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
