import { type Static, Type } from '@sinclair/typebox'
import { InternalHeader } from './envelope.ts'

/**
 * A checker replica's answer state (ADR 0048): `state` names what its answers to checks without as_of
 * rest on (equal on replicas whose answers are byte-identical), `fresh_for_ms` how long from the moment
 * it was computed that holds before a register's freshness changes, `seq` rises with every change of the
 * replica's state, `leaving` says the replica stops answering.
 */
export const CheckerStateReport = Type.Object({
	replica: Type.String({ minLength: 1, maxLength: 64 }),
	seq: Type.Integer({ minimum: 0 }),
	state: Type.String({ minLength: 1, maxLength: 64 }),
	fresh_for_ms: Type.Integer({ minimum: 0 }),
	leaving: Type.Optional(Type.Literal(true))
})
export type CheckerStateReport = Static<typeof CheckerStateReport>

/** A gateway asks every checker replica for its answer state (`check.state`, no queue group: each replica replies). */
export const CheckStateProbe = Type.Object({ ...InternalHeader })
export type CheckStateProbe = Static<typeof CheckStateProbe>

/** The header of a `check.many` reply that carries the report of the state its answers were computed on, as JSON. */
export const ANSWER_STATE_HEADER = 'Lv-Answer-State'
