import { describe, expect, test } from 'bun:test'
import { checkBatch } from './check-batch.ts'
import { checkDomain } from './check-domain.ts'
import type { BatchErrorRow, BatchResultRow } from './result.ts'
import { index, licence, link, NOW, operator } from './test-support/index-rows.ts'

const options = { now: NOW }
const owner = operator('brand-gaming', 'Brand Gaming')
const uk = licence(owner, { license_number: '039011-R-319371-005' })
const mt = licence(owner, { jurisdiction_code: 'MGA', license_number: 'MGA/B2C/315/2015' })
const an = licence(owner, { jurisdiction_code: 'AN', license_number: 'ALSI-202607032-FI2', status: 'revoked', upstream_status: 'revoked' })
const world = index({
	operators: [owner],
	licences: [uk, mt, an],
	links: [link(owner, 'brand.com', uk), link(owner, 'brand.com', mt), link(owner, 'www.brand.com', an), link(owner, 'solo.com', uk)]
})

describe('checkBatch', () => {
	test('per-row errors never fail the batch and carry error, error_detail, match null and no verdict', () => {
		const batch = checkBatch(
			world,
			['solo.com', 'https://solo.com/path', 'my_site.com', 'a'.repeat(254), 42, null, { domain: 'x.com' }],
			options
		)
		expect(batch.results).toHaveLength(7)
		expect((batch.results[0] as BatchResultRow).verdict).toBe('licensed')
		const errors = batch.results.slice(1) as BatchErrorRow[]
		expect(errors.map((row) => row.error)).toEqual([
			'invalid_hostname',
			'invalid_hostname',
			'invalid_hostname',
			'invalid_input',
			'invalid_input',
			'invalid_input'
		])
		for (const row of errors) {
			expect(row.match).toBeNull()
			expect(row.error_detail).toMatch(/^[A-Z].*\.$/)
			expect('verdict' in row).toBe(false)
			expect('domain' in row.query).toBe(false)
		}
		expect(errors[4]?.query.input).toBeNull()
		expect(errors[5]?.query.input).toEqual({ domain: 'x.com' })
	})

	test('rows never carry alternatives, jurisdictions or as_of; checked_jurisdictions and _meta are given once', () => {
		const batch = checkBatch(world, ['brand.com', 'solo.com', 'brandgaming.org'], options)
		for (const row of batch.results) {
			for (const key of ['alternatives', 'jurisdictions', 'as_of', 'checked_jurisdictions']) expect(key in row).toBe(false)
		}
		expect(batch.checked_jurisdictions).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
		expect(batch._meta).toEqual({ checked_at: NOW.toISOString(), stale_jurisdictions: [] })
	})

	test('a row has the same verdict, detail basis and match as the single check', () => {
		const single = checkDomain(world, 'SOLO.com.', options)
		const [row] = checkBatch(world, ['SOLO.com.'], options).results as [BatchResultRow]
		expect(row.query).toEqual({ domain: 'solo.com', input: 'SOLO.com.' })
		expect(row.verdict).toBe(single.verdict)
		expect(row.match).toEqual(single.match)
		expect(row.verdict_detail).toBe(single.verdict_detail)
		expect(row._meta).toEqual({ register: single._meta.register as NonNullable<typeof single._meta.register> })
	})

	test("a row of a domain resembling many operators has the single check's name match, though its name stage ranks only the best operator", () => {
		const names = ['Royal Casino', 'Royal Casinos', 'Royale Casino', 'Royal Casino UK', 'Royal Kasino', 'Royal Casino Club', 'Loyal Casino']
		const lookalikes = names.map((name, i) => operator(`royal-${i}`, name))
		const held = lookalikes.map((owner, i) => licence(owner, { license_number: `000${i}-R-000000-00${i}` }))
		const crowded = index({ operators: lookalikes, licences: held, links: [] })
		for (const domain of ['royalcasino1.com', 'royal-casin.com', 'royalcasinouk.bet', 'oyalcasino.net']) {
			const single = checkDomain(crowded, domain, options)
			const [row] = checkBatch(crowded, [domain], options).results as [BatchResultRow]
			expect(single.alternatives.length).toBeGreaterThan(0)
			expect(row.verdict).toBe(single.verdict)
			expect(row.verdict_detail).toBe(single.verdict_detail)
			expect(row.match).toEqual(single.match)
			expect(row._meta?.register).toEqual(single._meta.register)
		}
	})

	test("a dual-licensed row's verdict_detail says how many other listings the single check shows", () => {
		const single = checkDomain(world, 'brand.com', options)
		expect(single.jurisdictions?.map((listing) => [listing.jurisdiction, listing.primary])).toEqual([
			['UKGC', true],
			['MGA', false],
			['AN', false]
		])
		const [row] = checkBatch(world, ['brand.com'], options).results as [BatchResultRow]
		expect(row.verdict).toBe('licensed')
		expect(row.verdict_detail).toContain(
			'The domain has 2 other register listings, which the single check (GET /v1/check) shows in jurisdictions.'
		)
	})

	test('a body that is not 1 to 100 entries is 400 invalid_input on field domains', () => {
		for (const body of [[], Array.from({ length: 101 }, () => 'a.com'), 'a.com', null, { domains: ['a.com'] }]) {
			expect(() => checkBatch(world, body, options)).toThrow(
				expect.objectContaining({ status: 400, reason: 'invalid_input', field: 'domains' })
			)
		}
		expect(
			checkBatch(
				world,
				Array.from({ length: 100 }, () => 'solo.com'),
				options
			).results
		).toHaveLength(100)
	})
})

describe('dual-licensed single check', () => {
	test('the licensed listing is the match and jurisdictions lists every listing with its own verdict', () => {
		const result = checkDomain(world, 'brand.com', options)
		expect(result.match).toMatchObject({ jurisdiction: 'UKGC', matched_domain: 'brand.com' })
		expect(result.jurisdictions?.map((listing) => listing.verdict)).toEqual(['licensed', 'licensed', 'licence_not_active'])
		expect(result.jurisdictions?.[2]).toMatchObject({
			matched_domain: 'www.brand.com',
			status: 'revoked',
			regulator_name: 'Anjouan Offshore Finance Authority'
		})
		expect(result.verdict_detail).toContain('The domain is also listed by the MGA register under Brand Gaming')
	})

	test('a domain with one listing has no jurisdictions key', () => {
		expect('jurisdictions' in checkDomain(world, 'solo.com', options)).toBe(false)
	})

	test('a host and its www-counterpart listed under the same licence are one site, not a second listing', () => {
		const site = index({
			operators: [owner],
			licences: [uk],
			links: [link(owner, 'kestrel.co.uk', uk), link(owner, 'www.kestrel.co.uk', uk)]
		})
		for (const query of ['kestrel.co.uk', 'www.kestrel.co.uk']) {
			const result = checkDomain(site, query, options)
			expect(result.verdict).toBe('licensed')
			expect(result.match).toMatchObject({ matched_domain: query })
			expect('jurisdictions' in result).toBe(false)
			expect(result.verdict_detail).not.toContain('also listed')
		}
	})
})
