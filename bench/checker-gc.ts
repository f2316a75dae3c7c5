/**
 * The checker's garbage collection under batches (or cold checks), in-process: one child process per
 * checkout and round (a collector's state is per process), each building the synthetic world's index of
 * BENCH_DOMAINS links (default 500,000) and answering BENCH_GC_BATCHES `check.batch` requests of 100
 * (50 listed, the same in every batch, and 50 never asked; decoded and answered by the checkout's batch
 * handler, its row memo full of one-off entries as a replica's is), or with BENCH_GC_COLD=1 as many
 * `check.many` messages of BENCH_PER_MESSAGE never-asked domains. JavaScriptCore's GC log
 * (`BUN_JSC_logGC=1`, on for the children) gives the collections and their pauses during the measured
 * stretch; the child gives CPU and wall time per batch, its heap (`bun:jsc` heapStats) and RSS.
 * BENCH_BASE_ROOT=dir alternates another checkout (`git archive` plus `cp -a node_modules`) with this one;
 * BENCH_GC_ENV="NAME=value ..." adds environment variables to this checkout's children (JavaScriptCore's
 * `BUN_JSC_*` options, ADR 0058).
 *
 *   bun bench/checker-gc.ts          BENCH_BASE_ROOT=/tmp/base BENCH_ROUNDS=3 bun bench/checker-gc.ts
 */
import { writeSync } from 'node:fs'
import { REPO_ROOT } from '@lv/testing'
import { checkerModulesOf, memoFullOfOneOffs } from './lib/checker-modules.ts'
import { BENCH_ROUNDS, median } from './lib/rounds.ts'

const SIZE = Number(process.env.BENCH_DOMAINS ?? 500_000)
const COLD = process.env.BENCH_GC_COLD === '1'
const BATCHES = Number(process.env.BENCH_GC_BATCHES ?? (COLD ? 20_000 : 2_000))
const PER_MESSAGE = Number(process.env.BENCH_PER_MESSAGE ?? 10)
const START = '@@measure-start'
const END = '@@measure-end'

type ChildFigures = { cpu: number[]; wall: number[]; heapMb: number; objects: number; rssMb: number; top: [string, number][] }

async function child(root: string): Promise<void> {
	const { synthetic, bus, clock, contracts, logger, verdict, responders, batchAnswers } = await checkerModulesOf(root)
	const now = new Date('2026-11-24T12:00:00Z')
	const readAt = new Date(now.getTime() - 3_600_000)
	const { index } = synthetic.buildWorldIndex(synthetic.world(SIZE, readAt), readAt)
	const rowMemo = memoFullOfOneOffs(verdict, index, now.getTime(), '')
	const manyMemo = memoFullOfOneOffs(verdict, index, now.getTime(), 'domain\u0000')
	const deps = { sql: undefined, store: { current: () => index }, clock: new clock.TestClock(now), logger: logger.silentLogger }
	let fresh = SIZE + 1
	const request = (): Uint8Array =>
		COLD
			? bus.encodeBody(contracts.CheckManyRequest, 'check.many', {
					id: crypto.randomUUID(),
					sent_at: now.toISOString(),
					checks: Array.from({ length: PER_MESSAGE }, () => ({ domain: synthetic.hostname((fresh += 7)) }))
				})
			: bus.encodeBody(contracts.CheckBatchRequest, 'check.batch', {
					id: crypto.randomUUID(),
					sent_at: now.toISOString(),
					domains: Array.from({ length: 100 }, (_, i) =>
						i % 2 === 0 ? synthetic.hostname((i * 2_917 + 1) % SIZE) : synthetic.hostname((fresh += 7))
					)
				})
	const answer = async (bytes: Uint8Array): Promise<Uint8Array> =>
		COLD
			? responders.answerMany(deps, manyMemo, bus.decodeBody(contracts.CheckManyRequest, 'check.many', bytes).checks)
			: batchAnswers.answerBatch(index, now, rowMemo, bus.decodeBody(contracts.CheckBatchRequest, 'check.batch', bytes).domains).bytes
	// Warm up, then collect once so the measured stretch starts from the same heap in every child.
	for (let i = 0; i < BATCHES / 5; i++) {
		await new Promise((resolve) => setImmediate(resolve))
		await answer(request())
	}
	Bun.gc(true)
	const requests = Array.from({ length: BATCHES }, request)
	const cpu: number[] = []
	const wall: number[] = []
	writeSync(2, `${START}\n`)
	for (const bytes of requests) {
		// A replica answers each message in an event-loop turn of its own, where Bun's timers (its GC timer too) run.
		await new Promise((resolve) => setImmediate(resolve))
		const before = process.cpuUsage()
		const startedAt = performance.now()
		await answer(bytes)
		wall.push(performance.now() - startedAt)
		const used = process.cpuUsage(before)
		cpu.push((used.user + used.system) / 1000)
	}
	writeSync(2, `${END}\n`)
	const { heapStats } = await import('bun:jsc')
	const stats = heapStats()
	const top = Object.entries(stats.objectTypeCounts as Record<string, number>)
		.sort((a, b) => b[1] - a[1])
		.slice(0, 8)
	const figures: ChildFigures = {
		cpu,
		wall,
		heapMb: stats.heapSize / 1e6,
		objects: stats.objectCount,
		rssMb: process.memoryUsage().rss / 1e6,
		top
	}
	console.log(JSON.stringify(figures))
}

const quantile = (values: readonly number[], q: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

type GcFigures = { eden: number; full: number; pauses: number[]; edenKb: number[] }

/** Collections and pauses in the GC log between the child's markers. */
function gcLog(stderr: string): GcFigures {
	const measured = stderr.slice(stderr.indexOf(START), stderr.indexOf(END))
	const numbers = (pattern: RegExp) => [...measured.matchAll(pattern)].map((match) => Number(match[1]))
	return {
		eden: (measured.match(/=> EdenCollection/g) ?? []).length,
		full: (measured.match(/=> FullCollection/g) ?? []).length,
		pauses: numbers(/ p=([\d.]+)ms/g),
		edenKb: numbers(/bytes allowed: (\d+)/g).map((bytes) => bytes / 1024)
	}
}

async function run(root: string, extraEnv: Record<string, string>) {
	const proc = Bun.spawn(['bun', import.meta.path, '--child', root], {
		env: { ...process.env, ...extraEnv, BUN_JSC_logGC: '1' },
		stdout: 'pipe',
		stderr: 'pipe'
	})
	const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
	if ((await proc.exited) !== 0) throw new Error(`child for ${root} failed: ${stderr.slice(-2000)}`)
	const figures = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ChildFigures
	return { ...figures, gc: gcLog(stderr) }
}

const fixed = (value: number, digits = 2) => value.toFixed(digits)

if (process.argv[2] === '--child') await child(process.argv[3] as string)
else {
	const extraEnv = Object.fromEntries(
		(process.env.BENCH_GC_ENV ?? '')
			.split(/\s+/)
			.filter(Boolean)
			.map((pair) => pair.split('=') as [string, string])
	)
	const checkouts = [{ name: 'this checkout', root: REPO_ROOT, env: extraEnv }]
	if (process.env.BENCH_BASE_ROOT) checkouts.push({ name: 'base checkout', root: process.env.BENCH_BASE_ROOT, env: {} })
	const unit = COLD ? `message of ${PER_MESSAGE}` : 'batch'
	const per1000 = (count: number) => fixed((count * 1000) / BATCHES, 1)
	const cpuMedians = new Map<string, number[]>()
	for (let round = 0; round < BENCH_ROUNDS; round++)
		for (const checkout of round % 2 === 1 ? [...checkouts].reverse() : checkouts) {
			const load = (await Bun.file('/proc/loadavg').text()).split(' ').slice(0, 3).join(' ')
			const { cpu, wall, heapMb, objects, rssMb, top, gc } = await run(checkout.root, checkout.env)
			cpuMedians.set(checkout.name, [...(cpuMedians.get(checkout.name) ?? []), quantile(cpu, 0.5)])
			console.log(
				[
					`round ${round + 1} ${checkout.name} (${SIZE} links, ${BATCHES} × ${unit}, load ${load})`,
					`  CPU ms per ${unit} p50 ${fixed(quantile(cpu, 0.5))} p90 ${fixed(quantile(cpu, 0.9))} p99 ${fixed(quantile(cpu, 0.99))} max ${fixed(quantile(cpu, 1))}`,
					`  wall ms p50 ${fixed(quantile(wall, 0.5))} p90 ${fixed(quantile(wall, 0.9))} p99 ${fixed(quantile(wall, 0.99))} max ${fixed(quantile(wall, 1))}`,
					`  collections per 1,000: eden ${per1000(gc.eden)} full ${per1000(gc.full)}; pauses ${gc.pauses.length}, p50 ${fixed(quantile(gc.pauses, 0.5))} p90 ${fixed(quantile(gc.pauses, 0.9))} max ${fixed(quantile(gc.pauses, 1))} ms, sum ${fixed(
						gc.pauses.reduce((a, b) => a + b, 0),
						0
					)} ms; eden allowed ${fixed(median(gc.edenKb) / 1024, 1)} MB`,
					`  heap ${fixed(heapMb, 0)} MB, ${objects} objects, RSS ${fixed(rssMb, 0)} MB; most: ${top.map(([type, count]) => `${type} ${count}`).join(', ')}`
				].join('\n')
			)
		}
	for (const [name, values] of cpuMedians) console.log(`median CPU ms per ${unit}, ${name}: ${fixed(median(values))}`)
}
