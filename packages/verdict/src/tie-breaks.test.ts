import { describe, expect, test } from 'bun:test'
import { checkDomain } from './check-domain.ts'
import { index, licence, link, NOW, operator } from './test-support/index-rows.ts'

const options = { now: NOW }

describe('ties in a check answer are broken the same under every locale', () => {
	test('operators listing the domain on equal licences are listed by slug in code-point order', () => {
		// The English collation puts "op-a" before "Op-b" (letters first, case second); code points put "O" before "o".
		const operators = [operator('op-a', 'Shared Play'), operator('Op-b', 'Shared Play')]
		const licences = operators.map((owner) => licence(owner, { license_number: '000555-R-000555-001' }))
		const links = operators.map((owner, i) => link(owner, 'sharedplay.com', licences[i] ?? null))
		const result = checkDomain(index({ operators, licences, links }), 'sharedplay.com', options)
		expect(result.jurisdictions?.map((listing) => listing.operator_slug)).toEqual(['Op-b', 'op-a'])
	})

	test("an operator's licences tied on status and register are ranked by number in English order, a letter's capital beside it", () => {
		// Code points would put every capital first ("B-1" before "a-2"); the English collation keeps "a" before "B".
		const owner = operator('acme', 'Acme Play')
		const licences = ['B-1', 'a-2'].map((license_number) => licence(owner, { license_number }))
		const result = checkDomain(index({ operators: [owner], licences, links: [link(owner, 'acmeplay.com', null)] }), 'acmeplay.com', options)
		expect(result.match?.license_number).toBe('a-2')
	})
})
