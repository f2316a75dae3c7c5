import { describe, expect, test } from 'bun:test'
import type { FetchedFile } from '../types.ts'
import { fixtureFile, fixtureText, textFile } from '../shared/test-support/fixture-files.ts'
import { mgaAdapter } from './index.ts'

const page1Url = 'https://mgalicenseeregister.mga.org.mt/?page=1'
const page2Url = 'https://mgalicenseeregister.mga.org.mt/?page=2'
const sealUrl = (guid: string) => `https://authorisation.mga.org.mt/verification.aspx?lang=EN&company=${guid}&details=1`
const LUMEN = sealUrl('5f0c6b1e-8a3d-4c52-9e61-2b7d4a90c1f3')
const NIGHTJAR = sealUrl('0b9e2d47-6c1a-4f8e-a3b5-7d2c9e104a66')
const QUILLON = sealUrl('c7d41a02-93be-4e0f-8d27-51f6ab3e9d18')

const page1 = fixtureFile('mga/register-page-1.html', page1Url, 'text/html')
const page2 = fixtureFile('mga/register-page-2.html', page2Url, 'text/html')
const seals = [
	fixtureFile('mga/seal-lumen-harbour.html', LUMEN),
	fixtureFile('mga/seal-nightjar.html', NIGHTJAR),
	fixtureFile('mga/seal-quillon-suspended.html', QUILLON)
]
const parsed = mgaAdapter.parseRegister([page1, page2, ...seals])

describe('MGA register fixture', () => {
	test('the panels of both pages give one licence per number, Type 1 and Type 2 rows merged', () => {
		expect(
			parsed.licences.map((l) => [
				l.upstreamKey,
				l.licenseNumber,
				l.entityId,
				l.upstreamStatus,
				l.licenseTypes,
				l.licenseCategory,
				l.coversWebsites
			])
		).toEqual([
			['MGA/B2C/315/2015', 'MGA/B2C/315/2015', 'C 81234', 'Licensed', ['B2C', 'Type 1', 'Type 2'], 'remote', true],
			['MGA/B2C/412/2017', 'MGA/B2C/412/2017', 'C 77410', 'Surrendered', ['B2C', 'Type 1'], 'remote', true],
			['MGA/CRP/635/2018-01', 'MGA/CRP/635/2018- 01', 'C 90021', 'Licensed', ['B2C'], 'remote', true],
			['MGA/B2B/147/2007', 'MGA/B2B/147/2007', 'C 66012', 'Cancelled', ['B2B'], 'b2b', false],
			['MGA/CRP/330/2016/OLD', 'MGA/CRP/330/2016/Old', 'name:ostrava digital s r o', 'Licensed', ['Type 3'], 'remote', true],
			['MGA/B2C/533/2018', 'MGA/B2C/533/2018', 'C 70555', 'Suspended', ['B2C', 'Type 1'], 'remote', true]
		])
		expect(parsed.licences[0]?.licenseTypeRaw).toBe('Type 1 Gaming Services; Type 2 Gaming Services')
		expect(parsed.licences[3]?.raw.terminationDate).toBe('2025-03-14')
	})

	test('entities are keyed on the registration number, or on the name when it is empty', () => {
		expect(parsed.entities.map((e) => [e.upstreamId, e.legalName])).toEqual([
			['C 81234', 'Lumen Harbour Gaming Ltd'],
			['C 77410', 'Corallo Play Ltd'],
			['C 90021', 'Nightjar Entertainment p.l.c.'],
			['C 66012', 'Vantaro Systems Ltd'],
			['name:ostrava digital s r o', 'Ostrava Digital s.r.o.'],
			['C 70555', 'Quillon Games Ltd']
		])
	})

	test('domains come from the seal pages, tied to the licence and the seal as verification URL', () => {
		expect(parsed.domains.map((d) => [d.licenceKey, d.entityId, d.upstreamValue, d.hostname, d.linkStatus, d.verificationUrl])).toEqual([
			['MGA/B2C/315/2015', 'C 81234', 'http://www.lumenharbour.com', 'www.lumenharbour.com', 'active', LUMEN],
			['MGA/B2C/315/2015', 'C 81234', 'https://lumenharbourcasino.com/', 'lumenharbourcasino.com', 'active', LUMEN],
			['MGA/B2C/315/2015', 'C 81234', 'https://de.lumenharbour.com/#/home?_k=x7q2pz', 'de.lumenharbour.com', 'active', LUMEN],
			['MGA/CRP/635/2018-01', 'C 90021', 'https://nightjarpoker.com', 'nightjarpoker.com', 'active', NIGHTJAR],
			['MGA/CRP/635/2018-01', 'C 90021', 'https://www.nightjarbingo.eu/', 'www.nightjarbingo.eu', 'active', NIGHTJAR],
			['MGA/B2C/533/2018', 'C 70555', 'https://www.quillongames.com/', 'www.quillongames.com', 'active', QUILLON]
		])
		expect(parsed.warnings).toEqual([])
	})
})

describe('MGA register edited copies', () => {
	test('a panel removed takes its licence away', () => {
		const text = fixtureText('mga/register-page-1.html')
		const start = text.indexOf('<mat-expansion-panel', text.indexOf('Corallo Play Ltd') - 600)
		const end = text.indexOf('</mat-expansion-panel>', start) + '</mat-expansion-panel>'.length
		const edited = mgaAdapter.parseRegister([textFile(text.slice(0, start) + text.slice(end), page1Url), page2])
		expect(edited.licences.map((l) => l.upstreamKey)).not.toContain('MGA/B2C/412/2017')
		expect(edited.licences).toHaveLength(5)
	})

	test('a URL removed from a seal drops that domain', () => {
		const edited = fixtureText('mga/seal-lumen-harbour.html').replace(
			'<a href="https://lumenharbourcasino.com/" target="_blank">https://lumenharbourcasino.com/</a><br />',
			''
		)
		const result = mgaAdapter.parseRegister([page1, page2, textFile(edited, LUMEN)])
		expect(result.domains.map((d) => d.hostname)).toEqual(['www.lumenharbour.com', 'de.lumenharbour.com'])
	})

	test('panels of one authorisation that disagree on its status give the same status whichever comes first', () => {
		const text = fixtureText('mga/register-page-1.html')
		const suspendPanel = (which: 'first' | 'second') => {
			const panel = text.indexOf('MGA/B2C/315/2015', which === 'first' ? 0 : text.indexOf('MGA/B2C/315/2015') + 1)
			const status = text.indexOf('<td>Licensed</td>', panel)
			return `${text.slice(0, status)}<td>Suspended</td>${text.slice(status + '<td>Licensed</td>'.length)}`
		}
		const statusWhenSuspended = (which: 'first' | 'second') =>
			mgaAdapter.parseRegister([textFile(suspendPanel(which), page1Url), page2]).licences.find((l) => l.upstreamKey === 'MGA/B2C/315/2015')
				?.upstreamStatus
		expect(statusWhenSuspended('first')).toBe('Suspended')
		expect(statusWhenSuspended('second')).toBe('Suspended')
	})

	test('unknown status wording is kept and classifies as unknown', () => {
		const edited = fixtureText('mga/register-page-2.html').replace('<td>Cancelled</td>', '<td>Under Investigation</td>')
		const result = mgaAdapter.parseRegister([page1, textFile(edited, page2Url)])
		const licence = result.licences.find((l) => l.upstreamKey === 'MGA/B2B/147/2007')!
		expect(licence.upstreamStatus).toBe('Under Investigation')
		expect(mgaAdapter.classify(licence.upstreamStatus, { licence, now: new Date() }).status).toBe('unknown')
	})
})

describe('MGA seal pages attach domains only to the licence whose panel linked them', () => {
	test("a seal linked from Nightjar's panel that names Quillon's licence gives Quillon nothing and is a warning", () => {
		const hostile = fixtureText('mga/seal-nightjar.html').replace('MGA/CRP/635/2018- 01', 'MGA/B2C/533/2018')
		const result = mgaAdapter.parseRegister([page1, page2, textFile(hostile, NIGHTJAR)])
		expect(result.domains.filter((d) => d.licenceKey === 'MGA/B2C/533/2018')).toEqual([])
		expect(result.domains.filter((d) => d.verificationUrl === NIGHTJAR)).toEqual([])
		expect(result.warnings).toEqual([
			`${NIGHTJAR}: seal names MGA/B2C/533/2018 but it is linked from MGA/CRP/635/2018-01; its domains are skipped`
		])
	})

	test('a seal no panel links gives its domains to no licence, even one it names', () => {
		const stray = sealUrl('00000000-0000-4000-8000-000000000000')
		const result = mgaAdapter.parseRegister([page1, page2, fixtureFile('mga/seal-quillon-suspended.html', stray)])
		expect(result.domains).toEqual([])
		expect(result.warnings).toEqual([`${stray}: seal names MGA/B2C/533/2018 but no panel links it; its domains are skipped`])
	})
})

describe('MGA register malformed input', () => {
	test('a 429 page is unexpected_format', () => {
		expect(() => mgaAdapter.parseRegister([fixtureFile('mga/rate-limited-429.html', page1Url)])).toThrow(
			expect.objectContaining({ reason: 'unexpected_format' })
		)
	})

	test('a page cut before </html> is truncated', () => {
		const text = fixtureText('mga/register-page-1.html')
		expect(() => mgaAdapter.parseRegister([textFile(text.slice(0, text.length / 2), page1Url)])).toThrow(
			expect.objectContaining({ reason: 'truncated' })
		)
	})

	test('seal pages without any register page are malformed; an empty file is empty', () => {
		expect(() => mgaAdapter.parseRegister(seals)).toThrow(expect.objectContaining({ reason: 'malformed' }))
		expect(() => mgaAdapter.parseRegister([{ url: page1Url, bytes: new Uint8Array(), contentType: null }])).toThrow(
			expect.objectContaining({ reason: 'empty' })
		)
	})
})

describe('MGA discover', () => {
	test('page 1 links page 2 and its seals; the last page links only its seals', () => {
		expect(mgaAdapter.discover(page1, 'register')).toEqual([page2Url, LUMEN, NIGHTJAR])
		expect(mgaAdapter.discover(page2, 'register')).toEqual([QUILLON])
		expect(mgaAdapter.discover(page1, 'enforcement')).toEqual([])
	})
})

describe('MGA seal as verification page', () => {
	test('a Licensed seal is in force and lists its hostnames', () => {
		expect(mgaAdapter.parseVerificationPage!(seals[0] as FetchedFile)).toEqual({
			pageStatus: 'Licensed',
			inForce: true,
			holderName: 'Lumen Harbour Gaming Ltd',
			licenseNumber: 'MGA/B2C/315/2015',
			domains: ['www.lumenharbour.com', 'lumenharbourcasino.com', 'de.lumenharbour.com']
		})
	})

	test('a Suspended seal quotes Suspended and is not in force', () => {
		expect(mgaAdapter.parseVerificationPage!(seals[2] as FetchedFile)).toMatchObject({
			pageStatus: 'Suspended',
			inForce: false,
			licenseNumber: 'MGA/B2C/533/2018'
		})
	})

	test('a register page is not a seal page', () => {
		expect(() => mgaAdapter.parseVerificationPage!(page1)).toThrow(expect.objectContaining({ reason: 'unexpected_format' }))
	})
})
