import { describe, expect, test } from 'bun:test'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import type { CheckResult, Verdict } from './result.ts'
import { HOUR, index, licence, link, NOW, operator } from './test-support/index-rows.ts'

const options = { now: NOW }
const COVERED = 'the registers this service covers (UKGC, MGA, CW, KH, AN, TGC, IOM)'

// One world in which every verdict occurs; MGA was last read 3 days ago (past its 48 h SLA).
const brand = operator('brand-gaming', 'Brand Gaming', 'Brand Gaming Limited')
const brandLicence = licence(brand, { license_number: '039011-R-319371-005' })
const malta = operator('goldwin', 'Goldwin', 'Goldwin Ltd')
const maltaLicence = licence(malta, {
	jurisdiction_code: 'MGA',
	license_number: 'MGA/B2C/533/2018',
	status: 'suspended',
	upstream_status: 'Suspended'
})
const curacao = operator('geeker', 'Geeker Technology', 'Geeker Technology N.V.')
const curacaoLicence = licence(curacao, {
	jurisdiction_code: 'CW',
	license_number: 'OGL/2024/251/0130',
	status_qualifier: 'provisional_under_assessment',
	upstream_status: 'Assessment in progress'
})
const kahnawake = operator('northern-lights', 'Northern Lights', '3-102-939256 SRL')
const kahnawakeLicence = licence(kahnawake, {
	jurisdiction_code: 'KH',
	license_number: 'KH/IG/northern-lights',
	license_reference_is_ours: true,
	upstream_status: null
})
const world = index({
	operators: [brand, malta, curacao, kahnawake],
	licences: [brandLicence, maltaLicence, curacaoLicence, kahnawakeLicence],
	links: [
		link(brand, 'brand.com', brandLicence),
		link(brand, 'old-brand.com', brandLicence, { link_status: 'delisted' }),
		link(malta, 'goldwin.mt', maltaLicence),
		link(curacao, 'geeker.bet', curacaoLicence),
		link(kahnawake, 'northernlights.com', kahnawakeLicence)
	],
	tradingNames: [{ operator_id: brand.id, jurisdiction_code: 'UKGC', name: 'BrandBet' }],
	readAt: { MGA: new Date(NOW.getTime() - 72 * HOUR) }
})

const cases: Array<[Verdict, () => CheckResult]> = [
	['licensed', () => checkDomain(world, 'brand.com', options)],
	['licensed', () => checkDomain(world, 'northernlights.com', options)],
	['licensed', () => checkLicenseNumber(world, 'KH/IG/northern-lights', options)],
	['licensed_provisional', () => checkDomain(world, 'geeker.bet', options)],
	['domain_not_listed', () => checkDomain(world, 'old-brand.com', options)],
	['licence_not_active', () => checkDomain(world, 'goldwin.mt', options)],
	['licence_not_active', () => checkLicenseNumber(world, 'MGA/B2C/533/2018', options)],
	['related_host_listed', () => checkDomain(world, 'promo.brand.com', options)],
	['name_match_only', () => checkDomain(world, 'brandbett.com', options)],
	['name_match_only', () => checkDomain(world, 'brandbetonline.net', options)],
	['not_found', () => checkDomain(world, 'quietgardening.org', options)],
	['not_found', () => checkLicenseNumber(world, 'ALSI-202607032-FI2', options)],
	['generic_term', () => checkDomain(world, 'onlinecasino.com', options)]
]

const results = cases.map(([verdict, run]) => ({ verdict, result: run() }))
const labelOf = (verdict: Verdict, result: CheckResult) => `${verdict} for ${JSON.stringify(result.query)}`

describe('verdict_detail wording on every verdict', () => {
	for (const { verdict, result } of results) {
		const label = labelOf(verdict, result)

		test(`${label}: the fixture gives that verdict`, () => {
			expect(result.verdict).toBe(verdict)
		})

		test(`${label}: never calls anything unlicensed`, () => {
			expect(result.verdict_detail).not.toMatch(/unlicen[cs]ed|not licen[cs]ed|illegal/i)
		})

		test(`${label}: reports the stale MGA register in _meta.stale_jurisdictions`, () => {
			expect(result._meta.stale_jurisdictions).toEqual([
				{ jurisdiction: 'MGA', last_read_at: new Date(NOW.getTime() - 72 * HOUR).toISOString(), sla_hours: 48 }
			])
		})
	}

	for (const { verdict, result } of results.filter(({ result }) => result.match !== null)) {
		const match = result.match as NonNullable<CheckResult['match']>
		test(`${labelOf(verdict, result)}: names the regulator and operator of the match`, () => {
			expect(result.verdict_detail).toContain(match.operator)
			expect(result.verdict_detail).toContain(match.regulator_name ?? 'a regulator name')
		})
	}

	for (const { verdict, result } of results.filter(({ result }) => result.match?.license_number)) {
		const match = result.match as NonNullable<CheckResult['match']>
		const number = match.license_number ?? ''
		test(`${labelOf(verdict, result)}: names the licence, never the service's own reference as a licence number`, () => {
			if (match.license_reference_is_ours) {
				expect(result.verdict_detail.toLowerCase()).not.toContain(number.toLowerCase())
				expect(result.verdict_detail).toContain('publishes no')
			} else {
				expect(result.verdict_detail).toContain(number)
			}
		})
	}

	for (const { verdict, result } of results.filter(({ result }) => result.match?.confidence === 'high')) {
		test(`${labelOf(verdict, result)}: says when the listing was read and, separately, the register's SLA state`, () => {
			expect(result.verdict_detail).toMatch(/(last seen in|as of) the [A-Z]+ register read at \d{4}-\d{2}-\d{2}T/)
			expect(result.verdict_detail).toMatch(/register's last successful read \(.+\) is (within|past) its \d+-hour freshness target/)
		})
	}

	for (const { verdict, result } of results.filter(({ result }) =>
		['not_found', 'generic_term', 'name_match_only', 'related_host_listed'].includes(result.verdict)
	)) {
		test(`${labelOf(verdict, result)}: scopes the miss to the covered registers`, () => {
			expect(result.verdict_detail).toMatch(new RegExp(`(not listed|is listed) in ${COVERED.replace(/[()]/g, '\\$&')}`))
		})
	}

	for (const { verdict, result } of results.filter(({ result }) =>
		['not_found', 'generic_term', 'name_match_only'].includes(result.verdict)
	)) {
		test(`${labelOf(verdict, result)}: the stale register weakens the answer in verdict_detail`, () => {
			expect(result.verdict_detail).toContain('Registers past their freshness target, so this answer may be incomplete: MGA (last read')
		})
	}

	test('a match in a register past its SLA says so and _meta.register is not fresh', () => {
		const result = checkDomain(world, 'goldwin.mt', options)
		expect(result.verdict_detail).toContain("The MGA register's last successful read")
		expect(result.verdict_detail).toContain('is past its 48-hour freshness target')
		expect(result._meta.register).toEqual({
			jurisdiction: 'MGA',
			last_read_at: new Date(NOW.getTime() - 72 * HOUR).toISOString(),
			fresh: false,
			sla_hours: 48
		})
	})

	test('a delisted domain is never said to be seen in a register read; the detail dates the delisting and says no last-listed time is kept', () => {
		const owner = operator('fading', 'Fading Games')
		const active = licence(owner, { license_number: '000557-R-000557-001' })
		const revoked = licence(owner, { license_number: '000557-R-000557-002', status: 'revoked', upstream_status: 'Revoked' })
		const fading = index({
			operators: [owner],
			licences: [active, revoked],
			links: [
				link(owner, 'fading.com', active, { link_status: 'delisted', last_listed_at: null }),
				link(owner, 'gone-fading.com', revoked, { link_status: 'delisted', last_listed_at: null })
			]
		})
		const readAt = new Date(NOW.getTime() - HOUR).toISOString()
		for (const domain of ['fading.com', 'gone-fading.com', 'promo.fading.com']) {
			const detail = checkDomain(fading, domain, options).verdict_detail
			expect({ domain, detail }).toEqual({ domain, detail: expect.not.stringMatching(/last seen/) })
			expect({ domain, detail }).toEqual({
				domain,
				detail: expect.stringContaining(`The delisting is as of the UKGC register read at ${readAt}`)
			})
			expect({ domain, detail }).toEqual({ domain, detail: expect.stringContaining('was last listed is not kept') })
		}
	})

	describe('a licence the latest register reads did not list', () => {
		const owner = operator('missed', 'Missed Games')
		const dropped = licence(owner, {
			license_number: '000558-R-000558-001',
			status: 'not_in_register',
			upstream_status: null,
			not_listed_since: '2026-10-20T06:00:00.000Z',
			last_listed_at: null
		})
		const missedOnce = licence(owner, {
			license_number: '000558-R-000558-002',
			not_listed_since: '2026-11-01T11:00:00.000Z',
			last_listed_at: '2026-10-31T11:00:00.000Z'
		})
		const missedUntracked = licence(owner, {
			license_number: '000558-R-000558-003',
			not_listed_since: '2026-11-01T11:00:00.000Z',
			last_listed_at: null
		})
		const missed = index({
			operators: [owner],
			licences: [dropped, missedOnce, missedUntracked],
			links: [link(owner, 'missedgames.com', missedOnce)]
		})
		const latestRead = new Date(NOW.getTime() - HOUR).toISOString()

		test('is never said to be seen in the read that did not list it', () => {
			for (const number of ['000558-R-000558-001', '000558-R-000558-003']) {
				const detail = checkLicenseNumber(missed, number, options).verdict_detail
				expect({ number, detail }).toEqual({
					number,
					detail: expect.not.stringContaining(`last seen in the UKGC register read at ${latestRead}`)
				})
			}
		})

		test('once not_in_register is never said to be listed by the regulator', () => {
			const detail = checkLicenseNumber(missed, '000558-R-000558-001', options).verdict_detail
			expect(detail).not.toContain('is listed by')
			expect(detail).toStartWith(
				'Licence 000558-R-000558-001, which the UK Gambling Commission (UKGC) listed for Missed Games, is no longer listed in the register since 2026-10-20T06:00:00.000Z'
			)
		})

		test('while still active says since when the register has not listed it, on a number and on a domain answer', () => {
			const byNumber = checkLicenseNumber(missed, '000558-R-000558-002', options)
			const byDomain = checkDomain(missed, 'missedgames.com', options)
			for (const result of [byNumber, byDomain]) {
				expect(result.verdict).toBe('licensed')
				expect(result.verdict_detail).toContain('has not listed the licence since 2026-11-01T11:00:00.000Z')
			}
			expect(byNumber.verdict_detail).toContain('The licence was last seen in the UKGC register read at 2026-10-31T11:00:00.000Z.')
		})
	})

	test('only revoked and suspended are described as enforcement decisions', () => {
		expect(checkDomain(world, 'goldwin.mt', options).verdict_detail).toContain('suspended by the regulator (an enforcement decision)')
		const owner = operator('quitter', 'Quitter Games')
		const gaveUp = licence(owner, { license_number: '000555-R-000555-001', status: 'surrendered', upstream_status: 'Surrendered' })
		const detail = checkLicenseNumber(index({ operators: [owner], licences: [gaveUp] }), '000555-R-000555-001', options).verdict_detail
		expect(detail).toContain('not an enforcement decision')
	})

	test('not_in_register is described as an observation with its date, not a revocation', () => {
		const owner = operator('gone', 'Gone Games')
		const missing = licence(owner, {
			license_number: '000556-R-000556-001',
			status: 'not_in_register',
			upstream_status: null,
			not_listed_since: '2026-10-20T06:00:00.000Z'
		})
		const detail = checkLicenseNumber(index({ operators: [owner], licences: [missing] }), '000556-R-000556-001', options).verdict_detail
		expect(detail).toContain(
			'no longer listed in the register since 2026-10-20T06:00:00.000Z (an observation by this service, not a regulator decision)'
		)
		expect(detail).not.toContain('revoked')
	})
})
