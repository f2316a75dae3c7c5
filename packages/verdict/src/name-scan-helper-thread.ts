import { FOUND_AT, kernelOver, SCORES_AT, TOKENS_AT } from './name-scan-arena.ts'
import {
	CHUNK_UNITS,
	CHUNK_WORDS,
	CHUNKS,
	chunkUnits,
	DONE,
	type HelperRegion,
	helperRegion,
	JOB,
	NEXT,
	QUERY_LENGTH,
	QUERY_PREFIX,
	RECORD_BYTES,
	ROW_LENGTH,
	SEGMENT_WORDS,
	STARTED,
	THRESHOLD
} from './name-scan-helper-layout.ts'
import { TOKENS } from './name-scan.ts'

/*
 * The name scan's helper thread (name-scan-helper.ts, ADR 0062): its own kernel instance over the
 * shared memory with its header at the helper block, waiting for jobs. It takes a job unless the
 * main thread retired it first, claims chunks until none is left, scans each at the bar the main
 * thread last wrote, records the units found, and marks the chunk finished. Everything it reads or
 * writes from JavaScript lies in the helper block, allocated before the memory was posted here, so
 * its views never need renewing when the memory grows (the kernel sees the whole memory).
 */

declare const self: Worker

self.onmessage = ({ data }: MessageEvent<{ memory: WebAssembly.Memory; base: number }>) => serve(data.memory, data.base)

function serve(memory: WebAssembly.Memory, base: number): never {
	const kernel = kernelOver(memory, base)
	const region = helperRegion(base)
	const words = new Int32Array(memory.buffer)
	const bytes = new Uint8Array(memory.buffer)
	const control = region.control >>> 2
	let seen = 0
	for (;;) {
		Atomics.wait(words, control + JOB, seen)
		const job = Atomics.load(words, control + JOB)
		seen = job
		if (Atomics.compareExchange(words, control + STARTED, job - 1, job) !== job - 1) continue
		Atomics.notify(words, control + STARTED)
		try {
			runJob(job, kernel, region, words, bytes)
		} catch {
			// A chunk left unfinished is scanned by the main thread once it stops waiting.
		}
		Atomics.store(words, control + DONE, job)
		Atomics.notify(words, control + DONE)
	}
}

function runJob(job: number, kernel: ReturnType<typeof kernelOver>, region: HelperRegion, words: Int32Array, bytes: Uint8Array): void {
	const control = region.control >>> 2
	const bar = new Float64Array(words.buffer, region.control, 8)
	const chunks = words[control + CHUNKS] as number
	const reserve = (words[control + CHUNK_UNITS] as number) * RECORD_BYTES
	const queryLength = words[control + QUERY_LENGTH] as number
	const queryPrefix = words[control + QUERY_PREFIX] as number
	const rowLength = words[control + ROW_LENGTH] as number
	let end = region.records
	let loaded = -1
	while (end + reserve <= region.recordsEnd) {
		const chunk = Atomics.add(words, control + NEXT, 1)
		if (chunk >= chunks) return
		const { segment, from, to } = chunkUnits(words, region, chunk)
		const at = (region.segments >>> 2) + segment * SEGMENT_WORDS
		const count = words[at + 4] as number
		if (segment !== loaded) {
			const tokens = (region.tokens >>> 2) + segment * TOKENS
			words.copyWithin((region.header + TOKENS_AT) >>> 2, tokens, tokens + count)
			loaded = segment
		}
		const block = words[at] as number
		const threshold = bar[THRESHOLD] as number
		const first = end
		const scan = (unit: number) => kernel.scan(block, unit, to, count, queryPrefix, queryLength, rowLength, threshold)
		for (let unit = scan(from); unit < to; unit = scan(unit + 1)) {
			words[end >>> 2] = segment
			words[(end >>> 2) + 1] = unit
			words.copyWithin((end >>> 2) + 2, (region.header + FOUND_AT) >>> 2, ((region.header + FOUND_AT) >>> 2) + 4)
			bytes.copyWithin(end + 32, region.header + SCORES_AT, region.header + SCORES_AT + 128 * 8)
			end += RECORD_BYTES
		}
		const state = (region.chunks >>> 2) + chunk * CHUNK_WORDS
		words[state + 1] = first
		words[state + 2] = end
		Atomics.store(words, state, job)
	}
}
