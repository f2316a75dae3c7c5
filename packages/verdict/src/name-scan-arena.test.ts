import { describe, expect, test } from 'bun:test'
import { allocate, createArena, release } from './name-scan-arena.ts'

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
})
