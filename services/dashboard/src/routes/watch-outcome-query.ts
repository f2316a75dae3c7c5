import { type TSchema, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { Session } from '../auth/sessions.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import type { WatchOutcome } from '../gateway/watch-operators.ts'
import type { WatchedShown } from '../pages/watch-these.ts'
import { openForSession, sealForSession } from './sealed-query.ts'

/** Refusals named on the page after Watch these; the rest are only counted, so the redirect stays short however many there were. */
export const REFUSALS_SHOWN = 10

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

const Problem = Type.Object({
	status: nullable(Type.Integer()),
	message: Type.String(),
	code: nullable(Type.String()),
	reason: nullable(Type.String()),
	resetAt: nullable(Type.String())
})

const Outcome = Type.Union([
	Type.Object({ failed: Problem }),
	Type.Object({
		added: Type.Integer({ minimum: 0 }),
		alreadyWatched: Type.Integer({ minimum: 0 }),
		refused: Type.Array(Type.Object({ slug: Type.String(), problem: Problem }), { maxItems: REFUSALS_SHOWN }),
		refusedCount: Type.Integer({ minimum: 0 }),
		capReached: nullable(Type.Object({ problem: Problem, notAdded: Type.Integer({ minimum: 0 }) })),
		stopped: nullable(Type.Object({ problem: Problem, notTried: Type.Integer({ minimum: 0 }) }))
	})
])

/** The outcome as sealed: the counts and the first REFUSALS_SHOWN refusals. */
const shown = (outcome: WatchOutcome | { failed: GatewayProblem }): WatchedShown =>
	'failed' in outcome ? outcome : { ...outcome, refused: outcome.refused.slice(0, REFUSALS_SHOWN), refusedCount: outcome.refused.length }

/** The job page to redirect to after Watch these, carrying what it did for this session to show. */
export const watchedLocation = (jobId: string, session: Session, outcome: WatchOutcome | { failed: GatewayProblem }) =>
	`/bulk/${jobId}?watched=${sealForSession(session.token, shown(outcome))}`

/** What Watch these did, read back from the redirected page's query; null when absent or not this session's. */
export function watchedFromQuery(session: Session, sealed: string | undefined): WatchedShown | null {
	const value = openForSession(session.token, sealed)
	return Value.Check(Outcome, value) ? value : null
}
