import { afterAll, describe, expect, test } from 'bun:test'
import { adapters } from '@lv/registers'
import { generateUkgcRegister } from './generate-ukgc.ts'
import { startRegisterServer } from './server.ts'

const server = startRegisterServer({ timeoutHoldMs: 2_000 })
afterAll(async () => {
	await server.stop()
})

const LICENCES = '/www.gamblingcommission.gov.uk/downloads/business-licence-register-licences.csv'
const TRADING = '/www.gamblingcommission.gov.uk/downloads/business-licence-register-trading-names.csv'
const BUSINESSES = '/www.gamblingcommission.gov.uk/downloads/business-licence-register-businesses.csv'
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers })

describe('register server', () => {
	test('serves a fixture with ETag and Last-Modified and answers 304 to either validator', async () => {
		server.setDay(0)
		const first = await get(LICENCES)
		expect(first.status).toBe(200)
		expect(first.headers.get('content-type')).toStartWith('text/csv')
		const etag = first.headers.get('etag') as string
		const lastModified = first.headers.get('last-modified') as string
		expect((await get(LICENCES, { 'if-none-match': etag })).status).toBe(304)
		expect((await get(LICENCES, { 'if-modified-since': lastModified })).status).toBe(304)
	})

	test('a scenario day changes the bytes of edited files only; an unchanged file keeps its Last-Modified', async () => {
		server.setDay(0)
		const [day0, businesses0] = await Promise.all([get(LICENCES), get(BUSINESSES)])
		server.setDay(1)
		const [day1, businesses1] = await Promise.all([get(LICENCES), get(BUSINESSES)])
		expect(day1.headers.get('etag')).not.toBe(day0.headers.get('etag'))
		expect(await day1.text()).toContain('039011-R-319380-001')
		expect(businesses1.headers.get('etag')).toBe(businesses0.headers.get('etag'))
		expect(businesses1.headers.get('last-modified')).toBe(businesses0.headers.get('last-modified'))
		expect((await get(LICENCES, { 'if-none-match': day0.headers.get('etag') as string })).status).toBe(200)
	})

	test('faults apply per route and for the number of requests asked', async () => {
		server.fault(LICENCES.slice(1), 'http500', 1)
		expect((await get(LICENCES)).status).toBe(500)
		expect((await get(LICENCES)).status).toBe(200)
		server.fault(LICENCES.slice(1), 'truncate', 1)
		const full = (await (await get(TRADING)).arrayBuffer()).byteLength
		expect(full).toBeGreaterThan(0)
		const cut = await (await get(LICENCES)).text()
		expect(cut.length).toBeLessThan((await (await get(LICENCES)).text()).length)
		server.fault(LICENCES.slice(1), 'malformed', 1)
		expect(await (await get(LICENCES)).text()).not.toContain('Licence Number')
		server.fault(LICENCES.slice(1), 'timeout', 1)
		const timedOut = await fetch(`${server.url}${LICENCES}`, { signal: AbortSignal.timeout(200) }).catch((error: unknown) => error)
		expect(timedOut).toBeInstanceOf(Error)
	})

	test('control endpoints move the day and report the state', async () => {
		const moved = await fetch(`${server.url}/_control/day`, { method: 'POST', body: JSON.stringify({ day: 2 }) })
		expect(await moved.json()).toEqual({ day: 2 })
		expect(server.day()).toBe(2)
		const refused = await fetch(`${server.url}/_control/day`, { method: 'POST', body: JSON.stringify({ day: -1 }) })
		expect(refused.status).toBe(400)
	})

	test('each CW licence has a certificate page by token id; an unknown token is the HTTP-200 "token has expired" page', async () => {
		server.setDay(0)
		const halcyon = await get('/cert.cga.cw/token?id=130')
		expect(halcyon.status).toBe(200)
		expect(await halcyon.text()).toContain('www.hrcasino-mirror3.io')
		expect(await (await get('/cert.cga.cw/token?id=418')).text()).toContain('Not Active')
		const unknown = await get('/cert.cga.cw/token?id=99999')
		expect(unknown.status).toBe(200)
		expect(await unknown.text()).toContain('cannot be found or the token has expired')
		server.setDay(1)
		expect(await (await get('/cert.cga.cw/token?id=130')).text()).not.toContain('www.hrcasino-mirror3.io')
		server.setDay(2)
		expect(await (await get('/cert.cga.cw/token?id=702')).text()).toContain('Not Active')
		expect(await (await get('/cert.cga.cw/token?id=733')).text()).toContain('the token has expired')
		server.setDay(0)
	})

	test('an unknown path is 404', async () => {
		expect((await get('/nowhere.example/x')).status).toBe(404)
	})
})

describe('generateUkgcRegister', () => {
	test('writes UKGC-shaped CSVs the UKGC adapter reads with the requested licence and domain counts', () => {
		const generated = generateUkgcRegister({ licences: 300, domains: 2_000 })
		const encoder = new TextEncoder()
		const files = [generated.businesses, generated.licences, generated.tradingNames, generated.domainNames].map((text, i) => ({
			url: `https://x/${i}.csv`,
			bytes: encoder.encode(text),
			contentType: 'text/csv'
		}))
		const parsed = adapters.UKGC.parseRegister(files)
		expect(parsed.licences).toHaveLength(300)
		expect(parsed.domains).toHaveLength(2_000)
	})

	test('is deterministic for a seed', () => {
		expect(generateUkgcRegister({ licences: 50, domains: 100 })).toEqual(generateUkgcRegister({ licences: 50, domains: 100 }))
	})
})
