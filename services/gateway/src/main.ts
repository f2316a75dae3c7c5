import { connectBus, ensureStreams } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { loadConfigOrExit, splitList } from '@lv/config'
import { createSql } from '@lv/db'
import { createLogger } from '@lv/logger'
import { handleShutdown, retryWithBackoff, startHealthServer } from '@lv/runtime'
import { createApp } from './app.ts'
import { GatewayEnv } from './config.ts'

const config = loadConfigOrExit(GatewayEnv, process.env)
const logger = createLogger({ service: 'gateway' }, config.LOG_LEVEL)
let ready = false
const health = startHealthServer(config.HEALTH_PORT, () => ready)

const sql = createSql(config.DATABASE_URL, { applicationName: 'gateway', max: 20 })
await retryWithBackoff('database connect', () => sql`SELECT 1`, logger)
const bus = await retryWithBackoff('nats connect', () => connectBus({ servers: config.NATS_URL, name: 'gateway' }), logger)
await ensureStreams(bus)

const webhooks = { secretKey: config.WEBHOOK_SECRET_KEY, allowList: splitList(config.WEBHOOK_ALLOW_LIST) }
const app = createApp({ sql, bus, clock: systemClock, logger, config, webhooks })
app.listen({ port: config.PORT, hostname: config.HOST })
ready = true
logger.info('listening', { port: app.server?.port, health_port: health.port })

handleShutdown(
	{
		async stop() {
			ready = false
			await app.stop()
			await bus.drain()
			await sql.end({ timeout: 5 })
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
