import { HEADER } from './name-scan-arena.ts'
import { TOKENS } from './name-scan.ts'

/*
 * The block of the kernel's memory that the name scan's helper thread works in (ADR 0062): its own
 * kernel header (name-scan.wat reads its query there), the control words the two threads meet at,
 * the job's segments (unit ranges of shards, cut into chunks that either thread claims), each
 * chunk's state, and the records of the units the helper found. Both threads read it through
 * Int32Array and Float64Array views of the shared memory; the block never moves once allocated.
 */

/** Control words, from `control` (Int32 indices). */
export const JOB = 0
/** the last job taken: by the helper when it starts on it, else retired by the main thread unstarted */
export const STARTED = 1
/** the last job the helper finished */
export const DONE = 2
/** the next chunk to claim (Atomics.add) */
export const NEXT = 3
export const CHUNKS = 4
export const CHUNK_UNITS = 5
export const SEGMENTS = 6
export const QUERY_LENGTH = 7
export const QUERY_PREFIX = 8
export const ROW_LENGTH = 9
/** the bar (an f64 at this Float64 index of `control`): the main thread raises it while the job runs */
export const THRESHOLD = 6

const CONTROL_BYTES = 64
/** a segment: its shard's block, first and end unit, first chunk, token count (then its tokens at `tokens`) */
export const SEGMENT_WORDS = 8
export const MOST_SEGMENTS = 32
/** a chunk: the job that finished it, then the helper's records of it (from, to) */
export const CHUNK_WORDS = 4
export const MOST_CHUNKS = 256
/** a found unit: its segment, unit and members (four lanes), then its 128 scores */
export const RECORD_BYTES = 32 + 128 * 8
const RECORDS_BYTES = 256 * 1024

export type HelperRegion = {
	readonly header: number
	readonly control: number
	readonly segments: number
	readonly tokens: number
	readonly chunks: number
	readonly records: number
	readonly recordsEnd: number
}

export const HELPER_REGION_BYTES =
	HEADER + CONTROL_BYTES + MOST_SEGMENTS * (SEGMENT_WORDS + TOKENS) * 4 + MOST_CHUNKS * CHUNK_WORDS * 4 + RECORDS_BYTES

/** The regions of a helper block starting at `base` (16-aligned). */
export function helperRegion(base: number): HelperRegion {
	const control = base + HEADER
	const segments = control + CONTROL_BYTES
	const tokens = segments + MOST_SEGMENTS * SEGMENT_WORDS * 4
	const chunks = tokens + MOST_SEGMENTS * TOKENS * 4
	const records = chunks + MOST_CHUNKS * CHUNK_WORDS * 4
	return { header: base, control, segments, tokens, chunks, records, recordsEnd: records + RECORDS_BYTES }
}

/** The segment of `chunk` and its units [from, to). */
export function chunkUnits(words: Int32Array, region: HelperRegion, chunk: number): { segment: number; from: number; to: number } {
	const control = region.control >>> 2
	const segments = words[control + SEGMENTS] as number
	let segment = 0
	const first = (s: number) => words[(region.segments >>> 2) + s * SEGMENT_WORDS + 3] as number
	while (segment + 1 < segments && first(segment + 1) <= chunk) segment++
	const at = (region.segments >>> 2) + segment * SEGMENT_WORDS
	const from = (words[at + 1] as number) + (chunk - first(segment)) * (words[control + CHUNK_UNITS] as number)
	return { segment, from, to: Math.min(words[at + 2] as number, from + (words[control + CHUNK_UNITS] as number)) }
}
