import { describe, expect, test } from 'bun:test'
import { AppError } from '@lv/errors'
import { readDataset, readExportQuery } from './export-query.ts'

const read = (query: string, dataset: 'licences' | 'operators' | 'domains' = 'licences') =>
	readExportQuery(new URLSearchParams(query), dataset)

function refusal(run: () => unknown) {
	try {
		run()
	} catch (error) {
		if (error instanceof AppError) return { status: error.status, reason: error.reason, field: error.field }
		throw error
	}
	throw new Error('expected a refusal')
}

describe('readExportQuery', () => {
	test('no parameters is the whole dataset as CSV', () => {
		expect(read('')).toEqual({ format: 'csv', jurisdiction: null, status: null })
	})

	test('the jurisdiction code is taken in any letter case and upper-cased', () => {
		expect(read('format=json&jurisdiction=ukgc&status=active')).toEqual({ format: 'json', jurisdiction: 'UKGC', status: 'active' })
	})

	test('as_of is as_of_not_supported even beside other mistakes', () => {
		expect(refusal(() => read('format=pdf&as_of=2026-01-01'))).toEqual({ status: 400, reason: 'as_of_not_supported', field: 'as_of' })
	})

	test('each kind of bad input is invalid_input naming its field', () => {
		expect(refusal(() => read('format=ndjson'))).toEqual({ status: 400, reason: 'invalid_input', field: 'format' })
		expect(refusal(() => read('jurisdiction=U'))).toEqual({ status: 400, reason: 'invalid_input', field: 'jurisdiction' })
		expect(refusal(() => read('status=Active'))).toEqual({ status: 400, reason: 'invalid_input', field: 'status' })
		expect(refusal(() => read('status=parked'))).toEqual({ status: 400, reason: 'invalid_input', field: 'status' })
		expect(refusal(() => read('status=revoked', 'domains'))).toEqual({ status: 400, reason: 'invalid_input', field: 'status' })
		expect(refusal(() => read('status=active&status=active'))).toEqual({ status: 400, reason: 'invalid_input', field: 'status' })
		expect(refusal(() => read('offset=0'))).toEqual({ status: 400, reason: 'invalid_input', field: 'offset' })
	})

	test('an unknown parameter name is cut to 64 characters in details.field', () => {
		expect(refusal(() => read(`${'x'.repeat(500)}=1`)).field).toBe('x'.repeat(64))
	})

	test('the status vocabulary follows the dataset', () => {
		expect(read('status=parked', 'domains').status).toBe('parked')
		expect(read('status=not_in_register', 'operators').status).toBe('not_in_register')
	})
})

describe('readDataset', () => {
	test('only the three SPEC names, exactly', () => {
		expect(readDataset('domains')).toBe('domains')
		expect(refusal(() => readDataset('LICENCES'))).toEqual({ status: 404, reason: 'dataset_not_found', field: 'dataset' })
	})
})
