import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { markupInsertions } from '../kh/markup-insertions.ts'
import { damagedBytes, expectRecordsOrParseError } from '../shared/test-support/fixture-files.ts'
import { RegisterParseError, type FetchedFile } from '../types.ts'
import { iomAdapter } from './index.ts'

const PAGE_URL = 'https://www.isleofmangsc.com/gambling/supervision/online-gambling-licensee-register/'
const LIST_URL = 'https://www.isleofmangsc.com/media/2304/26-10-02-current-ogra-licence-holders.xlsx'
const OLD_LIST_URL = 'https://www.isleofmangsc.com/media/2210/26-06-01-current-ogra-licence-holders.xlsx'
const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dir, '../../fixtures/iom', name)))
const pageText = new TextDecoder().decode(fixture('online-gambling-licensee-register.html'))
const page = (text = pageText): FetchedFile => ({
	url: PAGE_URL,
	bytes: new TextEncoder().encode(text),
	contentType: 'text/html; charset=utf-8'
})
const list = (): FetchedFile => ({
	url: LIST_URL,
	bytes: fixture('26-10-02-current-ogra-licence-holders.xlsx'),
	contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
})
const oldList = (): FetchedFile => ({ url: OLD_LIST_URL, bytes: fixture('26-06-01-current-ogra-licence-holders.xlsx'), contentType: null })
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

describe('IOM entries listed twice', () => {
	test('two entries of one licence that disagree on its status give the same status whichever comes first', () => {
		const start = pageText.indexOf('<li>', pageText.indexOf('<ul class="accordion">'))
		const end = pageText.indexOf('</li>', start) + '</li>'.length
		const entry = pageText.slice(start, end)
		const suspended = entry.replace('<td>Active</td>', '<td>Suspended</td>')
		const statusWith = (order: 'suspended first' | 'active first') => {
			const entries = order === 'suspended first' ? suspended + entry : entry + suspended
			const parsed = iomAdapter.parseRegister([page(pageText.slice(0, start) + entries + pageText.slice(end))])
			return parsed.licences.find((licence) => licence.raw.companyName === 'Ravenscliff Gaming Limited')?.upstreamStatus
		}
		expect(statusWith('active first')).toBe('Suspended')
		expect(statusWith('suspended first')).toBe('Suspended')
	})
})

describe('IOM register page', () => {
	const parsed = iomAdapter.parseRegister([page()])
	const licence = (key: string) => parsed.licences.find((item) => item.upstreamKey === key)!

	test('reads one licence per accordion entry with verbatim status, type and both date styles', () => {
		expect(
			parsed.licences.map((item) => [item.upstreamKey, item.upstreamStatus, item.licenseTypes.join('+'), item.issuedDate, item.expiryDate])
		).toEqual([
			['IOM/OGRA/ravenscliff-gaming/full', 'Active', 'Full', '2019-07-24', null],
			['IOM/OGRA/tern-network-services/network-services', 'Suspended (2 October 2026)', 'Network Services', '2025-05-08', null],
			['IOM/OGRA/manx-loop-software/software-supply', 'Active', 'Software Supply', '2021-03-15', null],
			['IOM/OGRA/brighttide/full', 'Active', 'Full', '2023-01-12', null],
			['IOM/OGRA/cobalt-nine/full', 'Active', 'Full', '2020-11-02', null],
			['IOM/OGRA/cobalt-nine/network-services', 'Suspended (02/10/2026)', 'Network Services', '2022-04-19', null],
			['IOM/OGRA/glenfaba-interactive/full', 'Active', 'Full', '2025-05-08', '2030-05-07'],
			['IOM/OGRA/sulby-tech/software-supply', 'Active', 'Software Supply', '2024-02-29', null]
		])
	})

	test('publishes no number: every licence carries the IOM/OGRA prefix and its company key', () => {
		expect(licence('IOM/OGRA/cobalt-nine/network-services')).toMatchObject({
			licenseNumber: null,
			referencePrefix: 'IOM/OGRA',
			referenceKey: 'cobalt-nine'
		})
		expect(parsed.licences.every((item) => item.licenseNumber === null && item.referencePrefix === 'IOM/OGRA')).toBe(true)
	})

	test('Full is remote and covers websites; Network Services and Software Supply are ancillary', () => {
		expect(licence('IOM/OGRA/brighttide/full')).toMatchObject({
			licenseTypeRaw: 'Full Licence',
			licenseCategory: 'remote',
			coversWebsites: true
		})
		expect(licence('IOM/OGRA/tern-network-services/network-services')).toMatchObject({
			licenseCategory: 'ancillary',
			coversWebsites: false
		})
		expect(licence('IOM/OGRA/manx-loop-software/software-supply')).toMatchObject({ licenseCategory: 'ancillary', coversWebsites: false })
	})

	test('one company with two entries is one entity with two licences', () => {
		expect(parsed.entities.filter((entity) => entity.upstreamId === 'cobalt-nine')).toEqual([
			{ upstreamId: 'cobalt-nine', legalName: 'Cobalt Nine Limited', country: 'IM', tradingNames: [], sourceIndex: 0 }
		])
		expect(parsed.licences.filter((item) => item.entityId === 'cobalt-nine')).toHaveLength(2)
	})

	test('domain cells: anchors (text over href), plain text after a dash, NBSP-separated names; "-", "–" and NBSP mean none', () => {
		expect(parsed.domains.map((domain) => [domain.licenceKey, domain.upstreamValue, domain.hostname])).toEqual([
			['IOM/OGRA/ravenscliff-gaming/full', 'ravenscliffcasino.com', 'ravenscliffcasino.com'],
			['IOM/OGRA/ravenscliff-gaming/full', 'ravenscliffpoker.com', 'ravenscliffpoker.com'],
			['IOM/OGRA/ravenscliff-gaming/full', 'www.ravenscliffbet.com', 'www.ravenscliffbet.com'],
			['IOM/OGRA/ravenscliff-gaming/full', 'ravenscliffbingo.im', 'ravenscliffbingo.im'],
			['IOM/OGRA/brighttide/full', 'brighttide.im', 'brighttide.im'],
			['IOM/OGRA/brighttide/full', 'brighttidelive.com', 'brighttidelive.com'],
			['IOM/OGRA/cobalt-nine/full', 'cobalt9.com', 'cobalt9.com'],
			['IOM/OGRA/glenfaba-interactive/full', 'glenfabaplay.com', 'glenfabaplay.com'],
			['IOM/OGRA/glenfaba-interactive/full', 'glenfabaslots.com', 'glenfabaslots.com']
		])
		expect(parsed.warnings).toEqual([])
	})

	test('the dated status and the page date are kept in raw', () => {
		expect(licence('IOM/OGRA/tern-network-services/network-services').raw).toMatchObject({
			statusDate: '2026-10-02',
			licenceValidTo: 'Current',
			pageUpdated: '2026-09-16'
		})
		expect(licence('IOM/OGRA/cobalt-nine/network-services').raw.statusDate).toBe('2026-10-02')
	})

	test('a removed entry, a delisted domain and a Cancelled licence read as such; other keys stay', () => {
		const edited = pageText
			.replace(/\t<li>\n\t\t<a class="faq_title" href="#"><span class="container">Sulby Tech Ltd[\s\S]*?<\/li>\n/, '')
			.replace(', glenfabaslots.com', '')
			.replace('<td>Suspended (2 October 2026)</td>', '<td>Cancelled (30 September 2026)</td>')
		const after = iomAdapter.parseRegister([page(edited)])
		expect(after.licences.map((item) => item.upstreamKey)).toEqual(
			parsed.licences.map((item) => item.upstreamKey).filter((key) => !key.includes('sulby'))
		)
		expect(after.domains.some((domain) => domain.hostname === 'glenfabaslots.com')).toBe(false)
		const cancelled = after.licences.find((item) => item.upstreamKey === 'IOM/OGRA/tern-network-services/network-services')!
		expect(cancelled.upstreamStatus).toBe('Cancelled (30 September 2026)')
		expect(iomAdapter.classify(cancelled.upstreamStatus, { licence: cancelled, now }).status).toBe('revoked')
	})

	test('an unknown licence type is kept verbatim as an "other" category with a warning', () => {
		const after = iomAdapter.parseRegister([page(pageText.replace('<td>Software Supply</td>', '<td>Test Licence</td>'))])
		expect(after.licences.find((item) => item.entityId === 'manx-loop-software')).toMatchObject({
			upstreamKey: 'IOM/OGRA/manx-loop-software/test-licence',
			licenseTypes: ['Test Licence'],
			licenseCategory: 'other',
			coversWebsites: false
		})
		expect(after.warnings).toContain('Manx Loop Software Limited: licence type "Test Licence" is not in the IOM vocabulary')
	})

	test('company keys are stable across reads and distinct for distinct companies', () => {
		const again = iomAdapter.parseRegister([page()])
		expect(again.licences.map((item) => item.referenceKey)).toEqual(parsed.licences.map((item) => item.referenceKey))
		expect(new Set(parsed.entities.map((entity) => entity.upstreamId)).size).toBe(parsed.entities.length)
	})
})

describe('IOM holder-list XLSX', () => {
	test('discover() picks the newest dated XLSX the page links to', () => {
		expect(iomAdapter.discover(page(), 'register')).toEqual([LIST_URL])
		expect(iomAdapter.discover(page(), 'enforcement')).toEqual([])
	})

	test('discover() on a page that links only an older XLSX returns that one', () => {
		const older = new TextDecoder().decode(fixture('online-gambling-licensee-register-older-xlsx.html'))
		expect(iomAdapter.discover(page(older), 'register')).toEqual([OLD_LIST_URL])
	})

	test('the XLSX is matched to the page despite different spellings, and adds the holder the page lacks', () => {
		const parsed = iomAdapter.parseRegister([page(), list()])
		expect(parsed.licences.find((item) => item.upstreamKey === 'IOM/OGRA/brighttide/full')?.raw.xlsx).toEqual({
			name: 'Brighttide Limited',
			firmStatus: 'Active',
			initialLicenceDate: '2023-01-12',
			licenceType: 'Full',
			file: LIST_URL,
			row: 5
		})
		expect(parsed.licences.find((item) => item.upstreamKey === 'IOM/OGRA/ballaugh-games/full')).toMatchObject({
			upstreamStatus: 'Active',
			issuedDate: '2026-09-30',
			licenseTypes: ['Full'],
			sourceIndex: 1
		})
		expect(parsed.entities).toHaveLength(8)
		expect(parsed.warnings).toEqual([
			'the XLSX spells "BrightTide Limited" as "Brighttide Limited"',
			'the XLSX spells "Cobalt Nine Limited" as "Cobalt Nine"',
			'the XLSX spells "Cobalt Nine Limited" as "Cobalt Nine"',
			'IOM/OGRA/ballaugh-games/full is listed in the XLSX only'
		])
	})

	test('an older XLSX is flagged as older than the page, and its disagreements are warnings, the page wins', () => {
		const parsed = iomAdapter.parseRegister([page(), oldList()])
		expect(parsed.warnings).toContain('the holder list (2026-06-01) is older than the page (updated 2026-09-16)')
		expect(parsed.warnings).toContain(
			'IOM/OGRA/tern-network-services/network-services: page status "Suspended (2 October 2026)" differs from XLSX firm status "Active"; the page is kept'
		)
		expect(parsed.warnings).toContain('IOM/OGRA/sulby-tech/software-supply is on the page but not in the XLSX')
		expect(parsed.licences.find((item) => item.upstreamKey === 'IOM/OGRA/tern-network-services/network-services')?.upstreamStatus).toBe(
			'Suspended (2 October 2026)'
		)
	})

	test('given both lists, only the newest is read', () => {
		const parsed = iomAdapter.parseRegister([page(), oldList(), list()])
		expect(parsed.warnings).toContain(`older holder list ${OLD_LIST_URL} ignored`)
		expect(parsed.licences.some((item) => item.upstreamKey === 'IOM/OGRA/ballaugh-games/full')).toBe(true)
	})

	test('the XLSX alone yields its holders without domains', () => {
		const parsed = iomAdapter.parseRegister([list()])
		expect(parsed.licences).toHaveLength(9)
		expect(parsed.domains).toEqual([])
		expect(parsed.licences.find((item) => item.upstreamKey === 'IOM/OGRA/glenfaba-interactive/full')).toMatchObject({
			licenseTypeRaw: 'Full Licence',
			issuedDate: '2025-05-08'
		})
	})
})

describe('IOM status classification', () => {
	const licence = iomAdapter.parseRegister([page()]).licences[0]!
	const cases: [string | null, string][] = [
		['Active', 'active'],
		['Suspended (2 October 2026)', 'suspended'],
		['Suspended (02/10/2026)', 'suspended'],
		['Suspended', 'suspended'],
		['Cancelled', 'revoked'],
		['Cancelled (30 September 2026)', 'revoked'],
		['Revoked', 'revoked'],
		['Surrendered', 'surrendered'],
		['Expired', 'expired'],
		['Lapsed', 'expired'],
		['Pending', 'pending'],
		['Active (under review)', 'unknown'],
		['Current', 'unknown'],
		[null, 'unknown']
	]
	for (const [wording, status] of cases) {
		test(`${wording === null ? 'no wording' : `"${wording}"`} is ${status}`, () =>
			expect(iomAdapter.classify(wording, { licence, now })).toEqual({ status: status as never, qualifier: null }))
	}
})

describe('IOM malformed input', () => {
	test('a page without the accordion is rejected as unexpected_format', () => {
		expect(
			rejection(() =>
				iomAdapter.parseRegister([page('<!DOCTYPE html><html><body><h1>Online Gambling Licensee Register</h1></body></html>')])
			).reason
		).toBe('unexpected_format')
	})
	test('an empty accordion is rejected as empty', () => {
		expect(
			rejection(() =>
				iomAdapter.parseRegister([page(pageText.replace(/<ul class="accordion">[\s\S]*?\n<\/ul>/, '<ul class="accordion"></ul>'))])
			).reason
		).toBe('empty')
	})
	test('a page cut off mid-accordion is rejected as truncated', () => {
		expect(rejection(() => iomAdapter.parseRegister([page(pageText.slice(0, pageText.indexOf('Cobalt Nine')))])).reason).toBe('truncated')
	})
	test('an XLSX cut in half is rejected as truncated', () => {
		const bytes = list().bytes
		expect(
			rejection(() => iomAdapter.parseRegister([{ url: LIST_URL, bytes: bytes.slice(0, bytes.length >> 1), contentType: null }])).reason
		).toBe('truncated')
	})
	test('no file is rejected as empty', () => {
		expect(rejection(() => iomAdapter.parseRegister([])).reason).toBe('empty')
	})
})

describe('IOM parser fuzz', () => {
	test('mutated copies of the page give records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(damaged(page().bytes), (bytes) =>
				expectRecordsOrParseError(() => iomAdapter.parseRegister([{ url: PAGE_URL, bytes, contentType: 'text/html' }]))
			),
			{ numRuns: 150 }
		)
	})
	test('mutated copies of the XLSX give records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(damaged(list().bytes), (bytes) =>
				expectRecordsOrParseError(() => iomAdapter.parseRegister([page(), { url: LIST_URL, bytes, contentType: null }]))
			),
			{ numRuns: 150 }
		)
	})
	test('random input, as a page or after a ZIP signature, gives records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 512 }), fc.boolean(), (bytes, asZip) => {
				const input = asZip ? new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes]) : bytes
				return expectRecordsOrParseError(() => iomAdapter.parseRegister([{ url: LIST_URL, bytes: input, contentType: null }]))
			}),
			{ numRuns: 200 }
		)
	})
})
