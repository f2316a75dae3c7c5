import { type Bus, decodeBody } from '@lv/bus'
import { RegistryChanged, subjects } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import type { IndexStore } from './index-store.ts'

export type RegistryListener = { stop(): Promise<void> }

/**
 * Every replica follows `registry.changed.*` on a plain (non-queue) subscription: each holds its
 * own index, so each must hear every change. The message only says which jurisdiction to look at;
 * register_status decides whether a rebuild is due. Messages published while the connection was down
 * are lost to a plain subscription: every register is compared once it is back. Any other missed
 * message is caught by the periodic poll.
 */
export function listenForRegistryChanges(bus: Bus, store: IndexStore, logger: Logger): RegistryListener {
	const subscription = bus.nc.subscribe(subjects.allRegistryChanged, {
		callback: (error, msg) => {
			if (error) {
				logger.error('registry subscription error', { error })
				return
			}
			let change: RegistryChanged
			try {
				change = decodeBody(RegistryChanged, msg.subject, msg.data)
			} catch (invalid) {
				logger.warn('ignoring an invalid registry.changed message', { subject: msg.subject, error: invalid })
				return
			}
			const rebuild = change.changed && (store.versions().get(change.jurisdiction) ?? -1n) < BigInt(change.data_version)
			const work = rebuild ? store.rebuild(change.jurisdiction) : store.sync(change.jurisdiction)
			work.catch((failure) =>
				logger.error('index refresh after registry.changed failed', { jurisdiction: change.jurisdiction, error: failure })
			)
		}
	})
	const stopCatchingUp = bus.onReconnect(() => {
		store.sync().catch((failure) => logger.error('index refresh after a NATS reconnect failed', { error: failure }))
	})
	return {
		async stop() {
			stopCatchingUp()
			await subscription.drain()
		}
	}
}

/** The safety net: compares every register's data_version with the index on a fixed period. */
export function pollRegisterVersions(store: IndexStore, intervalMs: number, logger: Logger): { stop(): void } {
	let running = false
	const timer = setInterval(() => {
		if (running) return
		running = true
		store
			.sync()
			.catch((error) => logger.error('data_version poll failed', { error }))
			.finally(() => {
				running = false
			})
	}, intervalMs)
	return { stop: () => clearInterval(timer) }
}
