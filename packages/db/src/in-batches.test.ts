import { expect, test } from 'bun:test'
import { deleteInBatches } from './in-batches.ts'

test('deleteInBatches runs batches of the limit until one takes fewer, and answers every row taken', async () => {
	const backlog = [3, 3, 3, 1, 0]
	const limits: number[] = []
	const removed = await deleteInBatches(3, async (limit) => {
		limits.push(limit)
		return { count: backlog.shift() ?? 0 }
	})
	expect({ removed, limits }).toEqual({ removed: 10, limits: [3, 3, 3, 3] })
})
