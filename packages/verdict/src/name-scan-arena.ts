import { nameScanWasm } from './name-scan-wasm.ts'

/*
 * The one WebAssembly memory and kernel instance every name scan shares (ADR 0042). A
 * memory costs a third of a millisecond to create (the engine reserves its whole address range), so
 * scans take blocks of one memory instead: first fit from the blocks freed, else from the end,
 * growing the memory when needed. A block is freed once the scan that owns it is collected. The
 * first HEADER bytes hold the query under scan (name-scan.wat's header).
 */

/** Byte offsets of the header's regions (name-scan.wat's header comment); scans' blocks start at HEADER. */
export const TOKENS_AT = 0
export const ALLOWED_AT = 1024
export const MOST_AT = 6144
export const FIRST_AT = 11264
/** where a scan leaves the members it returned, and their scores */
export const FOUND_AT = 11296
export const SCORES_AT = 11312
export const QUERY_KEY_AT = 12336
export const QUERY_SLOTS_AT = 14384
export const HEADER = 17696
const PAGE = 65536
const ALIGN = 16

export type KernelExports = {
	scan(
		shard: number,
		from: number,
		to: number,
		count: number,
		prefix: number,
		queryLength: number,
		rowLength: number,
		threshold: number
	): number
}

type Block = { offset: number; size: number }

export type Arena = {
	readonly kernel: KernelExports
	readonly memory: WebAssembly.Memory
	/** views over the memory's current buffer (a grown memory gets new ones) */
	words: Int32Array
	bytes: Uint8Array
	codes: Uint16Array
	/** the members the last scan returned (four lanes of 32) and their scores (by lane * 32 + bit) */
	found: Int32Array
	scores: Float64Array
	/** freed blocks by offset, none adjacent to another or to `end` */
	readonly free: Block[]
	end: number
}

let compiled: WebAssembly.Module | undefined
let shared: Arena | undefined

/** A memory of its own with the kernel over it (tests); scans use `arena()`. */
export function createArena(): Arena {
	compiled ??= new WebAssembly.Module(nameScanWasm)
	const memory = new WebAssembly.Memory({ initial: 16 })
	const instance = new WebAssembly.Instance(compiled, { env: { memory } })
	return { kernel: instance.exports as unknown as KernelExports, memory, ...views(memory), free: [], end: HEADER }
}

/** The arena every scan's kernel shares. */
export function arena(): Arena {
	shared ??= createArena()
	return shared
}

function views(memory: WebAssembly.Memory) {
	const { buffer } = memory
	return {
		words: new Int32Array(buffer),
		bytes: new Uint8Array(buffer),
		codes: new Uint16Array(buffer),
		found: new Int32Array(buffer, FOUND_AT, 4),
		scores: new Float64Array(buffer, SCORES_AT, 128)
	}
}

/** A zeroed block of at least `size` bytes, 16-aligned; the caller's views must be read from the arena afterwards. */
export function allocate(size: number, area = arena()): number {
	const offset = reserve(size, area)
	// Freed blocks, and the end once a block there was freed, still hold their old contents.
	area.bytes.fill(0, offset, offset + Math.ceil(size / ALIGN) * ALIGN)
	return offset
}

/** allocate without the zeroing: the block may hold a freed block's contents (a build zeroes it in slices). */
export function reserve(size: number, area = arena()): number {
	const wanted = Math.ceil(size / ALIGN) * ALIGN
	const fit = area.free.findIndex((block) => block.size >= wanted)
	let offset: number
	if (fit >= 0) {
		const block = area.free[fit] as Block
		offset = block.offset
		if (block.size === wanted) area.free.splice(fit, 1)
		else area.free[fit] = { offset: offset + wanted, size: block.size - wanted }
	} else {
		offset = area.end
		area.end += wanted
		const short = area.end - area.memory.buffer.byteLength
		// Grown by at least half again, so a scan rebuilt at a time grows it a few times at most.
		if (short > 0) {
			area.memory.grow(Math.max(Math.ceil(short / PAGE), Math.ceil(area.memory.buffer.byteLength / PAGE / 2)))
			Object.assign(area, views(area.memory))
		}
	}
	return offset
}

/** Returns a block to the free list, merged with its free neighbours (and the end). */
export function release(offset: number, size: number, area = arena()): void {
	const wanted = Math.ceil(size / ALIGN) * ALIGN
	let block: Block = { offset, size: wanted }
	let at = firstAfter(area.free, offset)
	const before = area.free[at - 1]
	if (before && before.offset + before.size === block.offset) {
		block = { offset: before.offset, size: before.size + block.size }
		area.free.splice(--at, 1)
	}
	const after = area.free[at]
	if (after && block.offset + block.size === after.offset) {
		block = { offset: block.offset, size: block.size + after.size }
		area.free.splice(at, 1)
	}
	if (block.offset + block.size === area.end) area.end = block.offset
	else area.free.splice(at, 0, block)
}

/** The index of the first block starting after `offset` (the list runs by offset). */
function firstAfter(blocks: readonly Block[], offset: number): number {
	let [low, high] = [0, blocks.length]
	while (low < high) {
		const middle = (low + high) >>> 1
		if ((blocks[middle] as Block).offset > offset) high = middle
		else low = middle + 1
	}
	return low
}

const collected = new FinalizationRegistry<Block>(({ offset, size }) => release(offset, size))

/** Frees `block` once `owner` is collected. */
export function freeWith(owner: object, block: Block): void {
	collected.register(owner, block)
}
