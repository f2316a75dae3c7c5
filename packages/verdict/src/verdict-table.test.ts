import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { hostnameFromRegisterValue } from '@lv/hostnames'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import type { LicenceStatus } from './rows.ts'
import { brandWorld, index, licence, link, NOW, operator } from './test-support/index-rows.ts'

const options = { now: NOW }
const NOT_ACTIVE: LicenceStatus[] = ['surrendered', 'expired', 'revoked', 'suspended', 'pending', 'not_in_register', 'unknown']

describe('rule 1: licence_not_active', () => {
	for (const status of NOT_ACTIVE) {
		test(`a domain listed on a ${status} licence is licence_not_active`, () => {
			const owner = operator('acme', 'Acme Play')
			const held = licence(owner, {
				license_number: '000102-R-317976-010',
				status,
				upstream_status: status === 'not_in_register' ? null : 'Revoked'
			})
			const result = checkDomain(
				index({ operators: [owner], licences: [held], links: [link(owner, 'acmeplay.com', held)] }),
				'acmeplay.com',
				options
			)
			expect(result.verdict).toBe('licence_not_active')
			expect(result.match?.status).toBe(status)
			expect(result.match?.match_type).toBe('domain_exact')
		})

		test(`a license_number query for a ${status} licence is licence_not_active`, () => {
			const owner = operator('acme', 'Acme Play')
			const held = licence(owner, { license_number: '000102-R-317976-010', status })
			const result = checkLicenseNumber(index({ operators: [owner], licences: [held] }), '000102-R-317976-010', options)
			expect(result.verdict).toBe('licence_not_active')
			expect(result.match?.match_type).toBe('license_number')
		})
	}

	test('an inactive licence wins over a delisted domain and the detail says the domain is no longer listed', () => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, {
			license_number: 'MGA/B2C/315/2015',
			jurisdiction_code: 'MGA',
			status: 'revoked',
			upstream_status: 'Cancelled'
		})
		const result = checkDomain(
			index({ operators: [owner], licences: [held], links: [link(owner, 'acmeplay.com', held, { link_status: 'delisted' })] }),
			'acmeplay.com',
			options
		)
		expect(result.verdict).toBe('licence_not_active')
		expect(result.verdict_detail).toContain('no longer lists acmeplay.com')
	})

	test('a domain listed under an operator with no licence able to cover a website has null status and number', () => {
		const owner = operator('bingo-hall', 'Seaside Bingo Hall')
		const nonRemote = licence(owner, { license_number: '000102-N-317976-010', covers_websites: false })
		const result = checkDomain(
			index({ operators: [owner], licences: [nonRemote], links: [link(owner, 'seasidebingohall.co.uk', null)] }),
			'seasidebingohall.co.uk',
			options
		)
		expect(result.verdict).toBe('licence_not_active')
		expect(result.match).toMatchObject({ status: null, license_number: null, license_id: null, match_type: 'domain_exact' })
		expect(result.verdict_detail).toContain('holds no UKGC licence that can cover a website')
	})
})

describe('rule 2: domain_not_listed', () => {
	test('an active licence with the domain delisted is domain_not_listed', () => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, { license_number: '000102-R-317976-010' })
		const result = checkDomain(
			index({ operators: [owner], licences: [held], links: [link(owner, 'acmeplay.com', held, { link_status: 'delisted' })] }),
			'acmeplay.com',
			options
		)
		expect(result.verdict).toBe('domain_not_listed')
		expect(result.match?.domain_status).toBe('delisted')
	})

	for (const linkStatus of ['parked', 'expired', 'redirecting'] as const) {
		test(`an active licence with the domain ${linkStatus} is not licensed (domain_not_listed)`, () => {
			const owner = operator('acme', 'Acme Play')
			const held = licence(owner, { license_number: '000102-R-317976-010' })
			const result = checkDomain(
				index({ operators: [owner], licences: [held], links: [link(owner, 'acmeplay.com', held, { link_status: linkStatus })] }),
				'acmeplay.com',
				options
			)
			expect(result.verdict).toBe('domain_not_listed')
			expect(result.verdict_detail).toContain(`as ${linkStatus}`)
		})
	}
})

describe('rule 3: related_host_listed', () => {
	test('a made-up subdomain of a licensed brand is related_host_listed, never licensed', () => {
		const world = brandWorld()
		const result = checkDomain(world.index, 'totally-real-promo.brand.com', options)
		expect(result.verdict).toBe('related_host_listed')
		expect(result.match).toMatchObject({ match_type: 'related_host', matched_domain: 'brand.com', confidence: 'high' })
		expect(result.related_hosts).toEqual([
			{ hostname: 'brand.com', link_status: 'active', jurisdiction: 'UKGC', operator_slug: 'brand-gaming' }
		])
	})

	test('hosts of several operators on the registrable domain give a null match with shared_registrable', () => {
		const a = operator('alpha', 'Alpha Games')
		const b = operator('beta', 'Beta Games')
		const la = licence(a, { license_number: '000001-R-000001-001' })
		const lb = licence(b, { license_number: '000002-R-000002-001' })
		const result = checkDomain(
			index({ operators: [a, b], licences: [la, lb], links: [link(a, 'alpha.platform.com', la), link(b, 'beta.platform.com', lb)] }),
			'gamma.platform.com',
			options
		)
		expect(result.verdict).toBe('related_host_listed')
		expect(result.match).toBeNull()
		expect(result.match_absence_reason).toBe('shared_registrable')
		expect(result.confidence).toBe('none')
		expect(result.related_hosts?.map((host) => host.hostname)).toEqual(['alpha.platform.com', 'beta.platform.com'])
	})

	test('a host and its www-counterpart are one site, not related hosts', () => {
		const world = brandWorld()
		const result = checkDomain(world.index, 'brandbet.co.uk', options)
		expect(result.verdict).toBe('licensed')
		expect(result.match?.match_type).toBe('domain_exact')
		expect(result.related_hosts).toBeUndefined()
	})

	test('www. in front of a listed www host is a made-up subdomain: related_host_listed, never licensed', () => {
		const owner = operator('allbets', 'All Bets')
		const held = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/315/2015' })
		const listed = index({ operators: [owner], licences: [held], links: [link(owner, 'www.allbets.me', held)] })
		for (const query of ['allbets.me', 'www.allbets.me']) expect(checkDomain(listed, query, options).verdict).toBe('licensed')
		const madeUp = checkDomain(listed, 'www.www.allbets.me', options)
		expect(madeUp.verdict).toBe('related_host_listed')
		expect(madeUp.match).toMatchObject({ match_type: 'related_host', matched_domain: 'www.allbets.me' })
	})

	test('customers of one hosting platform (private suffix) are not related', () => {
		const owner = operator('acme', 'Acme Play')
		const held = licence(owner, { license_number: '000102-R-317976-010' })
		const result = checkDomain(
			index({ operators: [owner], licences: [held], links: [link(owner, 'acme.github.io', held)] }),
			'evil.github.io',
			options
		)
		expect(result.verdict).not.toBe('related_host_listed')
		expect(result.related_hosts).toBeUndefined()
	})
})

describe('rule 4: licensed_provisional', () => {
	test('an active licence with provisional_under_assessment and an active domain is licensed_provisional', () => {
		const owner = operator('geeker', 'Geeker Technology', 'Geeker Technology N.V.')
		const held = licence(owner, {
			jurisdiction_code: 'CW',
			license_number: 'OGL/2024/251/0130',
			status_qualifier: 'provisional_under_assessment',
			upstream_status: 'Assessment in progress',
			expiry_date: '2025-12-24'
		})
		const fixture = { operators: [owner], licences: [held], links: [link(owner, 'geeker.bet', held)] }
		expect(checkDomain(index(fixture), 'geeker.bet', options).verdict).toBe('licensed_provisional')
		expect(checkLicenseNumber(index(fixture), 'ogl 2024 251 0130', options).verdict).toBe('licensed_provisional')
	})
})

describe('rule 5: licensed', () => {
	test('an active licence with the exact domain listed active is licensed', () => {
		const world = brandWorld()
		const result = checkDomain(world.index, 'brand.com', options)
		expect(result.verdict).toBe('licensed')
		expect(result.confidence).toBe('high')
	})

	test('the www-counterpart listed active is licensed', () => {
		const world = brandWorld()
		const result = checkDomain(world.index, 'www.brand.com', options)
		expect(result.verdict).toBe('licensed')
		expect(result.match?.matched_domain).toBe('brand.com')
	})

	test('a license_number query for an active licence is licensed', () => {
		const world = brandWorld()
		expect(checkLicenseNumber(world.index, '039011-R-319371-005', options).verdict).toBe('licensed')
	})
})

describe('rule 6: name_match_only', () => {
	test('a root closely matching a trading name is name_match_only with a medium trading_name_fuzzy match', () => {
		const world = brandWorld()
		const result = checkDomain(world.index, 'brandbett.com', options)
		expect(result.verdict).toBe('name_match_only')
		expect(result.match).toMatchObject({ match_type: 'trading_name_fuzzy', confidence: 'medium', operator_slug: 'brand-gaming' })
	})

	test('a weak resemblance is name_match_only with a low name_similarity match and no licence', () => {
		const world = brandWorld()
		const result = checkDomain(world.index, 'brandbetonline.net', options)
		expect(result.verdict).toBe('name_match_only')
		expect(result.match).toMatchObject({ match_type: 'name_similarity', confidence: 'low', license_id: null, license_number: null })
	})

	test('a lookalike of a licensed brand is never licensed, even when the operator licence is active', () => {
		const world = brandWorld()
		for (const lookalike of ['brandbet.com', 'brand-bet.com', 'brandbet.co.uk.evil.io', 'brandbet.win', 'brand.com.evil.io']) {
			const result = checkDomain(world.index, lookalike, options)
			expect(['licensed', 'licensed_provisional']).not.toContain(result.verdict)
		}
	})
})

describe('rule 7: not_found', () => {
	test('a domain in no register and resembling no name is not_found with a null match', () => {
		const world = brandWorld()
		const result = checkDomain(world.index, 'quietgardening.org', options)
		expect(result.verdict).toBe('not_found')
		expect(result.match).toBeNull()
		expect(result.confidence).toBe('none')
		expect(result.checked_jurisdictions).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
	})

	test('an unknown licence number is not_found', () => {
		const world = brandWorld()
		expect(checkLicenseNumber(world.index, 'MGA/B2C/999/2099', options).verdict).toBe('not_found')
	})
})

describe('rule 8: generic_term', () => {
	test('a generic gambling label is generic_term with a null match and match_absence_reason generic_term', () => {
		const world = brandWorld()
		for (const generic of ['casino.com', 'online-casino.net', 'bestslots.co.uk', 'bet.io', 'poker.com', 'bingo.org']) {
			const result = checkDomain(world.index, generic, options)
			expect(result.verdict).toBe('generic_term')
			expect(result.match).toBeNull()
			expect(result.match_absence_reason).toBe('generic_term')
			expect(result.confidence).toBe('none')
		}
	})

	test('a generic label that is exactly one operator trading name is matched by name instead', () => {
		const owner = operator('bingo-co', 'Bingo Company')
		const held = licence(owner, { license_number: '000777-R-000777-001' })
		const result = checkDomain(
			index({ operators: [owner], licences: [held], tradingNames: [{ operator_id: owner.id, jurisdiction_code: 'UKGC', name: 'Bingo' }] }),
			'bingo.org',
			options
		)
		expect(result.verdict).toBe('name_match_only')
		expect(result.match?.operator_slug).toBe('bingo-co')
	})

	test('an exact listing of a generic-looking domain is judged by the listing, not as a generic term', () => {
		const owner = operator('casino-ltd', 'Casino Ltd')
		const held = licence(owner, { license_number: '000888-R-000888-001' })
		const result = checkDomain(
			index({ operators: [owner], licences: [held], links: [link(owner, 'casino.com', held)] }),
			'casino.com',
			options
		)
		expect(result.verdict).toBe('licensed')
	})
})

describe('made-up hosts are never licensed (property)', () => {
	const world = brandWorld()
	const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/).filter((value) => value !== 'www' && value.slice(2, 4) !== '--')

	test('any subdomain of a licensed brand other than its www-counterpart is never licensed', () => {
		fc.assert(
			fc.property(label, (sub) => {
				const verdict = checkDomain(world.index, `${sub}.brand.com`, options).verdict
				expect(verdict).toBe('related_host_listed')
			})
		)
	})

	test('any host other than a listed host or its www-counterpart is never licensed', () => {
		const listed = new Set([
			'brand.com',
			'www.brand.com',
			'brandbet.co.uk',
			'www.brandbet.co.uk',
			'northernlights.com',
			'www.northernlights.com'
		])
		fc.assert(
			fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'co.uk', 'bet', 'io'), (labels, suffix) => {
				const host = `${labels.join('.')}.${suffix}`
				if (listed.has(host)) return
				expect(['licensed', 'licensed_provisional']).not.toContain(checkDomain(world.index, host, options).verdict)
			})
		)
	})
})

describe('a listed host asked in another spelling (case, trailing dot, Unicode or punycode)', () => {
	const owner = operator('buecher-spiele', 'Bücher Spiele', 'Bücher Spiele GmbH')
	const held = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/400/2020' })
	// Register cells as printed: a Unicode name with a scheme and path, an upper-case www host with a zero-width space.
	const listedAs = ['https://Bücher.de/de/', 'WWW.FAß-\u200bSPIEL.DE']
	const hosts = listedAs.map((value) => hostnameFromRegisterValue(value) as string)
	const world = index({ operators: [owner], licences: [held], links: hosts.map((host) => link(owner, host, held)) })

	test('the register cells are stored in punycode, lower case', () => {
		expect(hosts).toEqual(['xn--bcher-kva.de', 'www.xn--fa-spiel-rya.de'])
	})

	test('every spelling of a listed host or its www-counterpart is licensed, and query.domain is the punycode form', () => {
		const spellings: [string, string][] = [
			['bücher.de', 'xn--bcher-kva.de'],
			['BU\u0308CHER.DE.', 'xn--bcher-kva.de'],
			['xn--bcher-kva.de', 'xn--bcher-kva.de'],
			['XN--BCHER-KVA.DE', 'xn--bcher-kva.de'],
			['www.Bücher.de', 'www.xn--bcher-kva.de'],
			['faß-spiel.de', 'xn--fa-spiel-rya.de'],
			['www.faß-spiel.de\u3002', 'www.xn--fa-spiel-rya.de']
		]
		for (const [sent, domain] of spellings) {
			const result = checkDomain(world, sent, options)
			expect({ sent, verdict: result.verdict, query: result.query }).toEqual({
				sent,
				verdict: 'licensed',
				query: sent === domain ? { domain } : { domain, input: sent }
			})
		}
	})

	test('the transitional spelling of ß (ss) is another host, never licensed', () => {
		expect(checkDomain(world, 'fass-spiel.de', options).verdict).not.toBe('licensed')
	})
})

describe('checkDomain input errors', () => {
	const world = brandWorld()
	test('a URL is 400 not_a_valid_hostname and a 254-character value is hostname_too_long, both on field domain', () => {
		expect(() => checkDomain(world.index, 'https://brand.com/', options)).toThrow(
			expect.objectContaining({ status: 400, code: 'invalid_query', reason: 'not_a_valid_hostname', field: 'domain' })
		)
		expect(() => checkDomain(world.index, 'a'.repeat(254), options)).toThrow(
			expect.objectContaining({ status: 400, code: 'invalid_query', reason: 'hostname_too_long', field: 'domain' })
		)
	})

	test('query.input is kept only when it differs from query.domain', () => {
		expect(checkDomain(world.index, 'Brand.COM.', options).query).toEqual({ domain: 'brand.com', input: 'Brand.COM.' })
		expect(checkDomain(world.index, 'brand.com', options).query).toEqual({ domain: 'brand.com' })
	})
})
