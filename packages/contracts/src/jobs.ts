import { type Static, Type } from '@sinclair/typebox'
import { InternalHeader } from './envelope.ts'

export const ReadJob = Type.Object({
	...InternalHeader,
	jurisdiction: Type.String({ pattern: '^[A-Z0-9]{2,16}$' }),
	/** The schedule slot the job belongs to (e.g. 2026-11-22), used for Nats-Msg-Id dedupe. */
	slot: Type.String({ minLength: 1, maxLength: 64 }),
	reason: Type.Union([Type.Literal('scheduled'), Type.Literal('manual'), Type.Literal('retry')])
})
export type ReadJob = Static<typeof ReadJob>
