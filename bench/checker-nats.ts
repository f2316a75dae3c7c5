/**
 * The checker behind NATS without the gateway: CHECKERS replicas of bench/lib/world-checker.ts (the
 * synthetic world's index of BENCH_DOMAINS links, no PostgreSQL) in queue group `checker`, driven
 * from this process for BENCH_DURATION seconds per scenario:
 * - cold: `check.many` messages of BENCH_PER_MESSAGE never-asked unlisted domains, BENCH_IN_FLIGHT
 *   messages at once (the gateway's coalesced single checks);
 * - batch: `check.batch` of 100 domains, 50 listed and 50 never asked, BENCH_BATCH_CONNECTIONS at
 *   once, whole and as parts of BENCH_PART_DOMAINS (ADR 0033), and whole with the rows held as the gateway
 *   holds them (HeldBatchRows, offered back as `known` tags: ADR 0069);
 * - cold through a coalescer: BENCH_CALLERS callers (default 50, as wrk's connections), each sending one
 *   never-asked domain at a time through @lv/runtime's coalescer as the gateway does, and spending
 *   BENCH_CALLER_US µs of CPU (default 50, the gateway's own cost of a cold call) on each answer before
 *   its next check; one scenario per flow of BENCH_FLOWS (`maxBatch/maxInFlight,…`, default `128/2,16/2`):
 *   what the coalescer's policy does to the replica's messages and idle time.
 * Prints checks (or batches) per second, latency p50 / p99 per message (per batch), and the
 * replicas' and nats-server's CPU per check (per batch) read from /proc: what the checker spends on a cold check with
 * its NATS handling, to set beside bench/checker-cold-cpu.ts's in-process figures.
 *
 *   bun bench/checker-nats.ts          CHECKERS=2 BENCH_IN_FLIGHT=2 bun bench/checker-nats.ts
 */
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { connectBus, requestBytes } from '@lv/bus'
import { CheckBatchRequest, CheckManyRequest, batchParts, decodeFramedAnswers, joinBatchAnswers, subjects } from '@lv/contracts'
import { createCoalescer } from '@lv/runtime'
import { REPO_ROOT, startNats } from '@lv/testing'
import { checkerArgs, checkerTraceEnv } from './lib/process.ts'
import { BENCH_ROUNDS, median } from './lib/rounds.ts'
import { hostname } from './lib/synthetic-world.ts'
import { HeldBatchRows } from '../services/gateway/src/routes/held-batch-rows.ts'

const SIZE = Number(process.env.BENCH_DOMAINS ?? 500_000)
const SECONDS = Number(process.env.BENCH_DURATION ?? 5)
const CHECKERS = Number(process.env.CHECKERS ?? 1)
const PER_MESSAGE = Number(process.env.BENCH_PER_MESSAGE ?? 10)
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 1)
const BATCH_CONNECTIONS = Number(process.env.BENCH_BATCH_CONNECTIONS ?? 4)
const PART_DOMAINS = Number(process.env.BENCH_PART_DOMAINS ?? 25)
const CALLERS = Number(process.env.BENCH_CALLERS ?? 50)
const CALLER_US = Number(process.env.BENCH_CALLER_US ?? 50)
const FLOWS = (process.env.BENCH_FLOWS ?? '128/2,16/2').split(',').map((flow) => flow.split('/').map(Number) as [number, number])
const TIMEOUT_MS = 30_000

const nats = await startNats()
const checkers = await Promise.all(
	Array.from({ length: CHECKERS }, async () => {
		const child = Bun.spawn(['bun', ...checkerArgs(), join(REPO_ROOT, 'bench/lib/world-checker.ts')], {
			env: { ...process.env, ...checkerTraceEnv(), NATS_URL: nats.url, BENCH_DOMAINS: String(SIZE) },
			stdout: 'pipe',
			stderr: 'inherit'
		})
		const reader = child.stdout.getReader()
		let said = ''
		while (!said.includes('ready')) {
			const { value, done } = await reader.read()
			if (done) throw new Error('a world checker exited before it was ready')
			said += new TextDecoder().decode(value)
		}
		return child
	})
)
const bus = await connectBus({ servers: nats.url, name: 'bench-checker-nats' })

/** utime + stime of a process, in µs (from /proc, in clock ticks of 10 ms). */
const cpuMicros = (pid: number) => {
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
	return (Number(fields[11]) + Number(fields[12])) * 10_000
}
const checkersCpuMicros = () => checkers.reduce((sum, child) => sum + cpuMicros(child.pid), 0)
/** The nats-server started above: the process whose command line names its configuration file. */
const natsConfig = join(dirname(nats.storeDir), 'nats.conf')
const natsPid = Number(
	readdirSync('/proc').find(
		(entry) =>
			/^\d+$/.test(entry) &&
			(() => {
				try {
					return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(natsConfig)
				} catch {
					return false
				}
			})()
	)
)
const natsCpuMicros = () => (natsPid > 0 ? cpuMicros(natsPid) : 0)

let nextFresh = SIZE + 1
const fresh = () => hostname((nextFresh += 7))
const listed = Array.from({ length: 50 }, (_, i) => hostname((i * 2_917 + 1) % SIZE))

/** One `check.many` message of `checks`, its reply's bytes. */
const checkManyBytes = (checks: readonly { domain: string }[]) =>
	requestBytes(bus, {
		subject: subjects.checkMany,
		schema: CheckManyRequest,
		body: { id: crypto.randomUUID(), sent_at: new Date().toISOString(), checks: [...checks] },
		timeoutMs: TIMEOUT_MS,
		unavailableReason: 'checker_unavailable'
	})

const checkMany = (count: number) => checkManyBytes(Array.from({ length: count }, () => ({ domain: fresh() })))

const checkManyOf = (checks: readonly { domain: string }[]) => checkManyBytes(checks).then(decodeFramedAnswers)

/** A caller's check through a coalescer of `maxBatch` checks and `maxInFlight` messages, then its own CPU on the answer. */
function coalescedCaller(maxBatch: number, maxInFlight: number) {
	const coalescer = createCoalescer(checkManyOf, { maxBatch, maxInFlight })
	return async () => {
		await coalescer.submit({ domain: fresh() })
		const until = performance.now() + CALLER_US / 1000
		while (performance.now() < until) {}
		await new Promise((resolve) => setImmediate(resolve))
	}
}

const heldRows = new HeldBatchRows()

/** A batch of 50 listed and 50 never-asked domains, in parts; with `holding`, offering the rows held as the gateway does. */
const checkBatch = async (partDomains: number, holding = false) => {
	const domains = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? (listed[i / 2] as string) : fresh()))
	const answers = await Promise.all(
		batchParts(domains, partDomains).map(async (part) => {
			const offered = holding ? heldRows.offer(part) : undefined
			const reply = await requestBytes(bus, {
				subject: subjects.checkBatch,
				schema: CheckBatchRequest,
				body: { id: crypto.randomUUID(), sent_at: new Date().toISOString(), domains: part, ...(offered ? { known: offered.known } : {}) },
				timeoutMs: TIMEOUT_MS,
				unavailableReason: 'checker_unavailable'
			})
			return offered ? heldRows.rowsOf(part, offered, reply) : reply
		})
	)
	return joinBatchAnswers(answers)
}

type Scenario = { name: string; unitsPerCall: number; unit: string; concurrency: number; call(): Promise<unknown> }
type Measured = { perSecond: number; p50: number; p99: number; cpuPerUnit: number; natsCpuPerUnit: number }

async function measure({ concurrency, call, unitsPerCall }: Scenario, seconds: number): Promise<Measured> {
	const latencies: number[] = []
	const cpuBefore = checkersCpuMicros()
	const natsBefore = natsCpuMicros()
	const started = performance.now()
	const until = started + seconds * 1000
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (performance.now() < until) {
				const sent = performance.now()
				await call()
				latencies.push(performance.now() - sent)
			}
		})
	)
	const elapsed = (performance.now() - started) / 1000
	const units = latencies.length * unitsPerCall
	latencies.sort((a, b) => a - b)
	const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0
	return {
		perSecond: units / elapsed,
		p50: at(0.5),
		p99: at(0.99),
		cpuPerUnit: (checkersCpuMicros() - cpuBefore) / units,
		natsCpuPerUnit: (natsCpuMicros() - natsBefore) / units
	}
}

const scenarios: Scenario[] = [
	{
		name: `cold check.many x${PER_MESSAGE}, ${IN_FLIGHT} in flight`,
		unitsPerCall: PER_MESSAGE,
		unit: 'check',
		concurrency: IN_FLIGHT,
		call: () => checkMany(PER_MESSAGE)
	},
	{
		name: `batch x100 whole, c${BATCH_CONNECTIONS}`,
		unitsPerCall: 1,
		unit: 'batch',
		concurrency: BATCH_CONNECTIONS,
		call: () => checkBatch(100)
	},
	{
		name: `batch x100 whole, rows held, c${BATCH_CONNECTIONS}`,
		unitsPerCall: 1,
		unit: 'batch',
		concurrency: BATCH_CONNECTIONS,
		call: () => checkBatch(100, true)
	},
	{
		name: `batch x100 in parts of ${PART_DOMAINS}, c${BATCH_CONNECTIONS}`,
		unitsPerCall: 1,
		unit: 'batch',
		concurrency: BATCH_CONNECTIONS,
		call: () => checkBatch(PART_DOMAINS)
	},
	{ name: 'batch x100 whole, c1', unitsPerCall: 1, unit: 'batch', concurrency: 1, call: () => checkBatch(100) },
	...FLOWS.map(
		([maxBatch, maxInFlight]): Scenario => ({
			name: `cold, ${CALLERS} callers, ${maxBatch} a message, ${maxInFlight} in flight`,
			unitsPerCall: 1,
			unit: 'check',
			concurrency: CALLERS,
			call: coalescedCaller(maxBatch, maxInFlight)
		})
	)
]
const only = process.env.BENCH_ONLY?.split(',').map(Number)
const chosen = only ? scenarios.filter((_, i) => only.includes(i + 1)) : scenarios

const results = new Map<string, Measured[]>()
try {
	for (const scenario of chosen) await measure(scenario, 1)
	for (let round = 0; round < BENCH_ROUNDS; round++)
		for (const scenario of round % 2 === 1 ? [...chosen].reverse() : chosen) {
			const result = await measure(scenario, SECONDS)
			results.set(scenario.name, [...(results.get(scenario.name) ?? []), result])
			console.log(
				`round ${round + 1}  ${scenario.name.padEnd(36)} ${result.perSecond.toFixed(0).padStart(6)} ${scenario.unit}s/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  checker CPU ${result.cpuPerUnit.toFixed(0)}, nats-server ${result.natsCpuPerUnit.toFixed(0)} µs per ${scenario.unit}, ${((result.perSecond * result.cpuPerUnit) / 10_000).toFixed(0)} % of a CPU`
			)
		}
} finally {
	await bus.close()
	for (const child of checkers) child.kill('SIGTERM')
	await Promise.all(checkers.map((child) => child.exited))
	await nats.stop()
}
console.log(`-- median of ${BENCH_ROUNDS} rounds, ${CHECKERS} checker(s), ${SIZE} links`)
for (const scenario of chosen) {
	const runs = results.get(scenario.name) ?? []
	const of = (pick: (run: Measured) => number) => median(runs.map(pick))
	console.log(
		`${scenario.name.padEnd(36)} ${of((run) => run.perSecond)
			.toFixed(0)
			.padStart(
				6
			)} ${scenario.unit}s/s  p50 ${of((run) => run.p50).toFixed(2)} ms  p99 ${of((run) => run.p99).toFixed(2)} ms  checker CPU ${of((run) => run.cpuPerUnit).toFixed(0)}, nats-server ${of((run) => run.natsCpuPerUnit).toFixed(0)} µs per ${scenario.unit}`
	)
}
