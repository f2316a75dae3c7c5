import { type CheckerStates, type HeldState, heldStateOf } from '@lv/answer-state'
import { type Bus, type Reply, decodeText, encodeUnvalidated, requestEncoded } from '@lv/bus'
import type { Clock } from '@lv/clock'
import {
	ANSWER_STATE_HEADER,
	type CheckManyRequest,
	CheckerStateReport,
	type FramedAnswer,
	MAX_CHECKS_PER_MESSAGE,
	type OneCheck,
	UNCHANGED,
	decodeFramedAnswers,
	subjects
} from '@lv/contracts'
import { fromEnvelopeBytes, internalError } from '@lv/errors'
import { reportFromWire } from './checker-states-watch.ts'
import { type HeldAnswer, HeldAnswers } from './held-answers.ts'
import { createCoalescer } from '@lv/runtime'
import { DEFAULT_CHECK_MESSAGES_IN_FLIGHT } from '../config.ts'
import { type GatewayMetrics, timedRequest } from '../metrics.ts'

export type CheckDispatcher = {
	/**
	 * The checker's answer to one check: the Check result as JSON bytes, or its error rethrown (rejected) as an
	 * AppError. A held answer ADR 0048's rule serves without asking is returned at once, not as a promise.
	 */
	answer(check: OneCheck): Uint8Array | Promise<Uint8Array>
	/** Checks answered from held answers so far (read by the metrics at scrape time). */
	readonly heldAnswered: HeldAnswerCounts
}

/** Checks answered with a held answer's bytes: served without asking (ADR 0048), or confirmed unchanged by a checker (ADR 0011). */
export type HeldAnswerCounts = { served: number; confirmed: number }

/** A check.many answer and the standing of the state its reply said it was computed on. */
type StandingAnswer = FramedAnswer & { standing?: HeldState }

/**
 * The reply's answer-state report, heard by `states` as proven from `sentAtMs`, and the standing it gives
 * the reply's answers; none when absent or malformed (its answers are then never served unasked). The
 * header is read only with `states`: reading a message's headers parses them.
 */
function replyStanding(reply: Reply, sentAtMs: number, states: CheckerStates | undefined): HeldState | undefined {
	const header = states === undefined ? undefined : reply.header(ANSWER_STATE_HEADER)
	if (header === undefined || states === undefined) return undefined
	let report: ReturnType<typeof reportFromWire>
	try {
		report = reportFromWire(decodeText(CheckerStateReport, ANSWER_STATE_HEADER, header))
	} catch {
		return undefined
	}
	states.heard(report, sentAtMs)
	return heldStateOf(report, sentAtMs)
}

/**
 * Single checks travel to the checker coalesced: one `check.many` message carries every check that
 * arrived while earlier messages were in flight, and each answer comes back framed so the gateway
 * passes it on without parsing it. A lone check goes out alone, at the end of the current event-loop
 * turn. The last answer to a check without as_of is held and offered back as `known`: the checker
 * sends the bytes again only when its answer is not those bytes. With `states` (ADR 0048), a held
 * answer is served without asking while every checker replica is proven on the state it was computed
 * on and its freshness holds.
 */
export function createCheckDispatcher(deps: {
	bus: Bus
	clock: Clock
	timeoutMs: number
	/** check.many messages in flight at once; checks arriving meanwhile wait and travel together (ADRs 0033, 0059). */
	messagesInFlight?: number
	metrics?: Pick<GatewayMetrics, 'natsRequest'>
	/** The checker replicas' answer states (checker-states-watch.ts); without it every check asks the checker. */
	states?: CheckerStates
}): CheckDispatcher {
	const { states } = deps
	const held = new HeldAnswers()
	const coalescer = createCoalescer<OneCheck, StandingAnswer>(
		async (checks) => {
			const sentAtMs = states?.nowMs() ?? 0
			const send = () =>
				requestEncoded(deps.bus, {
					subject: subjects.checkMany,
					// Not validated on the way out (ADR 0065): check-dispatch.test.ts validates every message the dispatcher sends.
					data: encodeUnvalidated({
						id: crypto.randomUUID(),
						sent_at: deps.clock.now().toISOString(),
						checks: [...checks]
					} satisfies CheckManyRequest),
					timeoutMs: deps.timeoutMs,
					unavailableReason: 'checker_unavailable'
				})
			const reply = await timedRequest(deps.metrics, subjects.checkMany, send)
			let answers: StandingAnswer[]
			try {
				answers = decodeFramedAnswers(reply.data)
			} catch (error) {
				throw internalError(error)
			}
			const standing = replyStanding(reply, sentAtMs, states)
			if (standing !== undefined) for (const answer of answers) answer.standing = standing
			return answers
		},
		{
			maxBatch: MAX_CHECKS_PER_MESSAGE,
			maxInFlight: deps.messagesInFlight ?? DEFAULT_CHECK_MESSAGES_IN_FLIGHT,
			trace: { name: 'check.many batch' }
		}
	)
	const servable = (offered: HeldAnswer | undefined): offered is HeldAnswer & { standing: HeldState } =>
		offered?.standing !== undefined && states?.servable(offered.standing) === true
	const heldAnswered: HeldAnswerCounts = { served: 0, confirmed: 0 }
	/** The checker's answer to a check sent with the held answer `offered` (if any) as known; held when tagged. */
	const settled = (key: string | null, offered: HeldAnswer | undefined, answer: StandingAnswer): Uint8Array => {
		if (answer.status === UNCHANGED) {
			if (offered === undefined || answer.tag !== offered.tag)
				throw internalError(new Error('the checker answered unchanged to an answer not offered'))
			offered.standing = answer.standing
			heldAnswered.confirmed++
			return offered.body
		}
		if (answer.status !== 200) throw fromEnvelopeBytes(answer.status, answer.body)
		if (key !== null && answer.tag !== undefined) held.hold(key, { tag: answer.tag, body: answer.body, standing: answer.standing })
		return answer.body
	}
	return {
		heldAnswered,
		answer(check) {
			const key = check.as_of === undefined ? HeldAnswers.keyOf(check) : null
			const offered = key === null ? undefined : held.get(key)
			if (servable(offered)) {
				heldAnswered.served++
				return offered.body
			}
			return coalescer.submit(offered ? { ...check, known: offered.tag } : check).then((answer) => settled(key, offered, answer))
		}
	}
}
