import type { Logger } from '@lv/logger'

export type RetentionPasses = { stop(): void }

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
			(deleted) => {
				if (Object.values(deleted).some((count) => count > 0)) deps.logger.info('rows past their retention deleted', deleted)
			},
			(error) => deps.logger.error('retention pass failed', { error })
		)
	void run()
	const timer = setInterval(run, deps.intervalMs)
	return { stop: () => clearInterval(timer) }
}
