import { describe, expect, test } from 'bun:test'
import type { StreamConfig } from '@nats-io/jetstream'
import { headers, nanos } from '@nats-io/nats-core'
import { TestClock } from '@lv/clock'
import { type ConsumerSpec, STREAMS, subjects } from '@lv/contracts'
import { createLogger, silentLogger } from '@lv/logger'
import { waitFor } from '@lv/testing'
import { STREAM_SETTINGS_REFRESH_MS, consume, publish, refreshStreamSettings, restoreConsumer } from './index.ts'
import { Job, jobsBusPerFile, jobsConsumer } from './test-support/jobs-bus.ts'

const env = jobsBusPerFile('consume-recovery-test')

/** A backoff the test ends by hand: each wait is kept until `release()`. */
function gatedSleep() {
	const waiting: (() => void)[] = []
	return {
		sleep: () => new Promise<void>((resolve) => waiting.push(resolve)),
		waiting: () => waiting.length,
		release: () => {
			for (const resolve of waiting.splice(0)) resolve()
		}
	}
}

describe('consume recovers on its own', () => {
	test('a pull loop ended by a 400 from the server reports not running, starts again after its backoff and consumes what was published meanwhile', async () => {
		const spec = jobsConsumer('RA')
		// A plain subscriber beside JetStream sees each pull and the inbox it answers on.
		const pullInboxes: string[] = []
		const pulls = env.bus.nc.subscribe(`$JS.API.CONSUMER.MSG.NEXT.${spec.stream}.${spec.durable}`, {
			callback: (_error, msg) => {
				if (msg.reply) pullInboxes.push(msg.reply)
			}
		})
		const backoff = gatedSleep()
		const seen: number[] = []
		const consumption = await consume(env.bus, {
			consumer: spec,
			schema: Job,
			logger: silentLogger,
			sleep: backoff.sleep,
			handler: async (body) => {
				seen.push(body.n)
			}
		})
		try {
			const inbox = await waitFor(() => pullInboxes.at(-1), { what: 'the first pull' })
			expect(consumption.isRunning()).toBe(true)
			// What nats-server answers a pull it cannot accept (a malformed request, a server that refuses the options).
			env.bus.nc.publish(inbox, undefined, { headers: headers(400, 'Bad Request') })
			await waitFor(() => !consumption.isRunning(), { what: 'the consumption to report that it does not run' })
			await waitFor(() => backoff.waiting() === 1, { what: 'the restart to wait out its backoff' })
			await publish(env.bus, Job, subjects.readJob('RA'), { n: 1 }, 'ra-1')
			expect(seen).toEqual([])

			backoff.release()
			await waitFor(() => seen.includes(1), { what: 'the job published while the loop was down', timeoutMs: 15_000 })
			await waitFor(() => consumption.isRunning(), { what: 'the consumption to run again' })
		} finally {
			await consumption.stop()
			pulls.unsubscribe()
		}
		expect(consumption.isRunning()).toBe(false)
	}, 30_000)

	test('a stream deleted under a running consumption is created again with the layout and the durable with it, and what is published after is consumed', async () => {
		const spec = registryConsumer
		const seen: number[] = []
		const consumption = await consume(env.bus, {
			consumer: spec,
			schema: Job,
			logger: silentLogger,
			pullExpiresMs: 1_000,
			handler: async (body) => {
				seen.push(body.n)
			}
		})
		try {
			await publish(env.bus, Job, subjects.registryChanged('UKGC'), { n: 1 }, 'registry-1')
			await waitFor(() => seen.includes(1), { what: 'the message before the deletion' })
			const before = (await env.bus.jsm.streams.info(STREAMS.REGISTRY.name)).config

			await env.bus.jsm.streams.delete(STREAMS.REGISTRY.name)
			await waitFor(() => !consumption.isRunning(), { what: 'the consumption to report the missing stream' })
			await waitFor(async () => (await env.bus.jsm.consumers.info(spec.stream, spec.durable).catch(() => undefined)) !== undefined, {
				what: 'the stream and the durable to be created again',
				timeoutMs: 20_000
			})
			const after = (await env.bus.jsm.streams.info(STREAMS.REGISTRY.name)).config
			expect(settingsOf(after)).toEqual(settingsOf(before))

			await publish(env.bus, Job, subjects.registryChanged('UKGC'), { n: 2 }, 'registry-2')
			await waitFor(() => seen.includes(2), { what: 'the message published after the deletion', timeoutMs: 20_000 })
			await waitFor(() => consumption.isRunning(), { what: 'the consumption to run again' })
		} finally {
			await consumption.stop()
		}
	}, 45_000)

	test('a stream deleted under a running consumption is created again with the longer age and the byte limit an operator set on it while it ran, the layout still met', async () => {
		const spec: ConsumerSpec = { ...registryConsumer, durable: 'test-registry-raised' }
		const lines: string[] = []
		const clock = new TestClock()
		const seen: number[] = []
		const consumption = await consume(env.bus, {
			consumer: spec,
			schema: Job,
			logger: createLogger({}, 'info', (line) => lines.push(line)),
			clock,
			handler: async (body) => {
				seen.push(body.n)
			}
		})
		try {
			const layout = (await env.bus.jsm.streams.info(STREAMS.REGISTRY.name)).config
			await env.bus.jsm.streams.update(STREAMS.REGISTRY.name, { ...layout, max_age: nanos(3 * DAY_MS), max_bytes: 64 * MIB })
			clock.advance(STREAM_SETTINGS_REFRESH_MS)
			await waitFor(() => lines.some((line) => line.includes('stream settings changed; remembered')), {
				what: 'the consumption to read the raised settings'
			})

			await env.bus.jsm.streams.delete(STREAMS.REGISTRY.name)
			await waitFor(async () => (await env.bus.jsm.consumers.info(spec.stream, spec.durable).catch(() => undefined)) !== undefined, {
				what: 'the stream and the durable to be created again',
				timeoutMs: 20_000
			})
			const after = (await env.bus.jsm.streams.info(STREAMS.REGISTRY.name)).config
			expect(settingsOf(after)).toEqual({ ...settingsOf(layout), max_age: nanos(3 * DAY_MS), max_bytes: 64 * MIB })

			await publish(env.bus, Job, subjects.registryChanged('MGA'), { n: 3 }, 'registry-raised-3')
			await waitFor(() => seen.includes(3), { what: 'the message published after the deletion', timeoutMs: 20_000 })
		} finally {
			await consumption.stop()
		}
	}, 45_000)

	test('a stream whose last settings the server refuses now (a subject another stream took meanwhile) is created again from the layout rather than not at all', async () => {
		const lines: string[] = []
		const logger = createLogger({}, 'info', (line) => lines.push(line))
		const before = (await env.bus.jsm.streams.info(STREAMS.REGISTRY.name)).config
		await env.bus.jsm.streams.update(STREAMS.REGISTRY.name, { ...before, subjects: [...before.subjects, 'audit.>'] })
		await refreshStreamSettings(env.bus, STREAMS.REGISTRY.name, logger)
		await env.bus.jsm.streams.delete(STREAMS.REGISTRY.name)
		await env.bus.jsm.streams.add({ name: 'AUDIT', subjects: ['audit.>'] })
		try {
			await restoreConsumer(env.bus, { ...registryConsumer, durable: 'test-registry-refused' }, logger)
			const after = (await env.bus.jsm.streams.info(STREAMS.REGISTRY.name)).config
			expect({ subjects: after.subjects, max_age: after.max_age, max_bytes: after.max_bytes }).toEqual({
				subjects: STREAMS.REGISTRY.subjects,
				max_age: nanos(STREAMS.REGISTRY.maxAgeMs),
				max_bytes: -1
			})
			expect(lines.some((line) => line.includes('stream refused with its last settings; creating it from the layout'))).toBe(true)
		} finally {
			await env.bus.jsm.streams.delete('AUDIT')
		}
	})
})

const DAY_MS = 86_400_000
const MIB = 1024 * 1024

const registryConsumer: ConsumerSpec = {
	stream: STREAMS.REGISTRY.name,
	durable: 'test-registry',
	filterSubject: subjects.allRegistryChanged,
	ackWaitMs: 30_000,
	maxDeliver: -1,
	maxAckPending: 4
}

const settingsOf = ({ subjects, retention, storage, max_age, max_bytes, duplicate_window, num_replicas }: StreamConfig) => ({
	subjects,
	retention,
	storage,
	max_age,
	max_bytes,
	duplicate_window,
	num_replicas
})
