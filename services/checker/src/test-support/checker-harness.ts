import { type Bus, connectBus } from '@lv/bus'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { startAnswerStateAnnouncer } from '../answer-state.ts'
import { IndexStore } from '../index-store.ts'
import { startResponders } from '../responders.ts'

export type TestChecker = { store: IndexStore; bus: Bus; stop(): Promise<void> }

/**
 * A checker replica in-process: its own NATS connection, index loaded from `sql`, responders in the queue group;
 * with `announceState`, it tells gateways its answer state as main.ts does (ADR 0048).
 */
export async function startTestChecker(input: {
	sql: Sql
	natsUrl: string
	clock: Clock
	name?: string
	announceState?: boolean
}): Promise<TestChecker> {
	const bus = await connectBus({ servers: input.natsUrl, name: input.name ?? 'test-checker' })
	const store = new IndexStore({ sql: input.sql, logger: silentLogger, clock: input.clock })
	await store.loadAll()
	const answerState = input.announceState
		? startAnswerStateAnnouncer({ bus, store, clock: input.clock, logger: silentLogger, build: 'test-build' })
		: undefined
	const responders = startResponders({ bus, sql: input.sql, store, clock: input.clock, logger: silentLogger, answerState })
	await bus.nc.flush()
	return {
		store,
		bus,
		async stop() {
			await answerState?.stop()
			await Promise.all(responders.map((responder) => responder.stop()))
			await bus.close()
		}
	}
}
