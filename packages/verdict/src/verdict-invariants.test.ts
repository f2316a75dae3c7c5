import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { normaliseHostname, registrableDomain, sameSite } from '@lv/hostnames'
import { checkDomain } from './check-domain.ts'
import { checkLicenseNumber } from './check-license-number.ts'
import type { CheckResult } from './result.ts'
import { type DomainLinkRow, LICENCE_STATUSES, LINK_STATUSES, type LicenceRow, type OperatorRow } from './rows.ts'
import { HOUR, JURISDICTIONS, index, licence, link, NOW, operator } from './test-support/index-rows.ts'

/*
 * SPEC GET /v1/check's verdict table as properties over random worlds: operators holding licences of
 * every status in several registers, hosts listed on them in every link status, queried as listed,
 * through their www-counterpart, as made-up subdomains, on private suffixes and in other spellings.
 */

const CODES = JURISDICTIONS.map(({ code }) => code)
const HOSTS = [
	'brand.com',
	'www.brand.com',
	'shop.brand.com',
	'brand.co.uk',
	'www.brand.co.uk',
	'a.github.io',
	'www.a.github.io',
	'b.github.io',
	'xn--bcher-kva.de'
]
const QUERIES = [
	...HOSTS,
	'www.shop.brand.com',
	'deep.shop.brand.com',
	'www.www.brand.co.uk',
	'c.github.io',
	'other.co.uk',
	'BRAND.COM.',
	'WWW.Brand.Co.Uk',
	'Bücher.de',
	'www.bücher.de',
	'brand.com\u3002'
]
const DATES = [null, '2020-01-01', '2026-11-01', '2026-11-02', '2030-12-31']

type World = { operators: OperatorRow[]; licences: LicenceRow[]; links: DomainLinkRow[] }

const worldArbitrary = fc
	.array(
		fc.record({
			licences: fc.array(
				fc.record({
					code: fc.constantFrom(...CODES),
					status: fc.constantFrom(...LICENCE_STATUSES),
					provisional: fc.boolean(),
					coversWebsites: fc.boolean(),
					expiry: fc.constantFrom(...DATES),
					missedSince: fc.option(fc.constant(new Date(NOW.getTime() - 2 * HOUR)), { nil: null })
				}),
				{ minLength: 1, maxLength: 3 }
			),
			links: fc.array(
				fc.record({
					host: fc.constantFrom(...HOSTS),
					status: fc.constantFrom(...LINK_STATUSES),
					// a licence of the operator by place, or none (UKGC domains hang off the account)
					licence: fc.option(fc.nat({ max: 2 }), { nil: null }),
					code: fc.constantFrom(...CODES)
				}),
				{ maxLength: 4 }
			)
		}),
		{ minLength: 1, maxLength: 3 }
	)
	.map((drawn): World => {
		const world: World = { operators: [], licences: [], links: [] }
		drawn.forEach((drawnOperator, at) => {
			const owner = operator(`operator-${at}`, `Operator ${at}`)
			world.operators.push(owner)
			const held = drawnOperator.licences.map((drawnLicence, number) =>
				licence(owner, {
					jurisdiction_code: drawnLicence.code,
					license_number: `${drawnLicence.code}/${at}/${number}`,
					status: drawnLicence.status,
					status_qualifier: drawnLicence.provisional ? 'provisional_under_assessment' : null,
					covers_websites: drawnLicence.coversWebsites,
					expiry_date: drawnLicence.expiry,
					not_listed_since: drawnLicence.status === 'not_in_register' ? new Date(NOW.getTime() - 5 * HOUR) : drawnLicence.missedSince
				})
			)
			world.licences.push(...held)
			for (const drawnLink of drawnOperator.links) {
				const on = drawnLink.licence === null ? null : (held[drawnLink.licence % held.length] ?? null)
				world.links.push(
					link(owner, drawnLink.host, on, { link_status: drawnLink.status, jurisdiction_code: on?.jurisdiction_code ?? drawnLink.code })
				)
			}
		})
		return world
	})

const hostOf = (query: string) => {
	const normalised = normaliseHostname(query)
	if (!normalised.ok) throw new Error(`fixture query ${query} is refused`)
	return normalised.domain
}

/** SPEC: a licence can cover a website; the link's own licence when it can, else the operator's in that register. */
function coveringLicences(world: World, row: DomainLinkRow): LicenceRow[] {
	const own = world.licences.find((held) => held.id === row.license_id)
	if (own?.covers_websites) return [own]
	return world.licences.filter(
		(held) => held.operator_id === row.operator_id && held.jurisdiction_code === row.jurisdiction_code && held.covers_websites
	)
}

/** The listings of the query's site (the host or its www-counterpart) that alone would make it licensed. */
function licensingListings(world: World, host: string, qualifier: LicenceRow['status_qualifier']): DomainLinkRow[] {
	return world.links.filter(
		(row) =>
			sameSite(host, row.hostname) &&
			row.link_status === 'active' &&
			coveringLicences(world, row).some((held) => held.status === 'active' && held.status_qualifier === qualifier)
	)
}

const listedOnSite = (world: World, host: string) => world.links.some((row) => sameSite(host, row.hostname))

function check(world: World, query: string): CheckResult {
	return checkDomain(index(world), query, { now: NOW })
}

describe('verdicts over random worlds (property)', () => {
	test('licensed only for a domain_exact match of the site on an active licence with no qualifier and an active domain', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.constantFrom(...QUERIES), (world, query) => {
				const result = check(world, query)
				if (result.verdict !== 'licensed') return
				const host = hostOf(query)
				expect(result.match).toMatchObject({
					match_type: 'domain_exact',
					status: 'active',
					status_qualifier: null,
					domain_status: 'active'
				})
				expect(sameSite(host, result.match?.matched_domain ?? '')).toBe(true)
				expect(licensingListings(world, host, null).length).toBeGreaterThan(0)
			})
		)
	})

	test('licensed_provisional only for a domain_exact match on an active provisional licence with an active domain', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.constantFrom(...QUERIES), (world, query) => {
				const result = check(world, query)
				if (result.verdict !== 'licensed_provisional') return
				expect(result.match).toMatchObject({
					match_type: 'domain_exact',
					status: 'active',
					status_qualifier: 'provisional_under_assessment',
					domain_status: 'active'
				})
				expect(sameSite(hostOf(query), result.match?.matched_domain ?? '')).toBe(true)
			})
		)
	})

	test('a site any of whose listings would be licensed is licensed, whatever else lists it', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.constantFrom(...QUERIES), (world, query) => {
				const host = hostOf(query)
				const expected =
					licensingListings(world, host, null).length > 0
						? 'licensed'
						: licensingListings(world, host, 'provisional_under_assessment').length > 0
							? 'licensed_provisional'
							: null
				if (expected !== null) expect(check(world, query).verdict).toBe(expected)
			})
		)
	})

	test('licence_not_active and domain_not_listed rest on a high match whose licence or domain is not in force', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.constantFrom(...QUERIES), (world, query) => {
				const result = check(world, query)
				if (result.verdict === 'licence_not_active') {
					expect(result.match?.confidence).toBe('high')
					expect(result.match?.status).not.toBe('active')
				}
				if (result.verdict === 'domain_not_listed') {
					expect(result.match).toMatchObject({ confidence: 'high', status: 'active' })
					expect(result.match?.domain_status).not.toBe('active')
				}
			})
		)
	})

	test('a host whose site no register lists gets a related, name or miss verdict; one on a platform is related to no other customer', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.constantFrom(...QUERIES), (world, query) => {
				const host = hostOf(query)
				if (listedOnSite(world, host)) return
				const result = check(world, query)
				const registrable = registrableDomain(host)
				const sharesRegistrable = world.links.some((row) => registrableDomain(row.hostname) === registrable)
				if (sharesRegistrable) expect(['related_host_listed', 'licence_not_active', 'domain_not_listed']).toContain(result.verdict)
				else expect(['name_match_only', 'not_found', 'generic_term']).toContain(result.verdict)
				expect(result.match?.match_type ?? 'none').not.toBe('domain_exact')
				for (const related of result.related_hosts ?? []) expect(registrableDomain(related.hostname)).toBe(registrable)
			})
		)
	})

	test('expiry dates never move a verdict or a match: a date passing does not expire a licence', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.constantFrom(...QUERIES), fc.constantFrom(...DATES), (world, query, expiry) => {
				const redated = { ...world, licences: world.licences.map((held) => ({ ...held, expiry_date: expiry })) }
				const before = check(world, query)
				const after = check(redated, query)
				expect(after.verdict).toBe(before.verdict)
				expect({ ...after.match, expires_at: null }).toEqual({ ...before.match, expires_at: null })
			})
		)
	})

	test('top-level confidence is the match confidence, none without a match', () => {
		fc.assert(
			fc.property(worldArbitrary, fc.constantFrom(...QUERIES), (world, query) => {
				const result = check(world, query)
				expect(result.confidence).toBe(result.match?.confidence ?? 'none')
			})
		)
	})
})

describe('licence-number verdicts over random worlds (property)', () => {
	test('licensed exactly when the licence printed as sent is active with no qualifier, in any spelling of its number', () => {
		const spellings = (number: string) => [number, number.toLowerCase(), number.replaceAll('/', ' - '), ` ${number.replaceAll('/', '.')} `]
		fc.assert(
			fc.property(worldArbitrary, fc.nat(), (world, pick) => {
				const held = world.licences[pick % world.licences.length] as LicenceRow
				const expected =
					held.status !== 'active' ? 'licence_not_active' : held.status_qualifier === null ? 'licensed' : 'licensed_provisional'
				for (const sent of spellings(held.license_number)) {
					const result = checkLicenseNumber(index(world), sent, { now: NOW })
					expect({ sent, verdict: result.verdict, id: result.match?.license_id }).toEqual({ sent, verdict: expected, id: held.id })
				}
			})
		)
	})
})

describe('register freshness at the SLA boundary', () => {
	const owner = operator('edge', 'Edge Gaming')
	const held = licence(owner, { license_number: '000900-R-000900-001' })
	const worldReadAt = (readAt: Date) =>
		index({ operators: [owner], licences: [held], links: [link(owner, 'edge.com', held)], readAt: { UKGC: readAt } })
	const SLA = 24 * HOUR

	test('a register read one millisecond less than its SLA ago is fresh; read exactly its SLA ago it is stale', () => {
		const fresh = checkDomain(worldReadAt(new Date(NOW.getTime() - SLA + 1)), 'edge.com', { now: NOW })
		const stale = checkDomain(worldReadAt(new Date(NOW.getTime() - SLA)), 'edge.com', { now: NOW })
		expect(fresh._meta.register).toMatchObject({ jurisdiction: 'UKGC', fresh: true, sla_hours: 24 })
		expect(fresh._meta.stale_jurisdictions.map((entry) => entry.jurisdiction)).not.toContain('UKGC')
		expect(stale._meta.register).toMatchObject({ jurisdiction: 'UKGC', fresh: false })
		expect(stale._meta.stale_jurisdictions.map((entry) => entry.jurisdiction)).toContain('UKGC')
	})

	test('a stale register leaves a licensed verdict licensed and says the listing may have changed since', () => {
		const stale = checkDomain(worldReadAt(new Date(NOW.getTime() - 3 * SLA)), 'edge.com', { now: NOW })
		expect(stale.verdict).toBe('licensed')
		expect(stale.verdict_detail).toContain('past its 24-hour freshness target, so the listing may have changed since')
	})

	test('a register never read is stale with no read time, and a listing in it cannot be confirmed as current', () => {
		const never = index({ operators: [owner], licences: [held], links: [link(owner, 'edge.com', held)], readAt: { UKGC: null } })
		const result = checkDomain(never, 'edge.com', { now: NOW })
		expect(result._meta.register).toMatchObject({ last_read_at: null, fresh: false })
		expect(result._meta.stale_jurisdictions).toContainEqual({ jurisdiction: 'UKGC', last_read_at: null, sla_hours: 24 })
		expect(result.verdict_detail).toContain('cannot be confirmed as current')
	})
})
