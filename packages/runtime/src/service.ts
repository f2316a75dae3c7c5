import { isConnectionLostError } from '@lv/bus'
import type { Logger } from '@lv/logger'

export type RunningService = { stop(): Promise<void> }

/**
 * Wires SIGTERM/SIGINT to a bounded graceful shutdown: `stop()` gets `timeoutMs` to finish
 * in-flight work and close connections, then the process exits regardless.
 */
export function handleShutdown(service: RunningService, logger: Logger, timeoutMs: number, exitWithParent = false): void {
	let stopping = false
	const shutdown = async (signal: string) => {
		if (stopping) return
		stopping = true
		logger.info('shutting down', { signal, timeout_ms: timeoutMs })
		const timer = setTimeout(() => {
			logger.error('shutdown timed out; exiting', { timeout_ms: timeoutMs })
			process.exit(1)
		}, timeoutMs)
		try {
			await service.stop()
			clearTimeout(timer)
			logger.info('stopped')
			process.exit(0)
		} catch (error) {
			if (!isConnectionLostError(error)) {
				logger.error('shutdown failed', { error })
				process.exit(1)
			}
			// NATS went first (stopped with the process, or unreachable): unacknowledged messages are redelivered
			logger.warn('stopped without draining NATS: the connection to the server was already lost', { error })
			process.exit(0)
		}
	}
	process.on('SIGTERM', () => void shutdown('SIGTERM'))
	process.on('SIGINT', () => void shutdown('SIGINT'))
	if (exitWithParent) watchParent(() => void shutdown('parent exited'))
}

/**
 * Calls `onOrphaned` once the process that started this one is gone (we were re-parented), so a
 * supervisor killed with SIGKILL (the local stack) leaves no service behind.
 */
export function watchParent(onOrphaned: () => void, intervalMs = 1_000): () => void {
	const parent = process.ppid
	const timer = setInterval(() => {
		if (process.ppid !== parent) {
			clearInterval(timer)
			onOrphaned()
		}
	}, intervalMs)
	timer.unref()
	return () => clearInterval(timer)
}
