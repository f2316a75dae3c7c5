import { describe, expect, test } from 'bun:test'
import { Limiter } from './limiter.ts'

const deferred = () => {
	let resolve!: () => void
	const promise = new Promise<void>((r) => {
		resolve = r
	})
	return { promise, resolve }
}

describe('Limiter', () => {
	test('runs at most `limit` tasks at once and starts the next as one finishes', async () => {
		const limiter = new Limiter(2)
		const gates = [deferred(), deferred(), deferred()]
		const started: number[] = []
		const runs = gates.map((gate, i) =>
			limiter.run(async () => {
				started.push(i)
				await gate.promise
				return i
			})
		)
		await Promise.resolve()
		expect(started).toEqual([0, 1])
		expect(limiter.running).toBe(2)
		gates[0]?.resolve()
		await runs[0]
		await Promise.resolve()
		expect(started).toEqual([0, 1, 2])
		gates[1]?.resolve()
		gates[2]?.resolve()
		expect(await Promise.all(runs)).toEqual([0, 1, 2])
		expect(limiter.running).toBe(0)
	})

	test('a failing task frees its place', async () => {
		const limiter = new Limiter(1)
		await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
		expect(await limiter.run(async () => 'next')).toBe('next')
	})
})
