import { describe, expect, test } from 'bun:test'
import { answerColumns, batchAnswerRows, batchReply } from './batch-answers.ts'

const licensed = {
	verdict: 'licensed',
	match: { jurisdiction: 'UKGC', operator_slug: 'acme', operator: 'Acme Ltd', license_number: '000-1' }
}
const unlisted = { verdict: 'not_found', match: null }
const rowError = { error: 'invalid_domain', error_detail: 'not a domain' }
const reply = (results: unknown) => JSON.stringify({ results, checked_jurisdictions: ['UKGC'] })

describe('answer columns of a check.batch reply', () => {
	test('each row gives its verdict, matched jurisdiction, operator and licence number in reply order; a per-row error has its code and no verdict', () => {
		expect(answerColumns(reply([licensed, unlisted, rowError]), 3)).toEqual({
			verdicts: ['licensed', 'not_found', null],
			jurisdictions: ['UKGC', null, null],
			operatorSlugs: ['acme', null, null],
			operators: ['Acme Ltd', null, null],
			licenseNumbers: ['000-1', null, null],
			errors: [null, null, 'invalid_domain'],
			staleJurisdictions: []
		})
	})

	test('a value of another type than text is kept as missing, never as its JSON', () => {
		const odd = {
			verdict: 7,
			error: false,
			match: { jurisdiction: ['UKGC'], operator_slug: { slug: 'x' }, operator: 1, license_number: 2 }
		}
		expect(answerColumns(reply([odd]), 1)).toEqual({
			verdicts: [null],
			jurisdictions: [null],
			operatorSlugs: [null],
			operators: [null],
			licenseNumbers: [null],
			errors: [null],
			staleJurisdictions: []
		})
	})

	test('a reply answering fewer or more entries than the batch holds, or no rows at all, gives nothing', () => {
		expect(answerColumns(reply([licensed]), 2)).toBeNull()
		expect(answerColumns(reply([licensed, licensed, licensed]), 2)).toBeNull()
		expect(answerColumns(JSON.stringify({ error: 'checker_unavailable' }), 0)).toBeNull()
		expect(answerColumns(reply({ 0: licensed }), 1)).toBeNull()
		expect(answerColumns('{"results":[', 0)).toBeNull()
	})

	test('rows that are not objects make the reply unusable', () => {
		expect(batchAnswerRows(reply([licensed, 'licensed']))).toBeNull()
		expect(batchAnswerRows(reply([licensed, null]))).toBeNull()
		expect(batchAnswerRows(reply([licensed]))).toEqual([licensed])
	})

	test("the reply's _meta travels with its rows: when it was checked and the registers past their SLA then", () => {
		const stale = JSON.stringify({
			results: [unlisted],
			checked_jurisdictions: ['UKGC', 'MGA'],
			_meta: {
				checked_at: '2026-11-25T09:00:00.000Z',
				stale_jurisdictions: [{ jurisdiction: 'MGA', last_read_at: null, sla_hours: 48 }, 'x']
			}
		})
		expect(batchReply(stale)?.meta).toEqual({ checkedAt: '2026-11-25T09:00:00.000Z', staleJurisdictions: ['MGA'] })
		expect(answerColumns(stale, 1)?.staleJurisdictions).toEqual(['MGA'])
		expect(batchReply(reply([unlisted]))?.meta).toEqual({ checkedAt: null, staleJurisdictions: [] })
	})
})
