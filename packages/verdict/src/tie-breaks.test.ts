import { describe, expect, test } from 'bun:test'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import { HOUR, index, licence, link, NOW, operator } from './test-support/index-rows.ts'

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

describe('licence records tied on status, register and number', () => {
	const NUMBER = '000888-R-000888-001'
	const owner = operator('twin-records', 'Twin Records')
	const other = operator('other-records', 'Other Records')
	const listed = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR)
	const older = licence(owner, { license_number: NUMBER, last_listed_at: listed(5) })
	const newer = licence(owner, { license_number: NUMBER, last_listed_at: listed(1) })
	const otherNewer = licence(other, { license_number: NUMBER, last_listed_at: listed(1) })
	const twin = licence(owner, { license_number: NUMBER, last_listed_at: listed(1) })
	const check = (licences: ReturnType<typeof licence>[]) =>
		checkLicenseNumber(index({ operators: [owner, other], licences }), NUMBER, options)

	test('answer a licence-number check with the most recently listed, then by operator slug, then by id, whatever order the rows arrived in', () => {
		const cases = [
			{ licences: [older, newer], primary: newer },
			{ licences: [newer, otherNewer], primary: otherNewer },
			{ licences: [twin, newer], primary: newer.id < twin.id ? newer : twin }
		]
		for (const { licences, primary } of cases) {
			for (const order of [licences, [...licences].reverse()]) {
				const result = check(order)
				expect(result.match?.license_id).toBe(primary.id)
				expect(result.alternatives.map((alternative) => alternative.license_id)).toEqual(
					licences.filter((held) => held !== primary).map(({ id }) => id)
				)
			}
		}
	})

	test("judge a listing with no covering licence of its own by the operator's most recently listed one, whatever order the rows arrived in", () => {
		const nonRemote = licence(owner, { license_number: '000888-N-000888-001', covers_websites: false })
		const licences = [older, newer, nonRemote]
		for (const order of [licences, [...licences].reverse()]) {
			const links = [link(owner, 'twinrecords.com', nonRemote)]
			const result = checkDomain(index({ operators: [owner], licences: order, links }), 'twinrecords.com', options)
			expect(result.match?.license_id).toBe(newer.id)
		}
	})
})

describe('a host listed twice under one operator in one register (two licences of one number and status)', () => {
	test('is answered by its most current listing, whatever order the rows arrived in', () => {
		const owner = operator('twice-listed', 'Twice Listed')
		const first = licence(owner, { license_number: 'MGA/B2C/1/2020', jurisdiction_code: 'MGA', status: 'revoked' })
		const second = licence(owner, { license_number: 'MGA/B2C/1/2020', jurisdiction_code: 'MGA', status: 'revoked' })
		const links = [
			link(owner, 'twicelisted.com', first, { link_status: 'expired' }),
			link(owner, 'twicelisted.com', second, { link_status: 'parked' })
		]
		for (const order of [links, [...links].reverse()]) {
			const result = checkDomain(index({ operators: [owner], licences: [first, second], links: order }), 'twicelisted.com', options)
			expect([result.match?.domain_status, result.match?.license_id]).toEqual(['parked', second.id])
		}
	})
})
