import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { ptr } from 'bun:ffi'
import { allocate, createArena, release } from './name-scan-arena.ts'

/** The VmFlags of every mapping of this process overlapping [start, end), from /proc/self/smaps. */
function mappingFlags(start: number, end: number): string[][] {
	const flags: string[][] = []
	let overlaps = false
	for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
		const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line)
		if (range) overlaps = Number.parseInt(range[1] as string, 16) < end && Number.parseInt(range[2] as string, 16) > start
		else if (overlaps && line.startsWith('VmFlags:')) flags.push(line.slice('VmFlags:'.length).trim().split(/\s+/))
	}
	return flags
}

describe('name scan arena', () => {
	test('a block freed at the end and taken again comes back zeroed', () => {
		const arena = createArena()
		const first = allocate(4096, arena)
		arena.bytes.fill(7, first, first + 4096)
		release(first, 4096, arena)
		const again = allocate(4096, arena)
		expect(again).toBe(first)
		expect(arena.bytes.subarray(again, again + 4096).every((byte) => byte === 0)).toBe(true)
		release(again, 4096, arena)
	})

	test('a freed block between live ones is reused zeroed, and freed neighbours merge into one', () => {
		const arena = createArena()
		const [a, b, c, keep] = [1000, 1000, 1000, 16].map((size) => allocate(size, arena)) as [number, number, number, number]
		arena.bytes.fill(9, a, keep)
		release(b, 1000, arena)
		const reused = allocate(1000, arena)
		expect(reused).toBe(b)
		expect(arena.bytes.subarray(b, b + 1000).every((byte) => byte === 0)).toBe(true)
		release(a, 1000, arena)
		release(reused, 1000, arena)
		release(c, 1000, arena)
		// a, b and c freed make one block of 3 * 1008 bytes (16-aligned) that a larger request fits
		expect(allocate(3000, arena)).toBe(a)
		release(a, 3000, arena)
		release(keep, 16, arena)
		expect(arena.free).toEqual([])
	})

	test('growing the memory keeps what blocks hold', () => {
		const arena = createArena()
		const small = allocate(64, arena)
		arena.words[small >>> 2] = 1234
		const pages = arena.memory.buffer.byteLength / 65536
		const large = allocate(pages * 65536, arena)
		expect(arena.memory.buffer.byteLength).toBeGreaterThan(pages * 65536)
		expect(arena.words[small >>> 2]).toBe(1234)
		release(large, pages * 65536, arena)
		release(small, 64, arena)
	})

	test.if(process.platform === 'linux')('asks Linux for huge pages over the whole memory, what a growth adds included', () => {
		const arena = createArena()
		const pages = arena.memory.buffer.byteLength / 65536
		const large = allocate(pages * 65536 * 4, arena)
		const start = Number(ptr(arena.memory.buffer))
		const flags = mappingFlags(start, start + arena.memory.buffer.byteLength)
		expect(flags.length).toBeGreaterThan(0)
		for (const mapping of flags) expect(mapping).toContain('hg')
		release(large, pages * 65536 * 4, arena)
	})
})
