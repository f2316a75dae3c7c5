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
	startHealthServer
} from '@lv/runtime'
import { releaseReplacedShard } from '@lv/register-store'
import { CheckerEnv } from './config.ts'
import { IndexStore } from './index-store.ts'
import { createCheckerMetrics } from './metrics.ts'
import { listenForRegistryChanges, pollRegisterVersions } from './registry-listener.ts'
import { startResponders } from './responders.ts'
import { startAnswerStateAnnouncer } from './answer-state.ts'
import { codeFingerprint } from './code-fingerprint.ts'

const config = loadConfigOrExit(CheckerEnv, process.env)
const logger = createLogger({ service: 'checker' }, config.LOG_LEVEL)
const serviceMetrics = createServiceMetrics('checker', config.METRICS)
const metrics = config.METRICS ? createCheckerMetrics(serviceMetrics) : undefined
let ready = false
// A replica whose rebuilds of a moved register keep failing answers from an older state: not ready (index-store.ts).
const health = startHealthServer(
	config.HEALTH_PORT,
	() => ready && bus.isConnected() && store.behind().length === 0,
	metricsRoute(serviceMetrics)
)

const dependencies = await connectDependencies('checker', config, logger, { defaultPoolMax: 4 })
const { sql, bus } = dependencies

const store = new IndexStore({
	sql,
	logger,
	clock: systemClock,
	onRebuilt: (record) => {
		metrics?.rebuilt(record)
		releaseReplacedShard()
	},
	onFailedInARow: (code, failed) => metrics?.failedInARow(code, failed)
})
// Listen before the first load so a change committed during it is not missed.
const listener = listenForRegistryChanges(bus, store, logger)
await retryWithBackoff('index load', () => store.loadAll(), logger)
const poll = pollRegisterVersions(store, config.CHECKER_POLL_INTERVAL_MS, logger)
const answerState = startAnswerStateAnnouncer({ bus, store, clock: systemClock, logger, build: codeFingerprint() })
const responders = startResponders({ bus, sql, store, clock: systemClock, logger, metrics, answerState })
ready = true
logger.info('answering checks', { health_port: health.port, jurisdictions: store.current().order })

handleShutdown(
	{
		async stop() {
			ready = false
			poll.stop()
			// Gateways stop serving this replica's answers before it stops taking checks.
			await answerState.stop()
			await Promise.all(responders.map((responder) => responder.stop()))
			await listener.stop()
			await store.idle()
			await closeDependencies(dependencies)
			health.stop()
		}
	},
	logger,
	config.SHUTDOWN_TIMEOUT_MS,
	config.EXIT_WITH_PARENT
)
