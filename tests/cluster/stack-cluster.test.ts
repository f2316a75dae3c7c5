import { afterAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { STREAMS } from '@lv/contracts'
import { waitFor } from '@lv/testing'
import { type StackRun, runStack } from '../support/stack-run.ts'

/**
 * `npm run stack -- --cluster`: three nats-server nodes with R3 streams, two replicas of gateway,
 * checker, reader and notifier on the same PostgreSQL and demo data, every address printed.
 */
let stack: StackRun | undefined

/** Replicas per stream as a node's monitoring port reports them (the stack's NATS users admit no test client). */
async function streamReplicas(natsPid: number): Promise<Record<string, number>> {
	const args = readFileSync(`/proc/${natsPid}/cmdline`, 'utf8').split('\0')
	const config = readFileSync(args[args.indexOf('-c') + 1] ?? '', 'utf8')
	const monitor = /^http: (\S+)$/m.exec(config)?.[1]
	const jsz = (await (await fetch(`http://${monitor}/jsz?streams=true&config=true`)).json()) as {
		account_details?: { stream_detail?: { name: string; config: { num_replicas: number } }[] }[]
	}
	return Object.fromEntries(
		(jsz.account_details ?? []).flatMap((account) => account.stream_detail ?? []).map((stream) => [stream.name, stream.config.num_replicas])
	)
}

afterAll(async () => {
	await stack?.cleanUp()
}, 30_000)

describe('npm run stack -- --cluster', () => {
	test('starts three NATS nodes with R3 streams and two of each replicated service; both gateways answer the demo key; Ctrl-C (SIGINT to its process group) stops every service cleanly and everything it started', async () => {
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

		const started = run.processes()
		const nodes = started.filter((entry) => entry.name === 'nats-server')
		expect(nodes).toHaveLength(3)
		expect(await streamReplicas(nodes[0]?.pid ?? 0)).toEqual(Object.fromEntries(Object.values(STREAMS).map((stream) => [stream.name, 3])))

		for (const name of ['gateway', 'checker', 'reader', 'notifier']) {
			expect(run.output()).toContain(`[stack] ${name}-1 started`)
			expect(run.output()).toContain(`[stack] ${name}-2 started`)
		}

		expect(await run.interrupt()).toEqual({ exitCode: 0, leftRunning: [], notStopped: [], errorLines: [] })
	}, 150_000)
})
