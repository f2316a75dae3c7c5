import { type Bus, requestBytes } from '@lv/bus'
import type { Clock } from '@lv/clock'
import {
	CheckManyRequest,
	type FramedAnswer,
	MAX_CHECKS_PER_MESSAGE,
	type OneCheck,
	UNCHANGED,
	decodeFramedAnswers,
	subjects
} from '@lv/contracts'
import { fromEnvelopeBytes, internalError } from '@lv/errors'
import { HeldAnswers } from './held-answers.ts'
import { createCoalescer } from '@lv/runtime'
import { type GatewayMetrics, timedRequest } from '../metrics.ts'

/**
 * Messages to the checker in flight at once by default; checks arriving meanwhile wait and travel
 * together. Measured on the 2-CPU bench machine (bench/check-http.ts, keyed check, medians of 3
 * rounds, two alternating pairs): one in flight 20.9k and 19.1k req/s, two 17.1k and 18.5k (smaller
 * messages, so more of them for nats-server, the checker and the gateway to handle). One message at
 * a time is answered by one checker replica, so with several replicas the gateway is given more
 * (CHECK_MESSAGES_IN_FLIGHT, ADR 0033): cold checks are the checker's CPU, which one replica alone caps.
 */
export const MESSAGES_IN_FLIGHT = 1

export type CheckDispatcher = {
	/** The checker's answer to one check: the Check result as JSON bytes, or its error rethrown as an AppError. */
	answer(check: OneCheck): Promise<Uint8Array>
}

/**
 * Single checks travel to the checker coalesced: one `check.many` message carries every check that
 * arrived while earlier messages were in flight, and each answer comes back framed so the gateway
 * passes it on without parsing it. A lone check goes out alone, at the end of the current event-loop
 * turn. The last answer to a check without as_of is held and offered back as `known`: the checker
 * still decides every check, and sends the bytes again only when its answer is not those bytes.
 */
export function createCheckDispatcher(deps: {
	bus: Bus
	clock: Clock
	timeoutMs: number
	/** check.many messages in flight at once (default MESSAGES_IN_FLIGHT). */
	messagesInFlight?: number
	metrics?: Pick<GatewayMetrics, 'natsRequest'>
}): CheckDispatcher {
	const held = new HeldAnswers()
	const coalescer = createCoalescer<OneCheck, FramedAnswer>(
		async (checks) => {
			const send = () =>
				requestBytes(deps.bus, {
					subject: subjects.checkMany,
					schema: CheckManyRequest,
					body: { id: crypto.randomUUID(), sent_at: deps.clock.now().toISOString(), checks: [...checks] },
					timeoutMs: deps.timeoutMs,
					unavailableReason: 'checker_unavailable'
				})
			const reply = await timedRequest(deps.metrics, subjects.checkMany, send)
			try {
				return decodeFramedAnswers(reply)
			} catch (error) {
				throw internalError(error)
			}
		},
		{ maxBatch: MAX_CHECKS_PER_MESSAGE, maxInFlight: deps.messagesInFlight ?? MESSAGES_IN_FLIGHT, trace: { name: 'check.many batch' } }
	)
	return {
		async answer(check) {
			const key = check.as_of === undefined ? HeldAnswers.keyOf(check) : null
			const offered = key === null ? undefined : held.get(key)
			const answer = await coalescer.submit(offered ? { ...check, known: offered.tag } : check)
			if (answer.status === UNCHANGED) {
				if (offered === undefined || answer.tag !== offered.tag)
					throw internalError(new Error('the checker answered unchanged to an answer not offered'))
				return offered.body
			}
			if (answer.status !== 200) throw fromEnvelopeBytes(answer.status, answer.body)
			if (key !== null && answer.tag !== undefined) held.hold(key, { tag: answer.tag, body: answer.body })
			return answer.body
		}
	}
}
