import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { markupInsertions } from '../kh/markup-insertions.ts'
import { damagedBytes, expectRecordsOrParseError } from '../shared/test-support/fixture-files.ts'
import { RegisterParseError, type FetchedFile } from '../types.ts'
import { anAdapter } from './index.ts'

const URL = 'https://anjouangaming.com/license-register/'
const fixtureText = (name: string) => readFileSync(join(import.meta.dir, '../../fixtures/an', name), 'utf8')
const page = (text: string): FetchedFile => ({ url: URL, bytes: new TextEncoder().encode(text), contentType: 'text/html; charset=UTF-8' })
const current = fixtureText('license-register.html')
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

/** The fixture with its embedded JSON records rewritten. */
function withRecords(edit: (records: Record<string, unknown>[]) => unknown): string {
	const match = /(<script type="application\/json" id="ag-licence-data">)([\s\S]*?)(<\/script>)/.exec(current)!
	const records = JSON.parse(match[2]!) as Record<string, unknown>[]
	return current.replace(match[0], `${match[1]}${JSON.stringify(edit(records))}${match[3]}`)
}

describe('AN licence register', () => {
	const parsed = anAdapter.parseRegister([page(current)])
	const licence = (number: string) => parsed.licences.find((item) => item.upstreamKey === number)!

	test('reads all nine records with their printed numbers, statuses, types and dates', () => {
		expect(
			parsed.licences.map((item) => [
				item.licenseNumber,
				item.upstreamStatus,
				item.licenseTypes.join('+'),
				item.issuedDate,
				item.expiryDate
			])
		).toEqual([
			['ALSI-202607032-FI2', 'valid', 'B2C', '2026-07-31', '2027-07-30'],
			['ALSI-202603011-FI1', 'valid', 'B2B', '2026-03-14', '2027-03-13'],
			['ALSI-202511018-FI1', 'suspended', 'B2C', '2026-06-30', '2027-06-29'],
			['ALSI-202402005-FI1', 'revoked', 'B2C', '2024-02-20', '2025-02-19'],
			['ALSI-202408021-FI2', 'expired', 'B2C', '2024-08-30', '2025-08-29'],
			['ALSI-202605007-FI1', 'valid', 'B2C', '2026-05-12', '2027-05-11'],
			['ALSI-202609014-FI2', 'valid', 'B2C', '2026-09-18', '2027-09-17'],
			['ALSI-202604019-FI1', 'valid', 'B2B', '2026-04-22', '2027-04-21'],
			['ALSI-202608026-FI1', 'valid', 'White Labeling', '2026-08-05', '2027-08-04']
		])
	})

	test('B2C and white label cover websites as remote licences; B2B does not', () => {
		expect(licence('ALSI-202607032-FI2')).toMatchObject({
			licenseCategory: 'remote',
			coversWebsites: true,
			licenseTypeRaw: 'b2c',
			referencePrefix: null,
			referenceKey: null
		})
		expect(licence('ALSI-202603011-FI1')).toMatchObject({ licenseCategory: 'b2b', coversWebsites: false })
		expect(licence('ALSI-202608026-FI1')).toMatchObject({ licenseCategory: 'remote', coversWebsites: true, licenseTypeRaw: 'white label' })
	})

	test('splits "a, www.b, c" domain strings, trimming before anything else', () => {
		expect(
			parsed.domains.filter((domain) => domain.licenceKey === 'ALSI-202607032-FI2').map((domain) => [domain.upstreamValue, domain.hostname])
		).toEqual([
			['fernspin.com', 'fernspin.com'],
			['www.fernbet.com', 'www.fernbet.com'],
			['fernlive.io', 'fernlive.io']
		])
	})

	test('two licences of one company share one entity', () => {
		expect(parsed.entities).toHaveLength(8)
		expect(parsed.licences.filter((item) => item.entityId === '3-102-965384-limitada').map((item) => item.upstreamKey)).toEqual([
			'ALSI-202605007-FI1',
			'ALSI-202609014-FI2'
		])
	})

	test('a domain under two numbers stays with the newest issued licence, with a warning', () => {
		expect(parsed.domains.filter((domain) => domain.hostname === 'pumaplay.com').map((domain) => domain.licenceKey)).toEqual([
			'ALSI-202609014-FI2'
		])
		expect(parsed.domains.filter((domain) => domain.licenceKey === 'ALSI-202605007-FI1').map((domain) => domain.hostname)).toEqual([
			'pumabet.net'
		])
		expect(parsed.warnings).toEqual([
			'pumaplay.com is listed under ALSI-202605007-FI1 and ALSI-202609014-FI2; kept under ALSI-202609014-FI2 (newest issued), not ALSI-202605007-FI1'
		])
	})

	test('an empty domains string is a licence without domains', () => {
		expect(licence('ALSI-202604019-FI1')).toBeDefined()
		expect(parsed.domains.some((domain) => domain.licenceKey === 'ALSI-202604019-FI1')).toBe(false)
	})

	test('domains of a white-label licence are white_label associations; others are direct', () => {
		expect(parsed.domains.find((domain) => domain.hostname === 'novacrestslots.com')).toMatchObject({
			association: 'white_label',
			upstreamValue: 'https://novacrestslots.com/'
		})
		expect(parsed.domains.find((domain) => domain.hostname === 'orbitstack.tech')?.association).toBe('direct')
	})

	test('a removed record and a removed domain disappear from the parse; the rest keep their keys', () => {
		const edited = withRecords((records) =>
			records
				.filter((record) => record.number !== 'ALSI-202408021-FI2')
				.map((record) => (record.number === 'ALSI-202511018-FI1' ? { ...record, domains: 'kestrelplay.com' } : record))
		)
		const after = anAdapter.parseRegister([page(edited)])
		expect(after.licences.map((item) => item.upstreamKey)).toEqual(
			parsed.licences.map((item) => item.upstreamKey).filter((key) => key !== 'ALSI-202408021-FI2')
		)
		expect(after.domains.filter((domain) => domain.licenceKey === 'ALSI-202511018-FI1').map((domain) => domain.hostname)).toEqual([
			'kestrelplay.com'
		])
	})

	test('an unparseable date is kept raw with a warning, and a capitalised status or type still reads', () => {
		const edited = withRecords((records) =>
			records.map((record) =>
				record.number === 'ALSI-202603011-FI1' ? { ...record, status: 'Valid', type: 'B2B', expiry: '31/02/2027' } : record
			)
		)
		const after = anAdapter.parseRegister([page(edited)])
		const item = after.licences.find((entry) => entry.upstreamKey === 'ALSI-202603011-FI1')!
		expect(item).toMatchObject({ upstreamStatus: 'Valid', licenseTypes: ['B2B'], expiryDate: null, raw: { expiry: '31/02/2027' } })
		expect(after.warnings).toContain('ALSI-202603011-FI1: expiry "31/02/2027" is not a date; kept raw')
		expect(anAdapter.classify(item.upstreamStatus, { licence: item, now }).status).toBe('active')
	})

	test('an unknown status wording is kept verbatim and classifies as unknown, never active', () => {
		const after = anAdapter.parseRegister([
			page(
				withRecords((records) =>
					records.map((record) => (record.number === 'ALSI-202607032-FI2' ? { ...record, status: 'under investigation' } : record))
				)
			)
		])
		const item = after.licences.find((entry) => entry.upstreamKey === 'ALSI-202607032-FI2')!
		expect(item.upstreamStatus).toBe('under investigation')
		expect(anAdapter.classify(item.upstreamStatus, { licence: item, now })).toEqual({ status: 'unknown', qualifier: null })
	})

	test('records wrapped in an object under "records" read the same as a bare array', () => {
		const wrapped = anAdapter.parseRegister([page(withRecords((records) => ({ updated: '2026-10-02', records })))])
		expect(wrapped.licences.map((item) => item.upstreamKey)).toEqual(parsed.licences.map((item) => item.upstreamKey))
	})
})

describe('AN status classification', () => {
	const licence = anAdapter.parseRegister([page(current)]).licences[0]!
	const cases: [string | null, string][] = [
		['valid', 'active'],
		['VALID', 'active'],
		['suspended', 'suspended'],
		['revoked', 'revoked'],
		['expired', 'expired'],
		['lapsed', 'expired'],
		['surrendered', 'surrendered'],
		['pending', 'pending'],
		['under review', 'unknown'],
		['active?', 'unknown'],
		[null, 'unknown']
	]
	for (const [wording, status] of cases) {
		test(`"${wording}" is ${status}`, () =>
			expect(anAdapter.classify(wording, { licence, now })).toEqual({ status: status as never, qualifier: null }))
	}
})

describe('AN malformed input', () => {
	test('the page without its ag-licence-data script is rejected as unexpected_format', () => {
		expect(rejection(() => anAdapter.parseRegister([page(fixtureText('license-register-without-data.html'))])).reason).toBe(
			'unexpected_format'
		)
	})
	test('broken JSON in the script is rejected as malformed', () => {
		expect(rejection(() => anAdapter.parseRegister([page(current.replace('"company":"Orbit', '"company":Orbit'))])).reason).toBe(
			'malformed'
		)
	})
	test('an empty record array is rejected as empty', () => {
		expect(rejection(() => anAdapter.parseRegister([page(withRecords(() => []))])).reason).toBe('empty')
	})
	test('JSON that is not a list of records is rejected as unexpected_format', () => {
		expect(rejection(() => anAdapter.parseRegister([page(withRecords(() => ({ error: 'maintenance' })))])).reason).toBe('unexpected_format')
		expect(rejection(() => anAdapter.parseRegister([page(withRecords(() => [1, 'two', null]))])).reason).toBe('unexpected_format')
	})
	test('records whose status or number field was renamed are rejected as unexpected_format, not read as unknown or unnumbered', () => {
		const renamed = (from: string, to: string) =>
			withRecords((records) => records.map(({ [from]: value, ...rest }) => ({ ...rest, [to]: value })))
		expect(rejection(() => anAdapter.parseRegister([page(renamed('status', 'state'))])).reason).toBe('unexpected_format')
		expect(rejection(() => anAdapter.parseRegister([page(renamed('number', 'licence_no'))])).reason).toBe('unexpected_format')
	})
	test('a licence listed twice with different statuses gives the same status whichever record comes first', () => {
		const twice = (order: 'revoked first' | 'valid first') =>
			withRecords((records) => {
				const revoked = { ...records[0], status: 'revoked' }
				return order === 'revoked first' ? [revoked, ...records] : [...records, revoked]
			})
		const statusOf = (order: 'revoked first' | 'valid first') =>
			anAdapter.parseRegister([page(twice(order))]).licences.find((l) => l.upstreamKey === 'ALSI-202607032-FI2')?.upstreamStatus
		expect(statusOf('valid first')).toBe('revoked')
		expect(statusOf('revoked first')).toBe('revoked')
	})
	test('a page cut off inside the JSON is rejected as truncated', () => {
		expect(rejection(() => anAdapter.parseRegister([page(current.slice(0, current.indexOf('Harbour Light')))])).reason).toBe('truncated')
	})
	test('empty bytes are rejected as empty', () => {
		expect(rejection(() => anAdapter.parseRegister([{ url: URL, bytes: new Uint8Array(), contentType: null }])).reason).toBe('empty')
	})
})

describe('AN parser fuzz', () => {
	const seed = new TextEncoder().encode(current)
	test('mutated copies of the page give records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(damaged(seed), (bytes) =>
				expectRecordsOrParseError(() => anAdapter.parseRegister([{ url: URL, bytes, contentType: 'text/html' }]))
			),
			{ numRuns: 200 }
		)
	})
	test('random JSON in the data script gives records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(fc.jsonValue(), (value) => expectRecordsOrParseError(() => anAdapter.parseRegister([page(withRecords(() => value))]))),
			{ numRuns: 200 }
		)
	})
	test('random input gives records or a RegisterParseError, nothing else', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) =>
				expectRecordsOrParseError(() => anAdapter.parseRegister([{ url: URL, bytes, contentType: null }]))
			),
			{ numRuns: 200 }
		)
	})
})
