/**
 * The gateway's check dispatcher alone (check-dispatch.ts: coalescing, the check.many request over NATS, the
 * reply's framing and answer-state header, held answers) for the cold check: a never-asked unlisted domain
 * every call, 50 callers at once (BENCH_IN_FLIGHT), against a real checker process over nats-server, with the checker states
 * watched as main.ts does (ADR 0048). CPU of this process per check, in BENCH_ROUNDS alternating rounds;
 * BENCH_BASE_ROOT=dir also measures the dispatcher of another checkout (its own node_modules) in the same
 * process: a same-run A/B of a change. Each caller then builds the answer's Response, as the route does.
 *
 *   bun bench/cold-dispatch-cpu.ts          BENCH_BASE_ROOT=/tmp/base BENCH_CALLS=40000 bun bench/cold-dispatch-cpu.ts
 *   BENCH_IN_FLIGHT=2 bun bench/cold-dispatch-cpu.ts   (a message or two per check: what is paid per message shows)
 */
import { join } from 'node:path'
import { connectBus } from '@lv/bus'
import { monotonicClock, systemClock } from '@lv/clock'
import { silentLogger } from '@lv/logger'
import { REPO_ROOT } from '@lv/testing'
import { startKeyedCheckWorld } from './lib/keyed-check-world.ts'
import { type CpuPerCall, inAlternatingRounds } from './lib/in-process.ts'
import { hostname } from './lib/synthetic-world.ts'

const CALLS = Number(process.env.BENCH_CALLS ?? 30_000)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 50)

const world = await startKeyedCheckWorld()
const bus = await connectBus({ servers: world.nats.url, name: 'bench-cold-dispatch-cpu' })
const { watchCheckerStates } = await import(join(REPO_ROOT, 'services/gateway/src/routes/checker-states-watch.ts'))
const watch = watchCheckerStates({ bus, clock: monotonicClock, logger: silentLogger, proofMs: 1_000 })

type Answer = (check: { domain: string }) => Uint8Array | Promise<Uint8Array>

/** `root`'s dispatcher, as checkHandlers builds it. */
async function dispatcherFrom(root: string): Promise<Answer> {
	const { createCheckDispatcher } = await import(join(root, 'services/gateway/src/routes/check-dispatch.ts'))
	const dispatcher = createCheckDispatcher({ bus, clock: systemClock, timeoutMs: 5_000, states: watch.states })
	return (check) => dispatcher.answer(check)
}

/** Past the world's seeded domains: every name is unlisted and asked once. */
let unasked = 1_000_000
async function coldChecks(answer: Answer, calls: number): Promise<CpuPerCall> {
	let started = 0
	const startedAt = performance.now()
	const before = process.cpuUsage()
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			while (started++ < calls) {
				const body = await answer({ domain: hostname(unasked++) })
				new Response(body as BodyInit, { headers: { 'content-type': 'application/json' } })
			}
		})
	)
	const used = process.cpuUsage(before)
	return { micros: (used.user + used.system) / calls, perSecond: calls / ((performance.now() - startedAt) / 1000) }
}

const candidates = [
	{ name: 'this checkout', root: REPO_ROOT },
	...(process.env.BENCH_BASE_ROOT ? [{ name: 'base checkout', root: process.env.BENCH_BASE_ROOT }] : [])
]
const dispatchers = await Promise.all(candidates.map(async ({ name, root }) => ({ name, answer: await dispatcherFrom(root) })))
try {
	await inAlternatingRounds(
		dispatchers.map(({ name, answer }) => ({ name, measure: (calls: number) => coldChecks(answer, calls) })),
		CALLS,
		3_000
	)
} finally {
	await watch.stop()
	await bus.close()
	await world.stop()
}
