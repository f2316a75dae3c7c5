import { type Bus, type Consumption, type MessageContext, TransientError, consume } from '@lv/bus'
import { EXPORTER_REGISTRY_CONSUMER, EXPORT_DATASETS, EXPORT_FORMATS, RegistryChanged } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import type { Builder } from './builder.ts'

export type RegistryHandlerOptions = { builder: Builder; prebuild: boolean; prune: () => Promise<void>; logger: Logger }

/**
 * A register run ended: files of the old state are stale by construction (the cache key names the
 * register state), so "invalidating" is pruning, and prebuilding the unsliced datasets in both
 * formats means the next request is a cache hit. A failed build is retried by redelivery.
 */
export function registryChangeHandler(options: RegistryHandlerOptions) {
	const { builder, logger } = options
	return async (change: RegistryChanged, context: Pick<MessageContext, 'working'>) => {
		if (options.prebuild) {
			for (const dataset of EXPORT_DATASETS) {
				for (const format of EXPORT_FORMATS) {
					try {
						await builder.fileFor({ dataset, format, jurisdiction: null, status: null })
					} catch (error) {
						throw new TransientError(`prebuild of ${dataset} ${format} failed`, 30_000, { cause: error })
					}
					context.working()
				}
			}
		}
		await options.prune().catch((error) => logger.warn('export prune failed', { error }))
		logger.debug('registry change handled', { jurisdiction: change.jurisdiction, data_version: change.data_version })
	}
}

/** The durable EXPORTER_REGISTRY_CONSUMER on REGISTRY, shared by every exporter replica. */
export const consumeRegistryChanges = (bus: Bus, options: RegistryHandlerOptions): Promise<Consumption> =>
	consume(bus, {
		consumer: EXPORTER_REGISTRY_CONSUMER,
		schema: RegistryChanged,
		handler: registryChangeHandler(options),
		logger: options.logger,
		maxMessages: 4
	})
