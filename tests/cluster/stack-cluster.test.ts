import { afterAll, describe, expect, test } from 'bun:test'
import { connectBus } from '@lv/bus'
import { STREAMS } from '@lv/contracts'
import { waitFor } from '@lv/testing'
import { type StackRun, runStack } from '../support/stack-run.ts'

/**
 * `npm run stack -- --cluster`: three nats-server nodes with R3 streams, two replicas of gateway,
 * checker, reader and notifier on the same PostgreSQL and demo data, every address printed.
 */
let stack: StackRun | undefined

afterAll(async () => {
	await stack?.cleanUp()
}, 30_000)

describe('npm run stack -- --cluster', () => {
	test('starts three NATS nodes with R3 streams and two of each replicated service; both gateways answer the demo key; SIGINT stops everything', async () => {
		stack = await runStack(['--cluster'])
		const run = stack
		const natsUrls = /NATS\s+(\S+) \(3-node cluster, R3 streams\)/.exec(run.output())?.[1]
		expect(natsUrls?.split(',')).toHaveLength(3)
		expect(run.output()).toContain(`http://localhost:${run.ports.STACK_API_REPLICA_PORT}/v1 (second gateway)`)

		for (const apiPort of [run.ports.STACK_API_PORT, run.ports.STACK_API_REPLICA_PORT])
			await waitFor(async () => (await run.get('/v1/check?domain=kestrelbet.co.uk', apiPort)).body.verdict === 'licensed', {
				what: `the gateway on ${apiPort} to answer the demo register`,
				timeoutMs: 30_000,
				intervalMs: 200
			})

		const bus = await connectBus({ servers: natsUrls ?? '', name: 'stack-cluster-test' })
		try {
			const replicas = await Promise.all(Object.values(STREAMS).map(async (stream) => (await bus.jsm.streams.info(stream.name)).config.num_replicas))
			expect(replicas).toEqual([3, 3, 3])
		} finally {
			await bus.close()
		}

		const started = run.processes()
		expect(started.filter((entry) => entry.name === 'nats-server')).toHaveLength(3)
		for (const name of ['gateway', 'checker', 'reader', 'notifier']) {
			expect(run.output()).toContain(`[stack] ${name}-1 started`)
			expect(run.output()).toContain(`[stack] ${name}-2 started`)
		}

		expect(await run.interrupt()).toEqual({ exitCode: 0, leftRunning: [] })
	}, 150_000)
})
