import type { CheckerStates } from '@lv/answer-state'
import { type Bus, answeredByNoOne, requestBytes } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { CheckBatchRequest, batchParts, subjects } from '@lv/contracts'
import { type GatewayMetrics, timedRequest } from '../metrics.ts'
import { ReplicaQueue } from './replica-queue.ts'

/** Parts per answering replica: a replica that finishes its part early takes another instead of idling. */
export const PARTS_PER_REPLICA = 2

/** The checker's answers to a batch's domains, one per part in the parts' order (joined by `joinBatchAnswers`). */
export type BatchDispatch = (domains: unknown[]) => Promise<Uint8Array[]>

/**
 * How a batch reaches the checker (ADR 0056). With two or more replicas answering (their answer-state reports,
 * ADR 0048), it is cut into PARTS_PER_REPLICA parts per replica, sent to the replicas by name, one part of this
 * gateway's in flight per replica; a replica named but gone (no subscriber) has its part sent to the queue group.
 * Otherwise it goes to the queue group in parts of `partDomains` (ADR 0033; by default whole). Any part unanswered
 * fails the call.
 */
export function createBatchDispatch(deps: {
	bus: Bus
	clock: Clock
	timeoutMs: number
	partDomains: number
	metrics?: Pick<GatewayMetrics, 'natsRequest'>
	states?: CheckerStates
}): BatchDispatch {
	const answering = () => deps.states?.answering() ?? []
	const queue = new ReplicaQueue(answering)
	const ask = (subject: string, domains: unknown[]) =>
		timedRequest(deps.metrics, subjects.checkBatch, () =>
			requestBytes(deps.bus, {
				subject,
				schema: CheckBatchRequest,
				body: { id: crypto.randomUUID(), sent_at: deps.clock.now().toISOString(), domains },
				timeoutMs: deps.timeoutMs,
				unavailableReason: 'checker_unavailable'
			})
		)
	const askReplica = (domains: unknown[]) =>
		queue.run(async (replica) => {
			if (replica === undefined) return ask(subjects.checkBatch, domains)
			try {
				return await ask(subjects.checkBatchOn(replica), domains)
			} catch (error) {
				if (!answeredByNoOne(error)) throw error
				return ask(subjects.checkBatch, domains)
			}
		})
	return (domains) => {
		const replicas = answering().length
		if (replicas < 2) return Promise.all(batchParts(domains, deps.partDomains).map((part) => ask(subjects.checkBatch, part)))
		return Promise.all(batchParts(domains, Math.ceil(domains.length / (replicas * PARTS_PER_REPLICA))).map(askReplica))
	}
}
