import { systemClock } from '@lv/clock'
import { ConfigError } from '@lv/config'
import { createLogger } from '@lv/logger'
import { adapters } from '@lv/registers'
import {
	closeDependencies,
	connectDependencies,
	createServiceMetrics,
	handleShutdown,
	metricsRoute,
	startHealthServer,
	watchConsumerLag
} from '@lv/runtime'
import { readerConsumer } from '@lv/contracts'
import { readReaderConfig } from './config.ts'
import { readDomainPagesAfterAttempt } from './domain-pages.ts'
import { httpFetcher } from './fetch/http-fetcher.ts'
import { startJobLoops } from './job-loop.ts'
import { createReaderMetrics } from './metrics.ts'
import { createOutboxRelay } from './outbox-relay.ts'
import type { RunDeps } from './run.ts'
import { enqueueReads, startScheduler } from './scheduler.ts'

let config: ReturnType<typeof readReaderConfig>
try {
	config = readReaderConfig(process.env)
} catch (error) {
	const problems = error instanceof ConfigError ? error.problems : [error instanceof Error ? error.message : String(error)]
	console.error(JSON.stringify({ level: 'fatal', msg: 'invalid configuration', problems }))
	process.exit(1)
}
const logger = createLogger({ service: 'reader' }, config.LOG_LEVEL)
const serviceMetrics = createServiceMetrics('reader', config.METRICS)
let ready = false
const health = startHealthServer(config.HEALTH_PORT, () => ready && bus.isConnected() && loops.isRunning(), metricsRoute(serviceMetrics))

const dependencies = await connectDependencies('reader', config, logger, { defaultPoolMax: 10 })
const { sql, bus } = dependencies

const relay = createOutboxRelay({ sql, bus, clock: systemClock, logger })
if (config.METRICS) watchConsumerLag(serviceMetrics.registry, bus, config.jurisdictions.map(readerConsumer))
const deps: RunDeps = {
	sql,
	clock: systemClock,
	fetcher: httpFetcher({
		timeoutMs: config.READER_FETCH_TIMEOUT_MS,
		userAgent: config.READER_USER_AGENT,
		maxFileBytes: config.READER_MAX_FILE_BYTES
	}),
	sources: config.sources,
	policy: config.policy,
	runLimits: config.runLimits,
	adapters,
	grace: config.grace,
	maxFiles: config.READER_MAX_FILES,
	logger,
	bus,
	onCommitted: () => relay.kick(),
	metrics: config.METRICS
		? createReaderMetrics(serviceMetrics, { sql, clock: systemClock, jurisdictions: config.jurisdictions })
		: undefined
}
const loops = await startJobLoops({
	bus,
	deps,
	jurisdictions: config.jurisdictions,
	logger,
	afterAttempt: readDomainPagesAfterAttempt(deps, {
		batch: config.READER_VERIFICATION_BATCH_CW,
		cycleDays: config.READER_CERTIFICATE_CYCLE_DAYS
	})
})
relay.start(config.READER_OUTBOX_POLL_MS)
const scheduler = startScheduler({
	bus,
	clock: systemClock,
	jurisdictions: config.jurisdictions,
	intervalMs: config.READER_SCHEDULE_CHECK_MS,
	logger
})
if (config.READER_RUN_ON_START) {
	const slot = `start-${systemClock.now().toISOString()}`
	await enqueueReads(bus, systemClock, config.jurisdictions, slot, 'manual')
	logger.info('reads enqueued at start', { slot, jurisdictions: config.jurisdictions })
}
ready = true
logger.info('reader started', { jurisdictions: config.jurisdictions, health_port: health.port })

handleShutdown(
	{
		async stop() {
			ready = false
			scheduler.stop()
			await loops.stop()
			await relay.stop()
			await closeDependencies(dependencies)
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
