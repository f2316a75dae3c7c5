import { describe, expect, test } from 'bun:test'
import { fixtureFile } from '../shared/test-support/fixture-files.ts'
import { cwAdapter, cwCertificateUrl, readCwCertificate } from './index.ts'

const CERT = 'https://cert.cga.cw/certificate?id=ZXlKcGRpSTZJbXRq'
const read = (name: string, url = CERT) => cwAdapter.parseVerificationPage!(fixtureFile(`cw/${name}`, url))

describe('CW certificate pages', () => {
	test('Certificate B2C is in force and lists its domains', () => {
		expect(read('certificate-b2c.html')).toEqual({
			pageStatus: 'Certificate B2C',
			inForce: true,
			holderName: 'Halcyon Reach N.V.',
			licenseNumber: 'OGL/2024/251/0130',
			domains: ['halcyonreach.com', 'www.halcyonreach.com', 'halcyonreach.bet', 'www.hrcasino-mirror3.io']
		})
	})

	test('Certificate B2B names its corporate website', () => {
		expect(read('certificate-b2b.html')).toEqual({
			pageStatus: 'Certificate B2B',
			inForce: true,
			holderName: 'Marlpit Software B.V',
			licenseNumber: 'OGL/2024/312/0201',
			domains: ['marlpitsoftware.com']
		})
	})

	test('Certificate of Operation quotes its current status; only Active is in force', () => {
		expect(read('certificate-of-operation-active.html')).toEqual({
			pageStatus: 'Active',
			inForce: true,
			holderName: 'Pinecrest Media N.V.',
			licenseNumber: 'OGL/2024/887/0618',
			domains: ['pinecrestplay.com']
		})
		expect(read('certificate-of-operation-suspended.html')).toMatchObject({ pageStatus: 'Suspended', inForce: false })
	})

	test('the HTTP-200 negative pages quote their wording and are not in force', () => {
		expect(read('certificate-token-expired.html')).toMatchObject({
			pageStatus: 'cannot be found or the token has expired',
			inForce: false,
			domains: []
		})
		expect(read('certificate-not-found.html')).toMatchObject({ pageStatus: 'cannot be found in our registry', inForce: false })
		expect(read('certificate-not-active.html')).toMatchObject({ pageStatus: 'Not Active', inForce: false })
	})

	test('the Antillephone validator INVALID page is not in force', () => {
		expect(read('antillephone-invalid.html', 'https://validator.antillephone.com/validate?domain=goldharbour-slots.com')).toEqual({
			pageStatus: 'INVALID',
			inForce: false,
			holderName: null,
			licenseNumber: '8048/JAZ',
			domains: ['goldharbour-slots.com']
		})
	})

	test('a certificate read from a lookalike host is never in force', () => {
		expect(read('certificate-of-operation-active.html', 'https://cert.cga.mba/certificate?id=x')).toMatchObject({
			pageStatus: 'Active',
			inForce: false
		})
	})

	test('a page that is not HTML or is cut short is rejected', () => {
		expect(() => cwAdapter.parseVerificationPage!(fixtureFile('cw/register.pdf', CERT))).toThrow(
			expect.objectContaining({ name: 'RegisterParseError' })
		)
		const page = fixtureFile('cw/certificate-b2c.html', CERT)
		expect(() => cwAdapter.parseVerificationPage!({ ...page, bytes: page.bytes.slice(0, 600) })).toThrow(
			expect.objectContaining({ reason: 'truncated' })
		)
	})
})

describe('CW certificate per licence', () => {
	const token = (id: string) => readCwCertificate(fixtureFile(`cw/certificates/token-${id}.html`, `https://cert.cga.cw/token?id=${id}`))

	test('the page of a licence is token?id= its last number group without leading zeros; other numbers have none', () => {
		expect(cwCertificateUrl('OGL/2024/887/0618')).toBe('https://cert.cga.cw/token?id=618')
		expect(cwCertificateUrl('OGL/2024/1161/044')).toBe('https://cert.cga.cw/token?id=44')
		expect(cwCertificateUrl(' OGL / 2023/212/0144')).toBe('https://cert.cga.cw/token?id=144')
		expect(cwCertificateUrl('OGL/2024/100/0000')).toBe('https://cert.cga.cw/token?id=0')
		expect(cwCertificateUrl('8048/JAZ2020-013')).toBeNull()
	})

	test("a certificate lists the licence's domains, lower-cased, whatever status it quotes", () => {
		expect(token('44')).toEqual({
			listing: 'listed',
			page: {
				pageStatus: 'Certificate B2C',
				inForce: true,
				holderName: 'Lantern Bay Interactive Holdings N.V.',
				licenseNumber: 'OGL/2024/1161/044',
				domains: ['lanternbay.com', 'lanternbaysports.com', 'lanternbay-live.casino']
			}
		})
		expect(token('755')).toMatchObject({ listing: 'listed', page: { pageStatus: 'Certificate B2B', domains: ['halcyonreach.com'] } })
		expect(token('618')).toMatchObject({
			listing: 'listed',
			page: { pageStatus: 'Suspended', inForce: false, domains: ['pinecrestplay.com'] }
		})
	})

	test('"Not Active" says the domains were removed; "token has expired" and "Not Found" say nothing about them', () => {
		expect(token('418')).toMatchObject({
			listing: 'removed',
			page: { pageStatus: 'Not Active', inForce: false, licenseNumber: 'OGL/2024/802/0418', domains: [] }
		})
		expect(token('342')).toMatchObject({ listing: 'silent', page: { pageStatus: 'cannot be found or the token has expired', domains: [] } })
		expect(token('781')).toMatchObject({ listing: 'silent', page: { pageStatus: 'cannot be found in our registry', domains: [] } })
	})
})
