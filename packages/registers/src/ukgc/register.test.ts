import { describe, expect, test } from 'bun:test'
import type { FetchedFile, ParsedLicence } from '../types.ts'
import { fixtureFile, fixtureText, textFile } from '../shared/test-support/fixture-files.ts'
import { ukgcAdapter } from './index.ts'

const base = 'https://www.gamblingcommission.gov.uk/downloads/'
const KINDS = ['businesses', 'licences', 'trading-names', 'domain-names'] as const
type Kind = (typeof KINDS)[number]
const name = (kind: Kind) => `business-licence-register-${kind}.csv`

function files(edits: Partial<Record<Kind, (text: string) => string>> = {}): FetchedFile[] {
	return KINDS.map((kind) => {
		const edit = edits[kind]
		return edit
			? textFile(edit(fixtureText(`ukgc/${name(kind)}`)), base + name(kind), 'text/csv')
			: fixtureFile(`ukgc/${name(kind)}`, base + name(kind), 'text/csv')
	})
}

const parsed = ukgcAdapter.parseRegister(files())
const licence = (key: string) => parsed.licences.find((l) => l.upstreamKey === key) as ParsedLicence

describe('UKGC register fixture', () => {
	test('entities join across files on the account number without zero padding', () => {
		expect(parsed.entities.map((e) => [e.upstreamId, e.legalName])).toEqual([
			['39011', 'Kestrel Interactive Limited'],
			['102', 'Firstplay Bingo Halls Ltd'],
			['45235', 'Harbour, Vale & Co. Betting Limited'],
			['41200', "O'Rourke's Lottery Services Ltd"],
			['55149', 'Copperleaf Gaming Ltd'],
			['48801', 'Northlight Media Limited'],
			['39326', 'Tollgate Leisure Ltd'],
			['39439', 'Saltmarsh Gaming Limited'],
			['47000', 'Bramblecourt Betting Ltd'],
			['50210', 'Dormant Ventures Limited'],
			['39265', 'Quayside Amusements Limited']
		])
		expect(parsed.entities[0]?.tradingNames).toEqual([
			{ name: 'KestrelBet', status: 'Active' },
			{ name: 'Kestrel Casino', status: 'Inactive' }
		])
	})

	test('licence × activity rows merge into one licence keyed by the number without its version', () => {
		const kestrel = licence('039011-R-319371')
		expect(kestrel).toMatchObject({
			entityId: '39011',
			licenseNumber: '039011-R-319371-004',
			upstreamStatus: 'Active',
			licenseTypes: ['Remote'],
			licenseCategory: 'remote',
			coversWebsites: true,
			issuedDate: '2002-02-03',
			expiryDate: null
		})
		expect(kestrel.raw.activities).toEqual(['Casino', 'Bingo', 'General Betting Standard - Real Event'])
		expect(parsed.warnings).toContain(
			'licences row 5: duplicate row for 039011-R-319371-004 / General Betting Standard - Real Event, merged'
		)
		expect(parsed.licences).toHaveLength(12)
	})

	test('every status wording in the fixture is kept verbatim with its dates', () => {
		const rows = parsed.licences.map((l) => [l.licenseNumber, l.upstreamStatus, l.issuedDate, l.expiryDate])
		expect(rows).toEqual([
			['039011-R-319371-004', 'Active', '2002-02-03', null],
			['000102-N-317976-010', 'Active', '2026-04-14', null],
			['000102-N-000000-000', 'Pending', null, null],
			['041200-R-320455-003', 'Surrendered', '2019-06-01', '2026-03-31'],
			['045235-R-324169-008', 'Revoked', '2021-09-15', '2026-08-02'],
			['048801-R-325710-001', 'Revoked - Non Payment of Fee', '2022-12-01', '2026-07-17'],
			['039326-R-319358-059', 'Lapsed', '2018-01-10', null],
			['039439-R-319330-012', 'Forfeited', '2017-05-22', '2026-01-09'],
			['055149-R-331499-002', 'Suspended', '2023-02-27', null],
			['039265-A-319417-009', 'Active', '2010-10-01', null],
			['039265-N-319416-009', 'Active', '2010-10-01', null],
			['047000-R-322000-003', 'Expired', '2020-02-01', '2025-02-01']
		])
	})

	test('Non-Remote licences do not cover websites; Ancillary Remote is category ancillary and does not either', () => {
		expect(licence('000102-N-317976')).toMatchObject({ licenseCategory: 'non-remote', coversWebsites: false })
		expect(licence('039265-A-319417')).toMatchObject({
			licenseTypes: ['Ancillary Remote'],
			licenseCategory: 'ancillary',
			coversWebsites: false
		})
	})

	test('a ragged row missing its last column still gives the activity', () => {
		expect(licence('055149-R-331499').raw.activities).toEqual(['Casino', 'General Betting Standard - Virtual Event'])
	})

	test('domains hang off the account with link status and association from the Status column', () => {
		const rows = parsed.domains.map((d) => [d.entityId, d.hostname, d.linkStatus, d.association, d.licenceKey])
		expect(rows).toEqual([
			['39011', 'kestrelbet.co.uk', 'active', 'direct', null],
			['39011', 'www.kestrelcasino.com', 'active', 'direct', null],
			['39011', 'kestrel-partner.com', 'active', 'white_label', null],
			['39011', 'oldkestrel.com', 'delisted', 'direct', null],
			['39011', 'kestrelbingo.co.uk', 'active', 'direct', null],
			['39011', 'www.kestrelbet.co.uk', 'active', 'direct', null],
			['39011', 'www.kestrelbet.com', 'active', 'direct', null],
			['39265', 'sharedwidgets.com', 'active', 'white_label', null],
			['45235', 'sharedwidgets.com', 'active', 'direct', null],
			['45235', 'harbourvale.bet', 'active', 'direct', null],
			['102', 'firstplaybingo.co.uk', 'active', 'direct', null]
		])
		expect(parsed.domains[1]?.upstreamValue).toBe('https://www.kestrelcasino.com/uk')
		expect(parsed.domains[4]?.upstreamValue).toBe('\u200bkestrelbingo.co.uk')
	})
})

describe('UKGC register edited copies', () => {
	test('a licence removed from the licences file is absent and nothing else changes', () => {
		const edited = ukgcAdapter.parseRegister(files({ licences: (t) => t.replace(/"047000".*\r\n/, '') }))
		expect(edited.licences.map((l) => l.upstreamKey)).not.toContain('047000-R-322000')
		expect(edited.licences).toHaveLength(parsed.licences.length - 1)
	})

	test('a domain turned Inactive is delisted', () => {
		const edited = ukgcAdapter.parseRegister(
			files({ 'domain-names': (t) => t.replace('"firstplaybingo.co.uk","Active"', '"firstplaybingo.co.uk","Inactive"') })
		)
		expect(edited.domains.find((d) => d.hostname === 'firstplaybingo.co.uk')?.linkStatus).toBe('delisted')
	})

	test('a version bump -010 to -011 keeps the same upstream key with the new number', () => {
		const edited = ukgcAdapter.parseRegister(files({ licences: (t) => t.replace('000102-N-317976-010', '000102-N-317976-011') }))
		const bumped = edited.licences.find((l) => l.upstreamKey === '000102-N-317976')
		expect(bumped?.licenseNumber).toBe('000102-N-317976-011')
		expect(edited.licences.map((l) => l.upstreamKey)).toEqual(parsed.licences.map((l) => l.upstreamKey))
	})

	test('unknown status wording is kept verbatim and classifies as unknown', () => {
		const edited = ukgcAdapter.parseRegister(files({ licences: (t) => t.replace('"Lapsed"', '"Under Review"') }))
		const changed = edited.licences.find((l) => l.upstreamKey === '039326-R-319358') as ParsedLicence
		expect(changed.upstreamStatus).toBe('Under Review')
		expect(ukgcAdapter.classify(changed.upstreamStatus, { licence: changed, now: new Date('2026-10-02T00:00:00Z') })).toEqual({
			status: 'unknown',
			qualifier: null
		})
	})

	test('activity rows of one licence that disagree on its status give the same status in any row order', () => {
		const conflicting = (order: 'revoked first' | 'active first') => (t: string) => {
			const lines = t.split('\n')
			const first = lines.findIndex((line) => line.includes('"039011-R-319371-004"'))
			lines[first + 1] = (lines[first + 1] as string).replace('"Active"', '"Revoked"')
			if (order === 'revoked first') [lines[first], lines[first + 1]] = [lines[first + 1] as string, lines[first] as string]
			return lines.join('\n')
		}
		const statusOf = (order: 'revoked first' | 'active first') =>
			ukgcAdapter.parseRegister(files({ licences: conflicting(order) })).licences.find((l) => l.upstreamKey === '039011-R-319371')
				?.upstreamStatus
		expect(statusOf('active first')).toBe(statusOf('revoked first'))
		expect(statusOf('active first')).toBe('Revoked')
	})

	test('an unknown domain status is read as delisted with a warning, never active', () => {
		const edited = ukgcAdapter.parseRegister(
			files({ 'domain-names': (t) => t.replace('"oldkestrel.com","Inactive"', '"oldkestrel.com","Parked"') })
		)
		expect(edited.domains.find((d) => d.hostname === 'oldkestrel.com')).toMatchObject({ linkStatus: 'delisted', association: null })
		expect(edited.warnings.some((w) => w.includes('unknown domain status "Parked"'))).toBe(true)
	})
})

describe('UKGC register malformed input', () => {
	test('a licences CSV cut mid-row is truncated', () => {
		const cut = fixtureText('ukgc/business-licence-register-licences.csv')
		expect(() => ukgcAdapter.parseRegister(files({ licences: () => cut.slice(0, cut.indexOf('Pool Betting') + 4) }))).toThrow(
			expect.objectContaining({ reason: 'truncated' })
		)
	})

	test('a read missing one of the four CSVs is malformed', () => {
		expect(() => ukgcAdapter.parseRegister(files().slice(0, 3))).toThrow(expect.objectContaining({ reason: 'malformed' }))
	})

	test('an empty file, a wrong header and no files at all are rejected with their reason', () => {
		expect(() => ukgcAdapter.parseRegister(files({ businesses: () => '' }))).toThrow(expect.objectContaining({ reason: 'empty' }))
		expect(() => ukgcAdapter.parseRegister(files({ businesses: () => 'Name,Url\r\nx,y\r\n' }))).toThrow(
			expect.objectContaining({ reason: 'unexpected_format' })
		)
		expect(() => ukgcAdapter.parseRegister([])).toThrow(expect.objectContaining({ reason: 'empty' }))
	})

	test('the download page passed with the CSVs is ignored', () => {
		const page = fixtureFile('ukgc/download.html', 'https://www.gamblingcommission.gov.uk/public-register/businesses/download')
		expect(ukgcAdapter.parseRegister([page, ...files()]).licences).toHaveLength(parsed.licences.length)
	})
})

test('discover finds the four CSV links on the download page and nothing elsewhere', () => {
	const page = fixtureFile('ukgc/download.html', 'https://www.gamblingcommission.gov.uk/public-register/businesses/download')
	expect(ukgcAdapter.discover(page, 'register')).toEqual(KINDS.map((kind) => base + name(kind)))
	expect(ukgcAdapter.discover(page, 'enforcement')).toEqual([])
	expect(ukgcAdapter.discover(files()[0] as FetchedFile, 'register')).toEqual([])
})
