import { describe, expect, test } from 'bun:test'
import { CW_REGISTER_ROWS, buildCwRegisterPdf, type CwRegisterRow } from '../../scripts/cw-register-pdf.ts'
import type { FetchedFile, ParsedLicence } from '../types.ts'
import { fixtureFile, textFile } from '../shared/test-support/fixture-files.ts'
import { cwAdapter, prepareCwRegisterFiles, splitCwRows } from './index.ts'

const url = 'https://www.cga.cw/register/licensees.pdf'
const pdf = fixtureFile('cw/register.pdf', url, 'application/pdf')
const parsed = cwAdapter.parseRegister([pdf])
const now = new Date('2026-10-02T08:00:00Z')
const byKey = (key: string) => parsed.licences.find((l) => l.upstreamKey === key) as ParsedLicence
const pdfOf = (pages: CwRegisterRow[][]): FetchedFile => ({ url, bytes: buildCwRegisterPdf(pages), contentType: 'application/pdf' })

describe('CW register fixture', () => {
	test('the committed PDF is the one the script builds', () => {
		expect(Buffer.from(pdf.bytes).equals(Buffer.from(buildCwRegisterPdf()))).toBe(true)
	})

	test('rows split on the licence number give every field, wrapped names joined', () => {
		expect(
			parsed.licences.map((l) => [
				l.licenseNumber,
				l.entityId,
				l.raw.printedName,
				l.licenseTypes,
				l.issuedDate,
				l.expiryDate,
				l.upstreamStatus
			])
		).toEqual([
			['OGL/2024/251/0130', '156493', 'Halcyon Reach N.V.', ['B2C'], '2026-02-28', '2026-08-28', null],
			['OGL/2024/312/0201', '148220', 'Marlpit Software B.V', ['B2B'], '2026-03-14', '2026-09-14', null],
			['OGL/2024/1161/044', '158812', 'Lantern Bay Interactive Holdings N.V.', ['B2C', 'B2B'], '2026-01-05', '2026-07-05', null],
			['OGL/2023/587/0612', '151007', 'Tidewater Ventures N.V,', ['B2C'], '2025-06-24', '2025-12-24', 'Assessment in progress'],
			['OGL/2024/733/0342', '153390', 'Corvina Gaming N.V.', ['B2C'], '2025-11-03', null, 'License revoked by the CGA on April 7, 2026'],
			['OGL/2024/802/0418', '149951', 'Jack’s Harbour B.V.', ['B2C'], '2025-12-01', null, 'License revoked'],
			['OGL/2024/887/0618', '150284', 'Pinecrest Media N.V.', ['B2C'], '2025-10-10', null, 'License suspended'],
			['OGL/2024/905/0702', '157120', 'Saffron Isle N.V.', ['B2C'], '2025-11-19', '2026-05-19', null],
			['OGL/2024/921/0733', '157733', 'InterMarlin (Curaçao) N.V', ['B2C'], '2026-03-26', '2026-09-26', null],
			['OGL/2024/940/0755', '156493', 'Halcyon Reach N.V.', ['B2B'], '2026-03-01', '2026-09-01', null],
			['OGL/2024/960/0781', '158101', 'Obsidian Bay N.V.', ['B2C'], '2026-05-02', null, 'License revoked by the CGA on April 30, 2026'],
			['OGL/2025/102/0911', '159340', 'Northwind Play N.V.', ['B2C'], '2026-09-01', '2027-03-01', 'Assessment in progress']
		])
		expect(byKey('OGL/2024/733/0342').raw.statusDate).toBe('2026-04-07')
		expect(byKey('OGL/2024/1161/044')).toMatchObject({ licenseCategory: 'remote', coversWebsites: true, licenseTypeRaw: 'B2C & B2B' })
		expect(byKey('OGL/2024/312/0201')).toMatchObject({ licenseCategory: 'b2b', coversWebsites: false })
		expect(parsed.warnings).toEqual([])
	})

	test('a company holding two numbers is one entity; trailing commas leave the legal name', () => {
		expect(parsed.entities).toHaveLength(11)
		expect(parsed.entities.find((e) => e.upstreamId === '151007')?.legalName).toBe('Tidewater Ventures N.V')
		expect(parsed.licences.filter((l) => l.entityId === '156493').map((l) => l.upstreamKey)).toEqual([
			'OGL/2024/251/0130',
			'OGL/2024/940/0755'
		])
	})

	test('classification: in-term active, under assessment past term provisional, revoked, suspended', () => {
		const status = (key: string) => cwAdapter.classify(byKey(key).upstreamStatus, { licence: byKey(key), now })
		expect(status('OGL/2024/251/0130')).toEqual({ status: 'active', qualifier: null })
		expect(status('OGL/2023/587/0612')).toEqual({ status: 'active', qualifier: 'provisional_under_assessment' })
		expect(status('OGL/2025/102/0911')).toEqual({ status: 'active', qualifier: null })
		expect(status('OGL/2024/733/0342')).toEqual({ status: 'revoked', qualifier: null })
		expect(status('OGL/2024/802/0418')).toEqual({ status: 'revoked', qualifier: null })
		expect(status('OGL/2024/887/0618')).toEqual({ status: 'suspended', qualifier: null })
		expect(status('OGL/2024/905/0702')).toEqual({ status: 'active', qualifier: null })
	})

	test('the unpdf path (prepareRegisterFiles) gives the same licences', async () => {
		const prepared = await prepareCwRegisterFiles([pdf])
		expect(prepared[0]?.contentType).toContain('text/plain')
		expect(cwAdapter.parseRegister(prepared).licences).toEqual(parsed.licences)
	})
})

describe('CW register edited copies', () => {
	test('a row removed takes its licence away', () => {
		const pages = CW_REGISTER_ROWS.map((rows) => rows.filter((row) => row.number !== 'OGL/2024/905/0702'))
		const edited = cwAdapter.parseRegister([pdfOf(pages)])
		expect(edited.licences.map((l) => l.upstreamKey)).not.toContain('OGL/2024/905/0702')
		expect(edited.licences).toHaveLength(11)
	})

	test('an unknown sentence in the expiry column is kept and classifies as unknown', () => {
		const pages = CW_REGISTER_ROWS.map((rows) =>
			rows.map((row) => (row.number === 'OGL/2024/887/0618' ? { ...row, expiry: ['Under review by the board'] } : row))
		)
		const licence = cwAdapter.parseRegister([pdfOf(pages)]).licences.find((l) => l.upstreamKey === 'OGL/2024/887/0618')!
		expect(licence.upstreamStatus).toBe('Under review by the board')
		expect(cwAdapter.classify(licence.upstreamStatus, { licence, now })).toEqual({ status: 'unknown', qualifier: null })
	})

	test('rows split on the number pattern, not on line breaks', () => {
		const rows = splitCwRows(
			'1. OGL/2024/1/0001 Long Name\nContinued, B2C 123456 May19, 2026\nJune 1, 2026 2. OGL/2024/2/0002 Other N.V. B2B 654321 January 2, 2026 July 2, 2026\nPage 1 of 1'
		)
		expect(rows.map((r) => [r.rowNumber, r.number, r.name, r.type, r.companyNumber, r.issuedDate, r.expiryDate, r.statusSentence])).toEqual(
			[
				['1', 'OGL/2024/1/0001', 'Long Name Continued,', 'B2C', '123456', '2026-05-19', '2026-06-01', null],
				['2', 'OGL/2024/2/0002', 'Other N.V.', 'B2B', '654321', '2026-01-02', '2026-07-02', null]
			]
		)
	})
})

describe('CW register malformed input', () => {
	test('a PDF cut short is truncated', () => {
		expect(() => cwAdapter.parseRegister([{ ...pdf, bytes: pdf.bytes.slice(0, 900) }])).toThrow(
			expect.objectContaining({ reason: 'truncated' })
		)
	})

	test('HTML in place of the PDF is unexpected_format; an empty file is empty', () => {
		expect(() => cwAdapter.parseRegister([textFile('<html><body>Register</body></html>', url, 'text/html')])).toThrow(
			expect.objectContaining({ reason: 'unexpected_format' })
		)
		expect(() => cwAdapter.parseRegister([{ url, bytes: new Uint8Array(), contentType: null }])).toThrow(
			expect.objectContaining({ reason: 'empty' })
		)
	})

	test('a PDF with no licence number is unexpected_format', () => {
		expect(() => cwAdapter.parseRegister([pdfOf([[]])])).toThrow(expect.objectContaining({ reason: 'unexpected_format' }))
	})

	test('discover has nothing to follow', () => {
		expect(cwAdapter.discover(pdf, 'register')).toEqual([])
	})
})
