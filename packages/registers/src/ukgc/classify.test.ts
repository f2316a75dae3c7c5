import { describe, expect, test } from 'bun:test'
import type { LicenceStatus } from '../types.ts'
import { classifyUkgcStatus } from './classify.ts'
import { parseUkgcLicenceNumber } from './licence-number.ts'

describe('UKGC status wording', () => {
	const cases: [string | null, LicenceStatus][] = [
		['Active', 'active'],
		['Expired', 'expired'],
		['Lapsed', 'expired'],
		['Revoked', 'revoked'],
		['Revoked - Non Payment of Fee', 'revoked'],
		['Revoked - Non-Payment of Fee', 'revoked'],
		['Forfeited', 'revoked'],
		['Surrendered', 'surrendered'],
		['Pending', 'pending'],
		['Suspended', 'suspended'],
		[' ACTIVE ', 'active'],
		['Under Review', 'unknown'],
		['Active (pending renewal)', 'unknown'],
		['', 'unknown'],
		[null, 'unknown']
	]
	for (const [wording, status] of cases) {
		test(`${JSON.stringify(wording)} is ${status}`, () => expect(classifyUkgcStatus(wording)).toEqual({ status, qualifier: null }))
	}
})

describe('UKGC licence numbers', () => {
	test('the CSV form, the 000- footer form and stray spaces share one base', () => {
		for (const printed of ['039011-R-319371-004', '000-039011-R-319371-004', '039011- R-319371-004', '39011-R-319371-4']) {
			expect(parseUkgcLicenceNumber(printed)).toEqual({
				account: '39011',
				letter: 'R',
				base: '039011-R-319371',
				version: '004',
				canonical: '039011-R-319371-004'
			})
		}
	})

	test('a version bump keeps the base', () => {
		expect(parseUkgcLicenceNumber('000102-N-317976-011')?.base).toBe(parseUkgcLicenceNumber('000102-N-317976-010')?.base as string)
	})

	test('text that is not a licence number gives null', () => {
		expect(parseUkgcLicenceNumber('039011-X-319371-004')).toBeNull()
		expect(parseUkgcLicenceNumber('PML 012345')).toBeNull()
	})
})
