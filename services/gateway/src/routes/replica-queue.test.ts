import { describe, expect, test } from 'bun:test'
import { ReplicaQueue } from './replica-queue.ts'

/** A piece of work that records where it ran and finishes when told. */
function pieces() {
	const started: { name: string; replica: string | undefined; finish(): void }[] = []
	const piece = (name: string) => (replica: string | undefined) =>
		new Promise<string>((resolve) => started.push({ name, replica, finish: () => resolve(`${name}@${replica}`) }))
	return { started, piece }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('ReplicaQueue', () => {
	test('keeps one piece in flight per replica; the rest wait in arrival order', async () => {
		const queue = new ReplicaQueue(() => ['a', 'b'])
		const { started, piece } = pieces()
		const results = ['p1', 'p2', 'p3', 'p4'].map((name) => queue.run(piece(name)))
		await settle()
		expect(started.map(({ name, replica }) => [name, replica])).toEqual([
			['p1', 'a'],
			['p2', 'b']
		])
		started[1]?.finish()
		await settle()
		expect(started.map(({ name, replica }) => [name, replica])).toEqual([
			['p1', 'a'],
			['p2', 'b'],
			['p3', 'b']
		])
		started[0]?.finish()
		await settle()
		expect(started[3]).toMatchObject({ name: 'p4', replica: 'a' })
		for (const one of started) one.finish()
		expect(await Promise.all(results)).toEqual(['p1@a', 'p2@b', 'p3@b', 'p4@a'])
	})

	test('a replica that appears takes a waiting piece when the next piece finishes; one that is gone takes none', async () => {
		let replicas = ['a']
		const queue = new ReplicaQueue(() => replicas)
		const { started, piece } = pieces()
		const results = ['p1', 'p2', 'p3'].map((name) => queue.run(piece(name)))
		await settle()
		expect(started.map(({ replica }) => replica)).toEqual(['a'])
		replicas = ['b', 'c']
		started[0]?.finish()
		await settle()
		expect(started.map(({ name, replica }) => [name, replica])).toEqual([
			['p1', 'a'],
			['p2', 'b'],
			['p3', 'c']
		])
		for (const one of started) one.finish()
		await Promise.all(results)
	})

	test('with no replica named, every waiting piece runs at once on the fallback', async () => {
		let replicas = ['a']
		const queue = new ReplicaQueue(() => replicas)
		const { started, piece } = pieces()
		const results = ['p1', 'p2', 'p3'].map((name) => queue.run(piece(name)))
		await settle()
		replicas = []
		started[0]?.finish()
		await settle()
		expect(started.map(({ replica }) => replica)).toEqual(['a', undefined, undefined])
		for (const one of started) one.finish()
		await Promise.all(results)
	})

	test('a piece that fails frees its replica for the next', async () => {
		const queue = new ReplicaQueue(() => ['a'])
		const failing = queue.run(() => Promise.reject(new Error('no answer')))
		const next = queue.run(async (replica) => replica)
		await expect(failing).rejects.toThrow('no answer')
		expect(await next).toBe('a')
	})
})
