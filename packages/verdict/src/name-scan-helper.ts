import { allocate, arena } from './name-scan-arena.ts'
import { type KernelQuery, type ScanKernel, TOKENS, writeKey, writeTables } from './name-scan.ts'
import {
	CHUNK_UNITS,
	CHUNK_WORDS,
	CHUNKS,
	chunkUnits,
	DONE,
	HELPER_REGION_BYTES,
	type HelperRegion,
	helperRegion,
	JOB,
	MOST_CHUNKS,
	MOST_SEGMENTS,
	NEXT,
	QUERY_LENGTH,
	QUERY_PREFIX,
	RECORD_BYTES,
	ROW_LENGTH,
	SEGMENT_WORDS,
	SEGMENTS,
	STARTED,
	THRESHOLD
} from './name-scan-helper-layout.ts'

/*
 * A heavy name scan shared with a second thread (ADR 0062). The main thread posts a job (unit
 * ranges of shards, cut into chunks) before it scans anything else; the helper thread
 * (name-scan-helper-thread.ts) wakes, and from then on both claim chunks from one counter. The
 * main thread visits what it finds at once; the helper records its found units (members and
 * scores) in the shared memory, and the main thread visits those once it has no chunk left to
 * claim, waiting for the helper's last chunks a bounded while: a chunk the helper has not finished
 * by then is scanned on the main thread, and no job is posted again until the helper has finished
 * the stalled one (which keeps that job's kernels, and so their blocks, alive). A job the helper
 * has not started when the main thread is done is retired unstarted, so the helper skips it.
 */

export type NameScanHelperOptions = {
	/** whether heavy scans are shared at all */
	readonly enabled: boolean
	/** the fewest units a job must hold (smaller scans stay on the main thread) */
	readonly leastUnits: number
	/** how long the main thread spins, then sleeps, for the helper's last chunks before scanning them itself */
	readonly spinMicros: number
	readonly patienceMicros: number
	/** whether the main thread claims chunks too (false leaves every chunk to the helper: tests) */
	readonly mainClaims: boolean
	/** the helper thread's module (tests give one that stalls) */
	readonly thread: URL
}

const DEFAULTS: NameScanHelperOptions = {
	enabled: true,
	leastUnits: 512,
	spinMicros: 20,
	patienceMicros: 200,
	mainClaims: true,
	thread: new URL('./name-scan-helper-thread.ts', import.meta.url)
}
let options = DEFAULTS

/** What the helper did so far (tests and benches read it). */
export const helperCounts = { jobs: 0, chunksHere: 0, chunksByHelper: 0, chunksRescanned: 0, stalls: 0 }

type Helper = {
	readonly worker: Worker
	readonly region: HelperRegion
	readonly words: Int32Array
	readonly floats: Float64Array
	jobs: number
	/** a job the helper may still be working on */
	stalled: HelperJob | null
}
let helper: Helper | undefined

/** Units [from, to) of a shard's kernel, scanned with the shard's tokens (rarest first). */
export type HelperSegment = { readonly kernel: ScanKernel; readonly tokens: Int32Array; readonly from: number; readonly to: number }

export type HelperJob = {
	readonly number: number
	readonly helper: Helper
	readonly segments: readonly HelperSegment[]
	readonly chunks: number
	/** the chunks visited: scanned here, or the helper's with their finds visited */
	readonly handled: Uint8Array
	/** the chunks before it are handled */
	frontier: number
	/** the revision of the query's tables in the helper's header */
	revision: number
}

/** Changes the options (tests); a new thread module replaces the helper thread. */
export function configureNameScanHelper(changes: Partial<NameScanHelperOptions>): void {
	if (changes.thread && changes.thread.href !== options.thread.href && helper) {
		helper.worker.terminate()
		helper = undefined
	}
	options = { ...options, ...changes }
}

export function resetNameScanHelper(): void {
	configureNameScanHelper(DEFAULTS)
}

function startHelper(): Helper {
	const base = allocate(HELPER_REGION_BYTES)
	const { memory } = arena()
	// The helper never keeps the process alive on its own.
	const worker = new Worker(options.thread, { ref: false })
	worker.postMessage({ memory, base })
	return {
		worker,
		region: helperRegion(base),
		words: new Int32Array(memory.buffer),
		floats: new Float64Array(memory.buffer),
		jobs: 0,
		stalled: null
	}
}

/** Posts the segments (at most MOST_SEGMENTS) as a job, or null when they are too few units or the helper is still at a stalled job. */
// Long: writes the job's whole description into the helper block before publishing its number.
export function postJob(query: KernelQuery, segments: readonly HelperSegment[]): HelperJob | null {
	const units = segments.reduce((sum, { from, to }) => sum + to - from, 0)
	if (!options.enabled || units < options.leastUnits || segments.length > MOST_SEGMENTS) return null
	helper ??= startHelper()
	const { region, words, floats } = helper
	const control = region.control >>> 2
	if (helper.stalled) {
		if (Atomics.load(words, control + DONE) !== helper.stalled.number) return null
		helper.stalled = null
	}
	const perChunk = Math.max(16, Math.ceil(units / (MOST_CHUNKS - MOST_SEGMENTS)))
	let chunks = 0
	segments.forEach(({ kernel, tokens, from, to }, segment) => {
		const at = (region.segments >>> 2) + segment * SEGMENT_WORDS
		words.set([kernel.block, from, to, chunks, tokens.length], at)
		words.set(tokens, (region.tokens >>> 2) + segment * TOKENS)
		chunks += Math.ceil((to - from) / perChunk)
	})
	writeKey(region.header, query.key)
	writeTables(region.header, query)
	words[control + QUERY_LENGTH] = query.key.length
	words[control + QUERY_PREFIX] = query.prefix
	words[control + ROW_LENGTH] = query.rowLength
	words[control + SEGMENTS] = segments.length
	words[control + CHUNKS] = chunks
	words[control + CHUNK_UNITS] = perChunk
	words[control + NEXT] = 0
	floats[(region.control >>> 3) + THRESHOLD] = query.threshold
	const number = ++helper.jobs
	Atomics.store(words, control + JOB, number)
	Atomics.notify(words, control + JOB)
	helperCounts.jobs++
	return { number, helper, segments, chunks, handled: new Uint8Array(chunks), frontier: 0, revision: query.revision }
}

/** The next chunk for the main thread to scan, with its segment and units, or null when none is left. */
export function claimChunk(job: HelperJob): { chunk: number; segment: number; from: number; to: number } | null {
	if (!options.mainClaims) return null
	const { region, words } = job.helper
	const chunk = Atomics.add(words, (region.control >>> 2) + NEXT, 1)
	if (chunk >= job.chunks) return null
	job.handled[chunk] = 1
	helperCounts.chunksHere++
	return { chunk, ...chunkUnits(words, region, chunk) }
}

/**
 * Holds the helper's chunks from now on to the query's bar, and its count filter to the query's
 * tables once they changed. The helper may read a mix of the old and new tables while they are
 * written: each entry, of either, allows at least what a name reaching the newer bar needs, and the
 * main thread visits the helper's finds against its bar by then, which is at least as high.
 */
export function raiseHelperBar(job: HelperJob, query: KernelQuery): void {
	const { region, floats } = job.helper
	if (query.revision !== job.revision) {
		writeTables(region.header, query)
		job.revision = query.revision
	}
	floats[(region.control >>> 3) + THRESHOLD] = query.threshold
}

type Found = (segment: number, unit: number, words: Int32Array, lanesAt: number, floats: Float64Array, scoresAt: number) => void

/** Whether the helper has finished `chunk` of the job. */
function finishedByHelper(job: HelperJob, chunk: number): boolean {
	const { region, words } = job.helper
	return Atomics.load(words, (region.chunks >>> 2) + chunk * CHUNK_WORDS) === job.number
}

/** Gives the helper's records of `chunk` to `found`: segment, unit, members and scores at the given indices of the views. */
function visitRecords(job: HelperJob, chunk: number, found: Found): void {
	const { region, words, floats } = job.helper
	const state = (region.chunks >>> 2) + chunk * CHUNK_WORDS
	helperCounts.chunksByHelper++
	for (let at = words[state + 1] as number; at < (words[state + 2] as number); at += RECORD_BYTES)
		found(words[at >>> 2] as number, words[(at >>> 2) + 1] as number, words, (at >>> 2) + 2, floats, (at + 32) >>> 3)
	job.handled[chunk] = 1
}

/** Visits the helper's chunks finished so far, in order, up to the first one neither thread has finished. */
export function visitFinished(job: HelperJob, found: Found): void {
	let chunk = job.frontier
	for (; chunk < job.chunks; chunk++) {
		if (job.handled[chunk]) continue
		if (!finishedByHelper(job, chunk)) break
		visitRecords(job, chunk, found)
	}
	job.frontier = chunk
}

/**
 * Ends the job once the main thread has no chunk left to claim: each chunk not handled yet is
 * either the helper's and finished (its finds go to `found`), or scanned here by `scan`
 * (unclaimed, or the helper's and unfinished when the wait ran out).
 */
export function finishJob(job: HelperJob, scan: (segment: number, from: number, to: number) => void, found: Found): void {
	const { region, words } = job.helper
	const control = region.control >>> 2
	// Left every chunk (tests), the main thread gives the helper its patience to take the job.
	if (!options.mainClaims) waitFor(words, control + STARTED, job.number)
	const taken = Atomics.compareExchange(words, control + STARTED, job.number - 1, job.number) !== job.number - 1
	if (taken && !waitFor(words, control + DONE, job.number)) {
		job.helper.stalled = job
		helperCounts.stalls++
	}
	// The chunks nobody claimed are the main thread's; the helper claims none after this.
	const claimed = Math.min(job.chunks, Atomics.exchange(words, control + NEXT, job.chunks))
	for (let chunk = job.frontier; chunk < job.chunks; chunk++) {
		if (job.handled[chunk]) continue
		if (chunk < claimed && finishedByHelper(job, chunk)) visitRecords(job, chunk, found)
		else {
			if (chunk < claimed) helperCounts.chunksRescanned++
			const { segment, from, to } = chunkUnits(words, region, chunk)
			scan(segment, from, to)
		}
	}
}

/** Spins, then sleeps, until words[index] is `value` or the patience runs out; whether it is. */
function waitFor(words: Int32Array, index: number, value: number): boolean {
	const started = performance.now()
	const spinUntil = started + options.spinMicros / 1000
	const giveUpAt = started + options.patienceMicros / 1000
	for (;;) {
		const now = Atomics.load(words, index)
		if (now === value) return true
		const at = performance.now()
		if (at >= giveUpAt) return false
		if (at >= spinUntil) Atomics.wait(words, index, now, giveUpAt - at)
	}
}
