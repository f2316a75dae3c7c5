import { describe, expect, test } from 'bun:test'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import { alternativeFrom, nameAlternative, nameMatch } from './match.ts'
import { licenceForName } from './name-matching.ts'
import type { LicenceStatus } from './rows.ts'
import { brandWorld, index, licence, link, NOW, operator, READ_AT } from './test-support/index-rows.ts'

const options = { now: NOW }
const world = brandWorld()
const exact = checkDomain(world.index, 'brand.com', options).match
const related = checkDomain(world.index, 'promo.brand.com', options).match
const byNumber = checkLicenseNumber(world.index, '039011-R-319371-005', options).match
const fuzzy = checkDomain(world.index, 'brandbett.com', options).match
const weak = checkDomain(world.index, 'brandbetonline.net', options).match

describe('match.confidence and match_type', () => {
	test('domain_exact, related_host and license_number are high; trading_name_fuzzy medium; name_similarity low', () => {
		expect([exact, related, byNumber, fuzzy, weak].map((match) => [match?.match_type, match?.confidence])).toEqual([
			['domain_exact', 'high'],
			['related_host', 'high'],
			['license_number', 'high'],
			['trading_name_fuzzy', 'medium'],
			['name_similarity', 'low']
		])
	})

	test('top-level confidence equals match.confidence', () => {
		expect(checkDomain(world.index, 'brandbett.com', options).confidence).toBe('medium')
	})
})

describe('domain fields', () => {
	test('domain_association is populated for domain_exact and related_host only', () => {
		expect(exact?.domain_association).toBe('direct')
		expect(related?.domain_association).toBe('direct')
		expect([byNumber?.domain_association, fuzzy?.domain_association, weak?.domain_association]).toEqual([null, null, null])
	})

	test('domain_status and matched_domain are null for licence-number and name matches', () => {
		for (const match of [byNumber, fuzzy, weak]) {
			expect(match?.domain_status).toBeNull()
			expect(match?.matched_domain).toBeNull()
			expect(match?.domain_last_listed_at).toBeNull()
		}
	})

	test('on related_host, domain_status and matched_domain describe the related host', () => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, { license_number: '000102-R-317976-010' })
		const match = checkDomain(
			index({ operators: [owner], licences: [held], links: [link(owner, 'old.acme.com', held, { link_status: 'parked' })] }),
			'new.acme.com',
			options
		).match
		expect(match).toMatchObject({ match_type: 'related_host', domain_status: 'parked', matched_domain: 'old.acme.com' })
	})

	test('domain_last_listed_at is present while domain_status is active and null when delisted', () => {
		expect(exact?.domain_last_listed_at).toBe(READ_AT.toISOString())
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, { license_number: '000102-R-317976-010' })
		const match = checkDomain(
			index({ operators: [owner], licences: [held], links: [link(owner, 'acme.com', held, { link_status: 'delisted' })] }),
			'acme.com',
			options
		).match
		expect(match?.domain_last_listed_at).toBeNull()
	})

	test('verification fields come from the domain listing and are null for licence-number matches', () => {
		const owner = operator('geeker', 'Geeker Technology')
		const held = licence(owner, { jurisdiction_code: 'CW', license_number: 'OGL/2024/251/0130' })
		const fixture = {
			operators: [owner],
			licences: [held],
			links: [
				link(owner, 'geeker.bet', held, {
					verification_url: 'https://cert.cga.cw/certificate?id=abc',
					verification_page_status: 'Not Active',
					verification_page_read_at: READ_AT
				})
			]
		}
		const domainResult = checkDomain(index(fixture), 'geeker.bet', options)
		expect(domainResult.match).toMatchObject({
			verification_url: 'https://cert.cga.cw/certificate?id=abc',
			verification_page_status: 'Not Active',
			verification_page_read_at: READ_AT.toISOString()
		})
		expect(domainResult.verdict_detail).toContain('read "Not Active" at')
		expect(domainResult.verdict_detail).toContain('not confirmation')
		const numberMatch = checkLicenseNumber(index(fixture), 'OGL/2024/251/0130', options).match
		expect([numberMatch?.verification_url, numberMatch?.verification_page_status, numberMatch?.verification_page_read_at]).toEqual([
			null,
			null,
			null
		])
	})
})

describe('licence fields', () => {
	test('license_id, license_number and status are null for name_similarity', () => {
		expect([weak?.license_id, weak?.license_number, weak?.status]).toEqual([null, null, null])
	})

	test('license_reference_is_ours is true for a KH licence and the reference is the license_number', () => {
		const match = checkDomain(world.index, 'northernlights.com', options).match
		expect(match?.license_reference_is_ours).toBe(true)
		expect(match?.license_number).toBe('KH/IG/northern-lights')
		expect(exact?.license_reference_is_ours).toBe(false)
	})

	test('regulator_name is the jurisdiction name', () => {
		expect(exact).toMatchObject({ jurisdiction: 'UKGC', regulator_name: 'UK Gambling Commission' })
	})

	test('status_qualifier, expires_at and status provenance come from the licence', () => {
		const owner = operator('geeker', 'Geeker Technology')
		const held = licence(owner, {
			jurisdiction_code: 'CW',
			license_number: 'OGL/2024/251/0130',
			status_qualifier: 'provisional_under_assessment',
			expiry_date: new Date('2025-12-24T00:00:00.000Z'),
			status_source_url: 'https://cga.example/register.pdf',
			status_observed_at: '2026-10-31T02:00:00.000Z'
		})
		const match = checkLicenseNumber(index({ operators: [owner], licences: [held] }), 'OGL/2024/251/0130', options).match
		expect(match).toMatchObject({
			status_qualifier: 'provisional_under_assessment',
			expires_at: '2025-12-24',
			status_source_url: 'https://cga.example/register.pdf',
			status_observed_at: '2026-10-31T02:00:00.000Z'
		})
	})
})

describe('status provenance', () => {
	test('status_observed_at is null whenever status_source_url is, even if a read stamped the licence', () => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, {
			license_number: '000102-R-317976-011',
			status_source_url: null,
			status_observed_at: '2026-10-31T02:00:00.000Z'
		})
		const match = checkLicenseNumber(index({ operators: [owner], licences: [held] }), '000102-R-317976-011', options).match
		expect(match).toMatchObject({ status_source_url: null, status_observed_at: null })
	})
})

describe('upstream_status', () => {
	const upstreamFor = (status: LicenceStatus, upstream_status: string | null) => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, { license_number: '000102-R-317976-010', status, upstream_status })
		return checkLicenseNumber(index({ operators: [owner], licences: [held] }), '000102-R-317976-010', options).match?.upstream_status
	}

	test('is null when status is not_in_register', () => {
		expect(upstreamFor('not_in_register', 'Active')).toBeNull()
	})

	for (const status of ['revoked', 'suspended', 'surrendered', 'expired'] as const) {
		test(`is null when the register word says in force while status is ${status}`, () => {
			expect(upstreamFor(status, 'Active')).toBeNull()
			expect(upstreamFor(status, 'Licensed')).toBeNull()
		})
	}

	test('is shown verbatim when it agrees with a negative status', () => {
		expect(upstreamFor('revoked', 'Revoked - Non Payment of Fee')).toBe('Revoked - Non Payment of Fee')
	})

	test('a negative word next to active is never suppressed', () => {
		expect(upstreamFor('active', 'Suspended (2 October 2026)')).toBe('Suspended (2 October 2026)')
	})
})

describe('name alternatives', () => {
	test('a name alternative says what the alternative of its full name match says, at either confidence', () => {
		const names = [...world.index.shards.values()].flatMap((shard) => shard.names)
		expect(names.length).toBeGreaterThan(1)
		for (const name of names) {
			for (const confidence of ['medium', 'low'] as const) {
				const held = licenceForName(world.index, name)
				expect(nameAlternative(name, held, confidence)).toEqual(alternativeFrom(nameMatch(world.index, name, held, confidence), name.name))
			}
		}
	})
})
