import type { CheckerStates, HeldState } from '@lv/answer-state'
import { type Bus, requestReply } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { type BatchAnswerPieces, CheckBatchRequest, subjects } from '@lv/contracts'
import { type GatewayMetrics, timedRequest } from '../metrics.ts'
import { replyStanding } from './check-dispatch.ts'
import type { HeldBatchRows } from './held-batch-rows.ts'

export type BatchPartDeps = {
	bus: Bus
	clock: Clock
	timeoutMs: number
	metrics?: Pick<GatewayMetrics, 'natsRequest'>
	/** The checker replicas' answer states (ADR 0048); without it every entry is asked. */
	states?: CheckerStates
}

/** `check.batch` for `domains`, offering the rows held for them (ADR 0069); the reply's rows and the standing its header gives them. */
async function ask(deps: BatchPartDeps, held: HeldBatchRows, domains: readonly unknown[]) {
	const offered = held.offer(domains)
	const sentAtMs = deps.states?.nowMs() ?? 0
	const reply = await timedRequest(deps.metrics, subjects.checkBatch, () =>
		requestReply(deps.bus, {
			subject: subjects.checkBatch,
			schema: CheckBatchRequest,
			body: { id: crypto.randomUUID(), sent_at: deps.clock.now().toISOString(), domains: [...domains], known: offered.known },
			timeoutMs: deps.timeoutMs,
			unavailableReason: 'checker_unavailable'
		})
	)
	const standing = replyStanding(reply, sentAtMs, deps.states)
	return { pieces: held.rowsOf(domains, offered, reply.data, standing), standing }
}

/**
 * One part of a batch answered as its rows and tail (ADR 0073): the rows ADR 0048's rule serves without asking
 * come from `held`, the other entries go to the checker. They are joined only when the reply says it was computed
 * on the state of every row served, so the answer is the one that replica gives at its instant, tail and
 * freshness included; else (a swap not heard yet, a reply without its state) the whole part is asked again.
 */
export async function answerBatchPart(deps: BatchPartDeps, held: HeldBatchRows, domains: readonly unknown[]): Promise<BatchAnswerPieces> {
	const { states } = deps
	const served = states === undefined ? undefined : held.servable(domains, (standing) => states.servable(standing))
	if (served === undefined || served.states.size === 0) return (await ask(deps, held, domains)).pieces
	const asked = domains.filter((_, at) => served.rows[at] === undefined)
	const reply = await ask(deps, held, asked)
	if (reply.pieces.rows.length !== asked.length || !computedOn(reply.standing, served.states))
		return (await ask(deps, held, domains)).pieces
	let next = 0
	const rows = served.rows.map((row) => row ?? (reply.pieces.rows[next++] as Uint8Array))
	return { rows, rest: reply.pieces.rest }
}

const computedOn = (standing: HeldState | undefined, states: Set<string>) =>
	standing !== undefined && states.size === 1 && states.has(standing.state)
