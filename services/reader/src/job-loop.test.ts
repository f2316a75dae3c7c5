import { describe, expect, test } from 'bun:test'
import { RunFailedError } from './errors.ts'
import { redeliveryDelayMs, retryDelayMs } from './job-loop.ts'

describe('redelivery of a failed read job', () => {
	test('follows the retry schedule when the source named no wait', () => {
		const failure = new RunFailedError('http_error', 'HTTP 500', 30_000)
		expect([1, 2, 6].map((attempt) => redeliveryDelayMs(failure, attempt, retryDelayMs))).toEqual([30_000, 120_000, 10_800_000])
		expect(redeliveryDelayMs(failure, 1, () => 50)).toBe(50)
	})

	test('waits at least as long as a rate-limited source asked, whatever the attempt', () => {
		const failure = new RunFailedError('http_error', 'HTTP 429', 3_600_000, null, { requestedWaitMs: 3_600_000 })
		expect([1, 2, 6].map((attempt) => redeliveryDelayMs(failure, attempt, retryDelayMs))).toEqual([3_600_000, 3_600_000, 10_800_000])
	})
})
