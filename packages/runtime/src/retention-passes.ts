import type { Logger } from '@lv/logger'

export type RetentionPasses = { stop(): void }

/** Logs what a retention pass deleted (table or kind → rows), when it deleted anything. */
export function logDeletedRows(logger: Logger, deleted: Record<string, number>): void {
	if (Object.values(deleted).some((count) => count > 0)) logger.info('rows past their retention deleted', deleted)
}

/**
 * Runs a service's retention pass (`pass`, answering how many rows it deleted per table) now and then
 * every `intervalMs`; what it deleted is logged, and a failed pass is logged and retried next time.
 */
export function startRetentionPasses(
	pass: () => Promise<Record<string, number>>,
	deps: { logger: Logger; intervalMs: number }
): RetentionPasses {
	const run = () =>
		pass().then(
			(deleted) => logDeletedRows(deps.logger, deleted),
			(error) => deps.logger.error('retention pass failed', { error })
		)
	void run()
	const timer = setInterval(run, deps.intervalMs)
	return { stop: () => clearInterval(timer) }
}
