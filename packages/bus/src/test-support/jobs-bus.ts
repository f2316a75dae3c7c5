import { beforeAll } from 'bun:test'
import { Type } from '@sinclair/typebox'
import { type ConsumerSpec, STREAMS, subjects } from '@lv/contracts'
import type { NatsHandle } from '@lv/testing'
import { natsPerFile } from '@lv/testing/per-file'
import { type Bus, ensureStreams } from '../index.ts'

/** The body the bus tests publish on the read-job subjects. */
export const Job = Type.Object({ n: Type.Integer() })

/** A durable on one jurisdiction's read jobs, one message in flight at a time. */
export const jobsConsumer = (code: string): ConsumerSpec => ({
	stream: STREAMS.JOBS.name,
	durable: `test-${code}`,
	filterSubject: subjects.readJob(code),
	ackWaitMs: 30_000,
	maxDeliver: 5,
	maxAckPending: 1
})

/** A nats-server with the streams laid out and a bus connected to it, for one test file (`env.bus`, `env.nats`). */
export function jobsBusPerFile(name: string): { bus: Bus; nats: NatsHandle } {
	const env = natsPerFile(name)
	beforeAll(async () => {
		await ensureStreams(env.bus)
	})
	return env
}
