import { connectBus, ensureStreams } from '@lv/bus'
import { systemClock } from '@lv/clock'
import { loadConfigOrExit } from '@lv/config'
import { createSql } from '@lv/db'
import { createLogger } from '@lv/logger'
import { handleShutdown, retryWithBackoff, startHealthServer } from '@lv/runtime'
import { NotifierEnv, allowListEntries } from './config.ts'
import { createDeliveryWorker } from './delivery-worker.ts'
import { startEventsConsumer } from './events-consumer.ts'
import { runMaintenance } from './maintenance.ts'

const config = loadConfigOrExit(NotifierEnv, process.env)
const logger = createLogger({ service: 'notifier' }, config.LOG_LEVEL)
let ready = false
const health = startHealthServer(config.HEALTH_PORT, () => ready && bus.isConnected())

const sql = createSql(config.DATABASE_URL, { applicationName: 'notifier', max: Math.min(100, 16 + Math.ceil(config.NOTIFIER_DELIVERY_CONCURRENCY / 2)) })
await retryWithBackoff('database connect', () => sql`SELECT 1`, logger)
const bus = await retryWithBackoff('nats connect', () => connectBus({ servers: config.NATS_URL, name: 'notifier' }), logger)
await ensureStreams(bus)

const clock = systemClock
const worker = createDeliveryWorker({
	sql,
	clock,
	logger,
	secretKey: config.WEBHOOK_SECRET_KEY,
	allowList: allowListEntries(config),
	concurrency: config.NOTIFIER_DELIVERY_CONCURRENCY,
	perEndpointConcurrency: config.NOTIFIER_ENDPOINT_CONCURRENCY,
	leaseMs: config.NOTIFIER_LEASE_MS
})
const consumption = await startEventsConsumer({ bus, sql, clock, logger, onDeliveriesQueued: worker.wake })
worker.start(config.NOTIFIER_DELIVERY_POLL_MS)

const maintain = () =>
	runMaintenance({ sql, bus, clock, logger, onDeliveriesQueued: worker.wake }).then(
		(result) => logger.debug('maintenance pass', result),
		(error) => logger.error('maintenance pass failed', { error })
	)
void maintain()
const maintenance = setInterval(maintain, config.NOTIFIER_SCAN_INTERVAL_MS)

ready = true
logger.info('notifier started', { health_port: health.port, concurrency: config.NOTIFIER_DELIVERY_CONCURRENCY })

handleShutdown(
	{
		async stop() {
			ready = false
			clearInterval(maintenance)
			await consumption.stop()
			await worker.stop()
			await bus.drain()
			await sql.end({ timeout: 5 })
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
