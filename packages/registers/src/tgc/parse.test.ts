import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { markupInsertions } from '../kh/markup-insertions.ts'
import { damagedBytes, expectRecordsOrParseError } from '../shared/test-support/fixture-files.ts'
import { RegisterParseError, type FetchedFile } from '../types.ts'
import { tgcAdapter } from './index.ts'

const PAGE_1 = 'https://tobiquegaming.com/licensees/'
const PAGE_2 = 'https://tobiquegaming.com/licensees/page/2/'
const fixtureText = (name: string) => readFileSync(join(import.meta.dir, '../../fixtures/tgc', name), 'utf8')
const file = (url: string, text: string): FetchedFile => ({
	url,
	bytes: new TextEncoder().encode(text),
	contentType: 'text/html; charset=UTF-8'
})
const first = fixtureText('licensees.html')
const second = fixtureText('licensees-page-2.html')
const now = new Date('2026-10-02T00:00:00Z')

const damaged = (seed: Uint8Array) => fc.oneof(damagedBytes(seed), markupInsertions(seed))

function rejection(run: () => unknown): RegisterParseError {
	try {
		run()
	} catch (error) {
		if (error instanceof RegisterParseError) return error
		throw error
	}
	throw new Error('expected a RegisterParseError')
}

describe('TGC licensee list', () => {
	const parsed = tgcAdapter.parseRegister([file(PAGE_1, first), file(PAGE_2, second)])

	test('discover() on page 1 names page 2; on page 2 names page 1 only', () => {
		expect(tgcAdapter.discover(file(PAGE_1, first), 'register')).toEqual([PAGE_2])
		expect(tgcAdapter.discover(file(PAGE_2, second), 'register')).toEqual([PAGE_1])
		expect(tgcAdapter.discover(file(PAGE_1, first), 'enforcement')).toEqual([])
	})

	test('reads one licence per licensee and type across both pages, with minted TGC/B2C and TGC/B2B references', () => {
		expect(
			parsed.licences.map((licence) => [`${licence.referencePrefix}/${licence.referenceKey}`, licence.issuedDate, licence.sourceIndex])
		).toEqual([
			['TGC/B2C/advent-crest-gaming-inc', '2024-03-14', 0],
			['TGC/B2B/northshore-licensing-advisory-ltd', '2024-02-02', 0],
			['TGC/B2C/maple-ember-interactive-ltd', '2025-07-08', 0],
			['TGC/B2B/maple-ember-interactive-ltd', '2025-07-08', 0],
			['TGC/B2C/wolastoq-digital-entertainment-corp', '2026-01-20', 1],
			['TGC/B2B/stoneharbour-systems-ltd', '2026-05-05', 1],
			['TGC/B2C/kohatu-games-ltd', '2026-09-01', 1]
		])
		expect(parsed.licences[0]).toMatchObject({
			upstreamKey: 'TGC/B2C/advent-crest-gaming-inc',
			licenseNumber: null,
			upstreamStatus: null,
			licenseTypes: ['B2C'],
			licenseCategory: 'remote',
			coversWebsites: true,
			expiryDate: null
		})
		expect(parsed.licences[1]).toMatchObject({ licenseTypes: ['B2B'], licenseCategory: 'b2b', coversWebsites: false })
		expect(parsed.entities.map((entity) => entity.legalName)).toContain('Kōhatu Games Ltd.')
	})

	test('the row repeated at the top of page 2 is merged, with a warning', () => {
		expect(parsed.warnings).toEqual(['TGC/B2B/maple-ember-interactive-ltd is listed more than once; rows merged'])
	})

	test('linked domains carry their validation seal URL; plain-text domains carry none', () => {
		expect(
			parsed.domains.map((domain) => [domain.licenceKey, domain.hostname, domain.verificationUrl?.replace(/&seal_id=.*/, '') ?? null])
		).toEqual([
			['TGC/B2C/advent-crest-gaming-inc', 'adventcrest.com', 'https://validate.thetgc.ca/validate?domain=adventcrest.com'],
			['TGC/B2C/advent-crest-gaming-inc', 'adventcrest.bet', 'https://validate.thetgc.ca/validate?domain=adventcrest.bet'],
			['TGC/B2C/advent-crest-gaming-inc', 'crestspins.com', 'https://validate.thetgc.ca/validate?domain=crestspins.com'],
			['TGC/B2C/maple-ember-interactive-ltd', 'mapleember.casino', 'https://validate.thetgc.ca/validate?domain=mapleember.casino'],
			['TGC/B2C/maple-ember-interactive-ltd', 'mapleember.live', null],
			['TGC/B2C/wolastoq-digital-entertainment-corp', 'wolastoqplay.com', 'https://validate.thetgc.ca/validate?domain=wolastoqplay.com'],
			[
				'TGC/B2C/wolastoq-digital-entertainment-corp',
				'www.wolastoqbingo.com',
				'https://validate.thetgc.ca/validate?domain=www.wolastoqbingo.com'
			],
			['TGC/B2C/kohatu-games-ltd', 'kohatugames.io', null]
		])
		expect(parsed.domains[0]?.verificationUrl).toMatch(/&seal_id=[0-9a-f]{96}&stamp=[0-9a-f]{32}$/)
	})

	test('a delisted domain and a departed licensee vanish; every remaining reference is unchanged', () => {
		const edited = first
			.replace(/<br><a href="[^"]*crestspins\.com[^"]*"[^>]*>crestspins\.com<\/a>/, '')
			.replace(/<tr><td>Northshore Licensing[^\n]*\n/, '')
		const after = tgcAdapter.parseRegister([file(PAGE_1, edited), file(PAGE_2, second)])
		expect(after.domains.some((domain) => domain.hostname === 'crestspins.com')).toBe(false)
		expect(after.licences.map((licence) => licence.upstreamKey)).toEqual(
			parsed.licences.map((licence) => licence.upstreamKey).filter((key) => !key.includes('northshore'))
		)
	})

	test('a status column, if the list grows one, is kept verbatim', () => {
		const withStatus = first
			.replace('<th>Date Licensed</th>', '<th>Date Licensed</th><th>Status</th>')
			.replace('<td>March 14, 2024</td>', '<td>March 14, 2024</td><td>Suspended</td>')
		const licence = tgcAdapter.parseRegister([file(PAGE_1, withStatus)]).licences[0]!
		expect(licence.upstreamStatus).toBe('Suspended')
		expect(tgcAdapter.classify(licence.upstreamStatus, { licence, now }).status).toBe('suspended')
	})
})

describe('TGC status classification', () => {
	const licence = tgcAdapter.parseRegister([file(PAGE_1, first)]).licences[0]!
	const cases: [string | null, string][] = [
		[null, 'active'],
		['Valid', 'active'],
		['Active', 'active'],
		['Suspended', 'suspended'],
		['Revoked', 'revoked'],
		['Expired', 'expired'],
		['Lapsed', 'expired'],
		['Surrendered', 'surrendered'],
		['Pending', 'pending'],
		['INVALID', 'unknown'],
		['Under review', 'unknown']
	]
	for (const [wording, status] of cases) {
		test(`${wording === null ? 'no wording (listed)' : `"${wording}"`} is ${status}`, () =>
			expect(tgcAdapter.classify(wording, { licence, now })).toEqual({ status: status as never, qualifier: null }))
	}
})

describe('TGC malformed input', () => {
	test('a page without the licensee table is rejected as unexpected_format', () => {
		expect(
			rejection(() =>
				tgcAdapter.parseRegister([file(PAGE_1, '<!DOCTYPE html><html><body><h1>Licensees</h1><p>Coming soon.</p></body></html>')])
			).reason
		).toBe('unexpected_format')
	})
	test('a table with headers and no rows is rejected as empty', () => {
		expect(
			rejection(() => tgcAdapter.parseRegister([file(PAGE_1, first.replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>'))])).reason
		).toBe('empty')
	})
	test('a page cut off mid-table is rejected as truncated', () => {
		expect(rejection(() => tgcAdapter.parseRegister([file(PAGE_1, first.slice(0, first.indexOf('Maple Ember')))])).reason).toBe('truncated')
	})
	test('no file at all is rejected as empty', () => {
		expect(rejection(() => tgcAdapter.parseRegister([])).reason).toBe('empty')
	})
})

describe('TGC parser fuzz', () => {
	const seed = new TextEncoder().encode(first)
	test('mutated copies of the list give records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(damaged(seed), (bytes) =>
				expectRecordsOrParseError(() => tgcAdapter.parseRegister([{ url: PAGE_1, bytes, contentType: 'text/html' }]))
			),
			{ numRuns: 150 }
		)
	})
	test('discover() on mutated copies gives URLs or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(damaged(seed), (bytes) =>
				expectRecordsOrParseError(() => tgcAdapter.discover({ url: PAGE_1, bytes, contentType: 'text/html' }, 'register'))
			),
			{ numRuns: 100 }
		)
	})
	test('random input gives records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) =>
				expectRecordsOrParseError(() => tgcAdapter.parseRegister([{ url: PAGE_1, bytes, contentType: null }]))
			),
			{ numRuns: 200 }
		)
	})
})
