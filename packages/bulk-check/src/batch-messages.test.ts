import { describe, expect, test } from 'bun:test'
import { batchRanges } from './batch-messages.ts'

describe('batches to messages', () => {
	test('a whole job goes as messages of `perMessage` consecutive batches, the last one short', () => {
		expect(batchRanges([0, 1, 2, 3, 4, 5, 6], 3)).toEqual([
			{ batch: 0, batches: 3 },
			{ batch: 3, batches: 3 },
			{ batch: 6, batches: 1 }
		])
	})

	test('batches published again fall in the messages they were first sent in, spanning their first to last listed batch', () => {
		expect(batchRanges([7, 1, 5, 2], 3)).toEqual([
			{ batch: 1, batches: 2 },
			{ batch: 5, batches: 1 },
			{ batch: 7, batches: 1 }
		])
		expect(batchRanges([3, 5], 3)).toEqual([{ batch: 3, batches: 3 }])
	})

	test('one batch a message sends every batch on its own', () => {
		expect(batchRanges([2, 0, 1], 1)).toEqual([
			{ batch: 0, batches: 1 },
			{ batch: 1, batches: 1 },
			{ batch: 2, batches: 1 }
		])
		expect(batchRanges([], 5)).toEqual([])
	})
})
