import { systemClock } from '@lv/clock'
import { loadConfigOrExit, splitList } from '@lv/config'
import { createLogger } from '@lv/logger'
import {
	closeDependencies,
	connectDependencies,
	createServiceMetrics,
	handleShutdown,
	metricsRoute,
	startHealthServer,
	watchConsumerLag
} from '@lv/runtime'
import { NOTIFIER_EVENTS_CONSUMER } from '@lv/contracts'
import { NotifierEnv, allowListEntries } from './config.ts'
import { createDeliveryWorker } from './delivery-worker.ts'
import { startEventsConsumer } from './events-consumer.ts'
import { runMaintenance } from './maintenance.ts'
import { createNotifierMetrics } from './metrics.ts'

const config = loadConfigOrExit(NotifierEnv, process.env)
const logger = createLogger({ service: 'notifier' }, config.LOG_LEVEL)
const serviceMetrics = createServiceMetrics('notifier', config.METRICS)
let ready = false
const health = startHealthServer(
	config.HEALTH_PORT,
	() => ready && bus.isConnected() && consumption.isRunning(),
	metricsRoute(serviceMetrics)
)

const dependencies = await connectDependencies('notifier', config, logger, {
	defaultPoolMax: Math.min(100, 16 + Math.ceil(config.NOTIFIER_DELIVERY_CONCURRENCY / 2))
})
const { sql, bus } = dependencies

const clock = systemClock
const metrics = config.METRICS ? createNotifierMetrics(serviceMetrics, { sql, clock }) : undefined
if (config.METRICS) watchConsumerLag(serviceMetrics.registry, bus, [NOTIFIER_EVENTS_CONSUMER])
const worker = createDeliveryWorker({
	sql,
	clock,
	logger,
	secretKey: config.WEBHOOK_SECRET_KEY,
	previousSecretKeys: splitList(config.WEBHOOK_SECRET_PREVIOUS_KEYS),
	allowList: allowListEntries(config),
	concurrency: config.NOTIFIER_DELIVERY_CONCURRENCY,
	perEndpointConcurrency: config.NOTIFIER_ENDPOINT_CONCURRENCY,
	leaseMs: config.NOTIFIER_LEASE_MS,
	metrics
})
const consumption = await startEventsConsumer({ bus, sql, clock, logger, onDeliveriesQueued: worker.wake, metrics })
worker.start(config.NOTIFIER_DELIVERY_POLL_MS)

const maintain = () =>
	runMaintenance({ sql, bus, clock, logger, onDeliveriesQueued: worker.wake }).then(
		(result) => {
			metrics?.abandoned(result.stalledAbandoned)
			logger.debug('maintenance pass', result)
		},
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
			await closeDependencies(dependencies)
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
