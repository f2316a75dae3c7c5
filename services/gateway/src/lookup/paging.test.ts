import { describe, expect, test } from 'bun:test'
import { AppError } from '@lv/errors'
import { parsePaging } from './paging.ts'
import { parseJurisdictionCode, parseLicenseId, parseSlug } from './params.ts'

const jurisdictionOperators = { defaultLimit: 50, maxLimit: 200, errorCode: 'invalid_pagination' } as const
const search = { defaultLimit: 20, maxLimit: 100, errorCode: 'invalid_query' } as const

const failure = (run: () => unknown) => {
	try {
		run()
	} catch (error) {
		if (error instanceof AppError) return { status: error.status, code: error.code, reason: error.reason, field: error.field }
		throw error
	}
	return null
}

describe('pagination', () => {
	test('defaults apply when limit and offset are absent', () => {
		expect(parsePaging({}, jurisdictionOperators)).toEqual({ limit: 50, offset: 0 })
		expect(parsePaging({}, search)).toEqual({ limit: 20, offset: 0 })
	})

	test('a limit outside its range is a 400 with the route code, never clamped', () => {
		for (const limit of ['0', '-1', '201', '1.5', 'NaN', '', '1e2', '0x10', ' 5'])
			expect(failure(() => parsePaging({ limit }, jurisdictionOperators))).toEqual({
				status: 400,
				code: 'invalid_pagination',
				reason: 'invalid_input',
				field: 'limit'
			})
		expect(failure(() => parsePaging({ limit: '101' }, search))).toEqual({
			status: 400,
			code: 'invalid_query',
			reason: 'invalid_pagination',
			field: 'limit'
		})
		expect(parsePaging({ limit: '200', offset: '7' }, jurisdictionOperators)).toEqual({ limit: 200, offset: 7 })
	})

	test('a negative or non-integer offset is a 400', () => {
		expect(failure(() => parsePaging({ offset: '-1' }, jurisdictionOperators))).toEqual({
			status: 400,
			code: 'invalid_pagination',
			reason: 'invalid_input',
			field: 'offset'
		})
		expect(failure(() => parsePaging({ offset: 'abc' }, search))).toEqual({
			status: 400,
			code: 'invalid_query',
			reason: 'invalid_pagination',
			field: 'offset'
		})
	})
})

describe('path parameters', () => {
	test('jurisdiction codes resolve in any case; other shapes are invalid_jurisdiction_code', () => {
		expect(parseJurisdictionCode('ukgc')).toBe('UKGC')
		for (const bad of ['U', 'A'.repeat(17), 'UK-GC', 'UK GC', ''])
			expect(failure(() => parseJurisdictionCode(bad))?.code).toBe('invalid_jurisdiction_code')
	})

	test('slugs resolve in any case; empty or longer than 128 is invalid_slug', () => {
		expect(parseSlug('Bet365-Group')).toBe('bet365-group')
		expect(failure(() => parseSlug(' '))?.code).toBe('invalid_slug')
		expect(failure(() => parseSlug('a'.repeat(129)))?.code).toBe('invalid_slug')
	})

	test('a licence id must be a UUID', () => {
		expect(parseLicenseId('0B9A3C4E-1111-4222-8333-444455556666')).toBe('0b9a3c4e-1111-4222-8333-444455556666')
		expect(failure(() => parseLicenseId('000-039028-R-319409-009'))?.code).toBe('invalid_license_id')
	})
})
