import { describe, expect, test } from 'bun:test'
import { stopReasonText } from './bulk-page.ts'

describe('bulk job stop reasons', () => {
	test('each reason the worker stops a job for is said in words, never as its code', () => {
		expect(stopReasonText('quota_exhausted')).toBe('the monthly quota is used up')
		expect(stopReasonText('no_plan')).toBe('the account has no active plan')
		expect(stopReasonText(null)).toBe('unknown reason')
		expect(stopReasonText('something_new')).toBe('unknown reason')
	})
})
