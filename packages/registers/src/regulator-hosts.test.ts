import { describe, expect, test } from 'bun:test'
import { adapters } from './index.ts'
import { isRegulatorUrl, regulatorUrlRefusal } from './regulator-hosts.ts'
import { fixtureText, textFile } from './shared/test-support/fixture-files.ts'

const HOSTILE = 'https://regulator-mirror.example'

/** A fixture page with hostile links spliced in before `</body>`. */
const withLinks = (fixture: string, url: string, anchors: string) =>
	textFile(fixtureText(fixture).replace('</body>', `${anchors}</body>`), url, 'text/html')

describe('regulator hosts', () => {
	test('https on a listed host is a source; another host, plain http, a port, userinfo or a lookalike suffix is not', () => {
		expect(isRegulatorUrl('UKGC', 'https://www.gamblingcommission.gov.uk/downloads/x.csv')).toBe(true)
		expect(isRegulatorUrl('CW', 'https://cert.cga.cw/token?id=1')).toBe(true)
		expect(isRegulatorUrl('TGC', 'https://validate.thetgc.ca/validate?domain=a.com')).toBe(true)
		for (const url of [
			'https://gamblingcommission.gov.uk.example/downloads/x.csv',
			'http://www.gamblingcommission.gov.uk/downloads/x.csv',
			'https://www.gamblingcommission.gov.uk:8443/downloads/x.csv',
			'https://user:pw@www.gamblingcommission.gov.uk/downloads/x.csv',
			'https://127.0.0.1/www.gamblingcommission.gov.uk/downloads/x.csv',
			'file:///etc/passwd',
			'not a url'
		]) {
			expect({ url, refused: regulatorUrlRefusal('UKGC', url) !== null }).toEqual({ url, refused: true })
		}
		// a host is a source of its own jurisdiction only
		expect(isRegulatorUrl('CW', 'https://www.gamblingcommission.gov.uk/')).toBe(false)
		// lookalike certificate hosts (REGISTERS.md §3)
		expect(isRegulatorUrl('CW', 'https://cert-gcb.cv/token?id=1')).toBe(false)
		expect(isRegulatorUrl('CW', 'https://cert.cga.mba/token?id=1')).toBe(false)
	})
})

describe('discovered links stay on the regulator hosts', () => {
	test('UKGC: a register CSV linked from another host or over http is not followed', () => {
		const page = withLinks(
			'ukgc/download.html',
			'https://www.gamblingcommission.gov.uk/public-register/businesses/download',
			`<a href="${HOSTILE}/downloads/business-licence-register-licences.csv">x</a><a href="http://www.gamblingcommission.gov.uk/downloads/business-licence-register-businesses.csv?v=2">y</a>`
		)
		const links = adapters.UKGC.discover(page, 'register')
		expect(links).toHaveLength(4)
		expect(links.every((url) => url.startsWith('https://www.gamblingcommission.gov.uk/downloads/'))).toBe(true)
	})

	test('MGA: a next page or a seal on another host is not followed', () => {
		const text = fixtureText('mga/register-page-1.html')
			.replace('href="?page=2"', `href="${HOSTILE}/?page=2"`)
			.replaceAll('https://authorisation.mga.org.mt/verification.aspx', `${HOSTILE}/verification.aspx`)
		expect(adapters.MGA.discover(textFile(text, 'https://mgalicenseeregister.mga.org.mt/', 'text/html'), 'register')).toEqual([])
	})

	test('IOM: the newest dated XLSX is taken from the Commission host only, a newer one elsewhere is ignored', () => {
		const page = withLinks(
			'iom/online-gambling-licensee-register.html',
			'https://www.isleofmangsc.com/gambling/supervision/online-gambling-licensee-register/',
			`<a href="${HOSTILE}/media/9999/27-12-31-current-ogra-licence-holders.xlsx">newer</a>`
		)
		expect(adapters.IOM.discover(page, 'register')).toEqual([
			'https://www.isleofmangsc.com/media/2304/26-10-02-current-ogra-licence-holders.xlsx'
		])
	})

	test('TGC: a pagination link to another host is not followed, and a seal link off the seal host (or over http) is no verification URL', () => {
		const text = fixtureText('tgc/licensees.html')
			.replaceAll('https://tobiquegaming.com/licensees/page/2/', `${HOSTILE}/licensees/page/2/`)
			.replace('https://validate.thetgc.ca/validate?domain=adventcrest.com', 'http://validate.thetgc.ca/validate?domain=adventcrest.com')
		const page = textFile(text, 'https://tobiquegaming.com/licensees/', 'text/html')
		expect(adapters.TGC.discover(page, 'register')).toEqual([])
		const advent = adapters.TGC.parseRegister([page]).domains.find((domain) => domain.hostname === 'adventcrest.com')
		expect(advent?.verificationUrl).toBeNull()
	})
})
