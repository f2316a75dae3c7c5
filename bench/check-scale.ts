/**
 * How the checker's index grows with the register: for each size in BENCH_SCALE_SIZES (default
 * 50k, 500k, 2M and 5M domain links) a fresh process builds the index in-process the way the
 * checker does (per jurisdiction, links streamed in chunks and freed as the checker's loader frees
 * them, memory released after each swap), then prints the RSS peak of the load, RSS after load, RSS
 * after BENCH_SCALE_WRITTEN (default 20,000) never-asked checks answered from the parts the index keeps
 * (ADR 0061), the RSS peak while UKGC is rebuilt beside the live index and those parts, the build time
 * per jurisdiction (wall and this process's CPU time, the figure to compare on a shared machine), the
 * longest blocks of the answering thread in a UKGC swap (the swap finished at once, and as the checker
 * finishes it, the shard's completion, the link-key filter and the name scan built in turns), and the latency of cold checks of never-seen unlisted domains (the name stage runs on every one), and a
 * digest of those answers and of checks of listed hosts (equal digests between two builds: the same
 * answers).
 *
 * Names and hostnames come from `lib/synthetic-world.ts` (brand-like compounds of common words), and
 * the unlisted queries are compounds of the same words, so the name stage sees realistic
 * near-misses rather than digit-only names.
 *
 *   bun bench/check-scale.ts
 *   BENCH_SCALE_SIZES=50000,500000 BENCH_SCALE_QUERIES=5000 bun bench/check-scale.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { type CheckIndex, checkDomain, checkDomainBytes } from '@lv/verdict'
import { linkKeyFilter } from '../packages/verdict/src/link-key-filter.ts'
import {
	type Block,
	blockClock,
	buildJurisdiction,
	buildWorldIndex,
	distinctNameKeys,
	hostname,
	rebuildJurisdictionInTurns,
	type World,
	world
} from './lib/synthetic-world.ts'

const proc = () => readFileSync('/proc/self/status', 'utf8')
const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(proc())?.[1] ?? Number.NaN) / 1024
const settledRssMb = () => {
	Bun.gc(true)
	return kb('VmRSS')
}
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN

const round1 = (ms: number) => Math.round(ms * 10) / 10
const rounded = (block: Block) => ({ wallMs: round1(block.wallMs), cpuMs: round1(block.cpuMs) })
const shown = (block: { wallMs: number; cpuMs: number }) => `${block.cpuMs} ms CPU (${block.wallMs} wall)`

/**
 * The answering thread's longest blocks in a swap: `finishAtOnce` is the block of a rebuild finished at once
 * (the filter built inside it); the checker's rebuild, run here, finishes with the filter built in turns.
 */
async function swapBlocks(index: CheckIndex, w: World, readAt: Date, finishAtOnce: Block) {
	const clock = blockClock()
	clock.begin()
	linkKeyFilter([...index.shards.values()].flatMap((shard) => [shard.linksByHostname, shard.linksBelowRegistrable]))
	const filterAtOnce = clock.end()
	const inTurns = await rebuildJurisdictionInTurns(index, 'UKGC', w, readAt)
	const slices = inTurns.sliceWallMs
	return {
		index: inTurns.index,
		blocks: {
			finishAtOnce: rounded(finishAtOnce),
			filterAtOnce: rounded(filterAtOnce),
			slices: inTurns.slices,
			longestSlice: rounded(inTurns.longestSlice),
			sliceWallMs: { p50: round1(percentile(slices, 0.5)), p99: round1(percentile(slices, 0.99)) },
			finishInTurnsCpuMs: Math.round(inTurns.finishCpuMs),
			slicesCpuMs: Math.round(inTurns.slicesCpuMs),
			linkChunk: rounded(inTurns.linkChunk),
			linkChunkWallMs: {
				p50: round1(percentile(inTurns.linkChunkWallMs, 0.5)),
				p99: round1(percentile(inTurns.linkChunkWallMs, 0.99))
			},
			collection: rounded(inTurns.collection)
		}
	}
}

/**
 * RSS once WRITTEN never-asked checks are answered from parts (ADR 0061), which the live index then keeps:
 * answered before the rebuild, so that its peak holds them.
 */
function rssAfterWrittenAnswers(index: CheckIndex, size: number, now: Date): number {
	for (let q = 0; q < WRITTEN; q++) checkDomainBytes(index, hostname(size + 3 + q * 7), now)
	return settledRssMb()
}

async function measure(size: number, queries: number) {
	// A fixed clock, so the answers' digest compares runs (equal digests: the same answers).
	const now = new Date('2026-11-24T12:00:00Z')
	const readAt = new Date(now.getTime() - 3_600_000)
	const w = world(size, readAt)
	const loaded = buildWorldIndex(w, readAt)
	const buildMs = loaded.buildMs
	let index = loaded.index
	const loadPeakMb = kb('VmHWM')
	const rssAfterLoadMb = settledRssMb()
	const rssAfterWrittenMb = rssAfterWrittenAnswers(index, size, now)

	// A rebuild holds the live index and the new shard at once; VmHWM reset so the peak is the rebuild's.
	try {
		writeFileSync('/proc/self/clear_refs', '5')
	} catch {}
	const rebuilt = buildJurisdiction(index, 'UKGC', w, readAt)
	const rebuildPeakMb = kb('VmHWM')
	index = rebuilt.index
	const rssAfterRebuildMb = settledRssMb()
	const swap = await swapBlocks(index, w, readAt, rebuilt.finish)
	index = swap.index

	// Cold checks: never-seen unlisted hosts, compounds of the same words as the listed names; the
	// first 500 (other hosts) only warm the JIT.
	for (let q = 0; q < 500; q++) checkDomain(index, hostname(size + 2 + q * 7), { now })
	// Wall time and this process's CPU time per check: on a busy machine the CPU time is the
	// check's own cost, the wall time adds whatever else was scheduled meanwhile.
	const latencies: number[] = []
	const cpuTimes: number[] = []
	let notFound = 0
	let digest = 0n
	for (let q = 0; q < queries; q++) {
		const domain = hostname(size + 1 + q * 7)
		const cpuBefore = process.cpuUsage()
		const started = performance.now()
		const result = checkDomain(index, domain, { now })
		latencies.push((performance.now() - started) * 1000)
		const cpu = process.cpuUsage(cpuBefore)
		cpuTimes.push(cpu.user + cpu.system)
		if (result.verdict === 'not_found') notFound++
		digest = Bun.hash(JSON.stringify(result), digest) as bigint
	}
	// Listed hosts, their www counterparts and hosts below them (found by registrable domain).
	for (let q = 0; q < 2_000; q++) {
		const listed = hostname((q * 2_477) % size)
		for (const domain of [listed, `www.${listed}`, `shop.${listed}`])
			digest = Bun.hash(JSON.stringify(checkDomain(index, domain, { now })), digest) as bigint
	}
	latencies.sort((a, b) => a - b)
	cpuTimes.sort((a, b) => a - b)
	return {
		size,
		operators: w.operators.length,
		distinctNameKeys: distinctNameKeys(index),
		loadPeakMb: Math.round(loadPeakMb),
		rssAfterLoadMb: Math.round(rssAfterLoadMb),
		rssAfterWrittenMb: Math.round(rssAfterWrittenMb),
		rebuildPeakMb: Math.round(rebuildPeakMb),
		rssAfterRebuildMb: Math.round(rssAfterRebuildMb),
		buildMs,
		buildCpuMs: loaded.buildCpuMs,
		ukgcRebuildMs: Math.round(rebuilt.ms),
		ukgcRebuildCpuMs: Math.round(rebuilt.cpuMs),
		swapBlocks: swap.blocks,
		coldCheckUs: {
			p50: Math.round(percentile(latencies, 0.5)),
			p99: Math.round(percentile(latencies, 0.99)),
			max: Math.round(latencies.at(-1) ?? 0)
		},
		coldCheckCpuUs: {
			p50: Math.round(percentile(cpuTimes, 0.5)),
			p99: Math.round(percentile(cpuTimes, 0.99)),
			mean: Math.round(cpuTimes.reduce((a, b) => a + b, 0) / cpuTimes.length)
		},
		queries,
		notFoundShare: notFound / queries,
		answersDigest: digest.toString(16)
	}
}

const QUERIES = Number(process.env.BENCH_SCALE_QUERIES ?? 2_000)
/** Never-asked checks answered from parts before the rebuild (the parts a snapshot keeps, ADR 0061). */
const WRITTEN = Number(process.env.BENCH_SCALE_WRITTEN ?? 20_000)
const only = process.argv[2]
if (only) {
	console.log(JSON.stringify(await measure(Number(only), QUERIES)))
} else {
	const sizes = (process.env.BENCH_SCALE_SIZES ?? '50000,500000,2000000,5000000').split(',').map(Number)
	const rows: Awaited<ReturnType<typeof measure>>[] = []
	for (const size of sizes) {
		const child = Bun.spawnSync(['bun', import.meta.path, String(size)], { stdout: 'pipe', stderr: 'inherit', env: process.env })
		const line = child.stdout.toString().trim().split('\n').at(-1) ?? ''
		if (child.exitCode !== 0) throw new Error(`size ${size}: exit ${child.exitCode}`)
		const row = JSON.parse(line) as Awaited<ReturnType<typeof measure>>
		rows.push(row)
		console.log(
			`${String(size).padStart(9)} links ${String(row.operators).padStart(7)} operators | load peak ${row.loadPeakMb} MB, RSS ${row.rssAfterLoadMb} MB, ${WRITTEN} written ${row.rssAfterWrittenMb} MB, rebuild peak ${row.rebuildPeakMb} MB | build UKGC ${row.buildMs.UKGC} ms (CPU ${row.buildCpuMs.UKGC} ms), rebuild ${row.ukgcRebuildMs} ms (CPU ${row.ukgcRebuildCpuMs} ms) | cold check wall p50 ${row.coldCheckUs.p50} µs p99 ${row.coldCheckUs.p99} µs, CPU p50 ${row.coldCheckCpuUs.p50} µs p99 ${row.coldCheckCpuUs.p99} µs (${(row.notFoundShare * 100).toFixed(0)} % not_found) | answers ${row.answersDigest}`
		)
		const blocks = row.swapBlocks
		console.log(
			`${' '.repeat(15)} swap blocks: finish at once ${shown(blocks.finishAtOnce)}, its filter ${shown(blocks.filterAtOnce)} | in turns (shard completion, filter, name scan): ${blocks.slices} slices of wall p50 ${blocks.sliceWallMs.p50} ms, p99 ${blocks.sliceWallMs.p99}, longest ${shown(blocks.longestSlice)}, ${blocks.slicesCpuMs} ms CPU on the thread in all (the process ${blocks.finishInTurnsCpuMs}); link chunks of wall p50 ${blocks.linkChunkWallMs.p50} ms, p99 ${blocks.linkChunkWallMs.p99}, longest ${shown(blocks.linkChunk)}, collection after the swap ${shown(blocks.collection)}`
		)
	}
	// Growth: the exponent b of cost ∝ size^b between the smallest and largest size.
	const [first, last] = [rows[0], rows.at(-1)]
	if (first && last && last.size > first.size) {
		const exponent = (a: number, b: number) => (Math.log(b / a) / Math.log(last.size / first.size)).toFixed(2)
		console.log(
			`growth exponent ${first.size} → ${last.size}: RSS ${exponent(first.rssAfterLoadMb, last.rssAfterLoadMb)}, UKGC build ${exponent(first.buildMs.UKGC ?? 1, last.buildMs.UKGC ?? 1)}, cold CPU p50 ${exponent(first.coldCheckCpuUs.p50, last.coldCheckCpuUs.p50)}`
		)
	}
	console.log(JSON.stringify({ bench: 'check-scale', rows }))
}
