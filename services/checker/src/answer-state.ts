import { type Bus, broadcast, respond } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { ReplicaAnswerState, type StateReport } from '@lv/answer-state'
import { ANSWER_STATE_HEADER, CheckStateProbe, CheckerStateReport, subjects } from '@lv/contracts'
import type { Logger } from '@lv/logger'
import { type CheckIndex, isFresh, nextFreshnessChangeMs } from '@lv/verdict'
import type { IndexStore } from './index-store.ts'

const toWire = (report: StateReport): CheckerStateReport => ({
	replica: report.replica,
	seq: report.seq,
	state: report.state,
	fresh_for_ms: report.freshForMs,
	...(report.leaving ? { leaving: true as const } : {})
})

/**
 * What a check answer without as_of rests on (ADR 0048): the code (`build`), and per covered register
 * its data_version, its jurisdiction row as indexed, its last read and whether it is fresh at `nowMs`.
 * Equal digests mean equal answers: the answer memo (ADR 0009) already relies on an answer being a
 * function of the index and the freshness state, and a shard is built from the rows of one data_version.
 * `versions` must be the store's versions of `index` (read in the same turn as the index).
 */
export function describeAnswerState(build: string, versions: ReadonlyMap<string, bigint>, index: CheckIndex, nowMs: number) {
	const now = new Date(nowMs)
	const parts: unknown[] = [build]
	for (const code of index.order) {
		const jurisdiction = index.shards.get(code)?.jurisdiction
		if (jurisdiction === undefined) continue
		parts.push([String(versions.get(code) ?? ''), jurisdiction, isFresh(jurisdiction, now)])
	}
	const state = new Bun.CryptoHasher('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22)
	return { state, nextChangeMs: nextFreshnessChangeMs(index, nowMs) }
}

export type AnswerStateAnnouncer = {
	/** The headers of a `check.many` reply answered on the store's current index at the clock's now (take it in the same turn). */
	replyHeaders(): Record<string, string>
	/** Announces that this replica leaves, and stops answering probes. */
	stop(): Promise<void>
}

/**
 * A checker replica's answer state, told to the gateways (ADR 0048): announced on `check.state.changed`
 * on start and in the turn of every index swap (so before any answer computed on the new index goes
 * out), answered to every gateway's probe on `check.state`, and sent with every `check.many` reply.
 */
export function startAnswerStateAnnouncer(deps: {
	bus: Bus
	store: IndexStore
	clock: Clock
	logger: Logger
	build: string
}): AnswerStateAnnouncer {
	const { bus, store, clock, logger } = deps
	const state = new ReplicaAnswerState<CheckIndex>((index, nowMs) => describeAnswerState(deps.build, store.versions(), index, nowMs))
	const current = () => toWire(state.report(store.current(), clock.nowMs()))
	const announce = (report: CheckerStateReport) => broadcast(bus, CheckerStateReport, subjects.checkStateChanged, report)
	const unwatch = store.watch(() => announce(current()))
	const probes = respond(bus, { subject: subjects.checkState, schema: CheckStateProbe, logger, handler: current })
	announce(current())
	return {
		replyHeaders: () => ({ [ANSWER_STATE_HEADER]: JSON.stringify(current()) }),
		async stop() {
			unwatch()
			announce(toWire(state.leave(store.current(), clock.nowMs())))
			await probes.stop()
		}
	}
}
