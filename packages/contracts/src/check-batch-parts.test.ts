import { describe, expect, test } from 'bun:test'
import { batchParts, joinBatchAnswers } from './check-batch-parts.ts'

describe('batch parts', () => {
	test('100 entries are four runs of 25 in order; 25 or fewer stay one part', () => {
		const entries = Array.from({ length: 100 }, (_, i) => i)
		expect(batchParts(entries).map((part) => [part[0], part.length])).toEqual([
			[0, 25],
			[25, 25],
			[50, 25],
			[75, 25]
		])
		expect(batchParts(entries.slice(0, 25))).toEqual([entries.slice(0, 25)])
		expect(batchParts(entries.slice(0, 26)).map((part) => part.length)).toEqual([25, 1])
	})

	test('joined answers keep every row in part order and the first part metadata', () => {
		const joined = joinBatchAnswers([
			{ results: [{ n: 1 }, { n: 2 }], checked_jurisdictions: ['UKGC'], _meta: { checked_at: 'first' } },
			{ results: [{ n: 3 }], checked_jurisdictions: ['UKGC'], _meta: { checked_at: 'second' } }
		])
		expect(joined).toEqual({ results: [{ n: 1 }, { n: 2 }, { n: 3 }], checked_jurisdictions: ['UKGC'], _meta: { checked_at: 'first' } })
	})
})
