import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { RegisterParseError, type FetchedFile } from '../types.ts'
import { khAdapter } from './index.ts'
import { damagedBytes, expectRecordsOrParseError } from '../shared/test-support/fixture-files.ts'
import { markupInsertions } from './markup-insertions.ts'

const URL = 'https://gamingcommission.ca/interactive-gaming/permit-holders/'
const fixtureText = (name: string) => readFileSync(join(import.meta.dir, '../../fixtures/kh', name), 'utf8')
const page = (text: string): FetchedFile => ({ url: URL, bytes: new TextEncoder().encode(text), contentType: 'text/html; charset=UTF-8' })
const current = fixtureText('permit-holders.html')
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

describe('KH permit-holder page', () => {
	const parsed = khAdapter.parseRegister([page(current)])

	test('reads both CSPA holders as CSPA licences with minted KH/CSPA references', () => {
		const cspa = parsed.licences.filter((licence) => licence.referencePrefix === 'KH/CSPA')
		expect(cspa.map((licence) => [licence.upstreamKey, licence.referenceKey])).toEqual([
			['KH/CSPA/brightwater-reels-and-tables-inc', 'brightwater-reels-and-tables-inc'],
			['KH/CSPA/logiciels-helene-arcade-ltee', 'logiciels-helene-arcade-ltee']
		])
		expect(cspa[0]).toMatchObject({
			licenseNumber: null,
			upstreamStatus: null,
			licenseTypes: ['CSPA'],
			licenseCategory: 'b2b',
			coversWebsites: false
		})
		expect(parsed.entities.find((entity) => entity.upstreamId === 'logiciels-helene-arcade-ltee')?.legalName).toBe(
			'Logiciels Hélène-Arcade Ltée'
		)
	})

	test('reads one Interactive Gaming Permit per operator, however many URL rows it has', () => {
		const permits = parsed.licences.filter((licence) => licence.referencePrefix === 'KH/IG')
		expect(permits.map((licence) => licence.referenceKey)).toEqual([
			'northern-lantern-gaming-ltd',
			'3-102-936774-srl',
			'3-102-939256-srl',
			'cedar-crossing-entertainment-n-v',
			'mohawk-valley-interactive-corp',
			'riverbend-digital-ltd',
			'talon-peak-limited'
		])
		expect(permits[0]).toMatchObject({
			licenseNumber: null,
			licenseTypes: ['Interactive Gaming Permit'],
			licenseTypeRaw: 'OPERATOR',
			licenseCategory: 'remote',
			coversWebsites: true,
			issuedDate: null,
			expiryDate: null,
			raw: { listUpdated: '2023-09-28', name: 'Northern Lantern Gaming Ltd.' }
		})
	})

	test('reads every URL row as a domain of its operator permit: https, bare, www., paths and two hosts in one cell', () => {
		expect(parsed.domains.map((domain) => [domain.licenceKey, domain.upstreamValue, domain.hostname])).toEqual([
			['KH/IG/northern-lantern-gaming-ltd', 'https://www.lanternspins.com', 'www.lanternspins.com'],
			['KH/IG/northern-lantern-gaming-ltd', 'lanternbingo.net', 'lanternbingo.net'],
			['KH/IG/northern-lantern-gaming-ltd', 'www.lanternpoker.ca', 'www.lanternpoker.ca'],
			['KH/IG/3-102-939256-srl', 'zumoreel.com', 'zumoreel.com'],
			['KH/IG/cedar-crossing-entertainment-n-v', 'https://cedarcrossing.bet/en/casino', 'cedarcrossing.bet'],
			['KH/IG/mohawk-valley-interactive-corp', 'mvplay.com', 'mvplay.com'],
			['KH/IG/riverbend-digital-ltd', 'riverbendcasino.com', 'riverbendcasino.com'],
			['KH/IG/riverbend-digital-ltd', 'riverbendsports.com', 'riverbendsports.com'],
			['KH/IG/talon-peak-limited', 'https://talonpeak.io/', 'talonpeak.io']
		])
		expect(
			parsed.domains.every((domain) => domain.linkStatus === 'active' && domain.association === 'direct' && domain.verificationUrl === null)
		).toBe(true)
	})

	test('an operator with an empty URL cell is a permit holder with no domain, not an error', () => {
		expect(parsed.licences.some((licence) => licence.upstreamKey === 'KH/IG/3-102-936774-srl')).toBe(true)
		expect(parsed.domains.some((domain) => domain.entityId === '3-102-936774-srl')).toBe(false)
	})

	test('a duplicated URL row and a second path on the same host are merged with a warning', () => {
		expect(parsed.warnings).toEqual([
			'URL "cedarcrossing.bet/fr" of "Cedar Crossing Entertainment N.V." repeats a host already listed for it; merged',
			'URL "mvplay.com" of "Mohawk Valley Interactive Corp." repeats a host already listed for it; merged'
		])
	})

	test('the second snapshot drops the delisted URL and the departed operator and keeps every other key', () => {
		const after = khAdapter.parseRegister([page(fixtureText('permit-holders-after-delisting.html'))])
		expect(after.domains.some((domain) => domain.hostname === 'lanternbingo.net')).toBe(false)
		expect(after.domains.filter((domain) => domain.entityId === 'northern-lantern-gaming-ltd')).toHaveLength(2)
		expect(after.entities.some((entity) => entity.upstreamId === 'talon-peak-limited')).toBe(false)
		const before = parsed.licences.map((licence) => licence.upstreamKey).filter((key) => key !== 'KH/IG/talon-peak-limited')
		expect(after.licences.map((licence) => licence.upstreamKey)).toEqual(before)
	})

	test('references are the same on every read of the same page', () => {
		const again = khAdapter.parseRegister([page(current)])
		expect(again.licences.map((licence) => `${licence.referencePrefix}/${licence.referenceKey}`)).toEqual(
			parsed.licences.map((licence) => `${licence.referencePrefix}/${licence.referenceKey}`)
		)
	})

	test('a merged operator cell (rowspan) gives its URLs to the operator it spans', () => {
		const merged = current.replace(
			'<tr><td>Riverbend Digital Ltd.</td><td>riverbendcasino.com, riverbendsports.com</td></tr>',
			'<tr><td rowspan="2">Riverbend Digital Ltd.</td><td>riverbendcasino.com</td></tr>\n<tr><td>riverbendsports.com</td></tr>'
		)
		const domains = khAdapter.parseRegister([page(merged)]).domains.filter((domain) => domain.entityId === 'riverbend-digital-ltd')
		expect(domains.map((domain) => domain.hostname)).toEqual(['riverbendcasino.com', 'riverbendsports.com'])
	})

	test('an empty operator cell below an operator is read as that operator, with a warning', () => {
		const blank = current.replace(
			'<tr><td>Northern Lantern Gaming Ltd.</td><td>www.lanternpoker.ca</td></tr>',
			'<tr><td></td><td>www.lanternpoker.ca</td></tr>'
		)
		const result = khAdapter.parseRegister([page(blank)])
		expect(result.domains.find((domain) => domain.hostname === 'www.lanternpoker.ca')?.entityId).toBe('northern-lantern-gaming-ltd')
		expect(result.warnings).toContain('operator row 3 has an empty operator cell; read as "Northern Lantern Gaming Ltd."')
	})
})

describe('KH status classification', () => {
	const licence = khAdapter.parseRegister([page(current)]).licences[0]!
	test('being listed with no printed status is active (the page lists certified holders)', () => {
		expect(khAdapter.classify(null, { licence, now })).toEqual({ status: 'active', qualifier: null })
	})
	test('any printed wording is unknown, never active', () => {
		for (const wording of ['Active', 'Certified', 'Suspended', 'Revoked', '']) {
			expect(khAdapter.classify(wording, { licence, now }).status).toBe('unknown')
		}
	})
})

describe('KH malformed input', () => {
	test('empty bytes are rejected as empty', () => {
		expect(rejection(() => khAdapter.parseRegister([{ url: URL, bytes: new Uint8Array(), contentType: 'text/html' }])).reason).toBe('empty')
		expect(rejection(() => khAdapter.parseRegister([])).reason).toBe('empty')
	})
	test('a page cut off before </html> is rejected as truncated', () => {
		expect(rejection(() => khAdapter.parseRegister([page(current.slice(0, current.indexOf('Cedar Crossing')))])).reason).toBe('truncated')
	})
	test('a page without the OPERATOR | URL table is rejected as unexpected_format', () => {
		expect(rejection(() => khAdapter.parseRegister([page('<html><body><p>Maintenance</p></body></html>')])).reason).toBe(
			'unexpected_format'
		)
	})
	test('a permit-holder table whose columns moved or were renamed is rejected as unexpected_format, not read by position', () => {
		const swapped = current.replace(
			/<td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g,
			(_row, name: string, url: string) => `<td>${url}</td><td>${name}</td></tr>`
		)
		const moved = swapped.replace('<th>OPERATOR</th><th>URL</th>', '<th>URL</th><th>OPERATOR</th>')
		const renamed = current.replace('<th>OPERATOR</th><th>URL</th>', '<th>LICENSEE</th><th>WEBSITE</th>')
		expect(rejection(() => khAdapter.parseRegister([page(moved)])).reason).toBe('unexpected_format')
		expect(rejection(() => khAdapter.parseRegister([page(renamed)])).reason).toBe('unexpected_format')
	})
	test('JSON served in place of the page is rejected as unexpected_format', () => {
		expect(rejection(() => khAdapter.parseRegister([page('{"error":"rate limited"}')])).reason).toBe('unexpected_format')
	})
	test('an operator table with a header and no rows is rejected as empty', () => {
		const noRows = current.replace(/<tbody>\n<tr><td>Northern[\s\S]*?<\/tbody>/, '<tbody></tbody>')
		expect(rejection(() => khAdapter.parseRegister([page(noRows)])).reason).toBe('empty')
	})
	test('bytes that are not UTF-8 are rejected as encoding', () => {
		expect(
			rejection(() => khAdapter.parseRegister([{ url: URL, bytes: new Uint8Array([0x3c, 0x68, 0xff, 0xfe]), contentType: null }])).reason
		).toBe('encoding')
	})
})

describe('KH parser fuzz', () => {
	const seed = new TextEncoder().encode(current)
	test('mutated copies of the page give records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(damaged(seed), (bytes) =>
				expectRecordsOrParseError(() => khAdapter.parseRegister([{ url: URL, bytes, contentType: 'text/html' }]))
			),
			{ numRuns: 150 }
		)
	})
	test('random input gives records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) =>
				expectRecordsOrParseError(() => khAdapter.parseRegister([{ url: URL, bytes, contentType: 'text/html' }]))
			),
			{ numRuns: 200 }
		)
	})
})
