import { beforeAll, describe, expect, test } from 'bun:test'
import { type CheckIndex, type RegisterRows, buildIndex, checkDomain } from '@lv/verdict'
import { loadJurisdiction } from '@lv/register-store'
import { registerFactory } from './test-support/register-factory.ts'
import { databasePerFile } from '@lv/testing/per-file'

const NOW = new Date('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T11:00:00.000Z')
const HOSTS = [
	'acmebet.co.uk',
	'www.acmebet.co.uk',
	'shop.acmebet.co.uk',
	'parked-acme.com',
	'white.example',
	'nolicence.example',
	'foreign.example',
	'both.example'
]
const env = databasePerFile()

beforeAll(async () => {
	const make = registerFactory(env.db.sql, READ_AT)
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	const other = await make.operator('other-play', 'Other Play')
	const uk = await make.licence(acme, { license_number: '000-012345-R-123456-001' })
	const otherUk = await make.licence(other, { license_number: '000-054321-R-654321-002', status: 'suspended' })
	const malta = await make.licence(acme, { jurisdiction: 'MGA', license_number: 'MGA/B2C/1/2020' })
	await make.link(acme, 'acmebet.co.uk', uk, {
		verification_url: 'https://verify.example/acme',
		verification_page_status: 'Licence valid',
		verification_page_read_at: new Date('2026-10-30T10:11:12.345Z')
	})
	await make.link(acme, 'www.acmebet.co.uk', uk, { association: null })
	await make.link(other, 'shop.acmebet.co.uk', otherUk, { association: 'white_label' })
	await make.link(acme, 'parked-acme.com', uk, { link_status: 'parked' })
	await make.link(other, 'white.example', otherUk, { association: 'white_label', link_status: 'delisted' })
	await make.link(acme, 'nolicence.example', null)
	// A UKGC listing that points at a licence of another register: no licence in the UKGC shard.
	await make.link(acme, 'foreign.example', malta)
	await env.db.sql`UPDATE domain_links SET jurisdiction_code = 'UKGC' WHERE hostname = 'foreign.example'`
	await make.link(acme, 'both.example', uk)
	await make.link(other, 'both.example', otherUk)
	await make.tradingName(acme, 'UKGC', 'AcmeBet')
	await make.tradingName(other, 'UKGC', 'Gildedwharf', new Date('2026-10-31T06:00:00.000Z'))
	await env.db.sql`UPDATE domain_links SET last_listed_at = '2026-10-31T06:07:08.123789Z' WHERE hostname = 'acmebet.co.uk'`
	await make.finishAllRuns()
})

/** The jurisdiction's rows read the plain way (every column as postgres.js returns it). */
async function plainRows(code: string): Promise<RegisterRows> {
	const sql = env.db.sql
	return {
		jurisdictions: await sql`SELECT code, name, sla_hours, confidence_hint, position FROM jurisdictions WHERE code = ${code}`,
		registerStatus: await sql`SELECT jurisdiction_code, last_successful_read_at FROM register_status WHERE jurisdiction_code = ${code}`,
		operators: await sql`SELECT id, slug, display_name, registered_name FROM operators`,
		tradingNames:
			await sql`SELECT operator_id, jurisdiction_code, name, not_listed_since FROM trading_names WHERE jurisdiction_code = ${code}`,
		licences: await sql`SELECT * FROM licenses WHERE jurisdiction_code = ${code}`,
		licenseNumberVersions: [],
		domainLinks: await sql`SELECT * FROM domain_links WHERE jurisdiction_code = ${code}`
	} as unknown as RegisterRows
}

const empty: CheckIndex = buildIndex({
	jurisdictions: [],
	registerStatus: [],
	operators: [],
	tradingNames: [],
	licences: [],
	licenseNumberVersions: [],
	domainLinks: []
})

describe('loadJurisdiction', () => {
	test('links streamed with encoded ids, statuses and times build the same shard as the plain rows', async () => {
		const loaded = await loadJurisdiction(env.db.sql, 'UKGC')
		if (!loaded) throw new Error('UKGC has a jurisdictions row')
		expect(loaded.build.domainLinkCount).toBe(HOSTS.length + 1)
		const streamed = loaded.build.finish(empty)
		const plain = buildIndex(await plainRows('UKGC'))
		const [streamedShard, plainShard] = [streamed.shards.get('UKGC'), plain.shards.get('UKGC')]
		expect([...(streamedShard?.linksByHostname.keys() ?? [])].sort()).toEqual([...(plainShard?.linksByHostname.keys() ?? [])].sort())
		for (const host of HOSTS) expect(streamedShard?.linksByHostname.get(host)).toEqual(plainShard?.linksByHostname.get(host))
		for (const host of [...HOSTS, 'other.acmebet.co.uk', 'acme-bet.com']) {
			expect(checkDomain(streamed, host, { now: NOW })).toEqual(checkDomain(plain, host, { now: NOW }))
		}
		// Times keep millisecond precision (microseconds dropped, as a Date would).
		const verified = checkDomain(streamed, 'acmebet.co.uk', { now: NOW }).match
		expect(verified?.domain_last_listed_at).toBe('2026-10-31T06:07:08.123Z')
		expect(verified?.verification_page_read_at).toBe('2026-10-30T10:11:12.345Z')
		expect(streamedShard?.linksByHostname.get('foreign.example')).toMatchObject({ licence: null, operator: { slug: 'acme-gaming' } })
		expect(streamedShard?.linksByHostname.get('both.example')).toHaveLength(2)
	})

	test('a trading name the register no longer prints answers no name match; one it prints does', async () => {
		const loaded = await loadJurisdiction(env.db.sql, 'UKGC')
		if (!loaded) throw new Error('UKGC has a jurisdictions row')
		const index = loaded.build.finish(empty)
		expect(checkDomain(index, 'gildedwharf.com', { now: NOW })).toMatchObject({ verdict: 'not_found', match: null })
		expect(checkDomain(index, 'acmebet.net', { now: NOW })).toMatchObject({
			verdict: 'name_match_only',
			match: { match_type: 'trading_name_fuzzy', operator_slug: 'acme-gaming' }
		})
	})

	test('a code with no jurisdictions row loads nothing', async () => {
		expect(await loadJurisdiction(env.db.sql, 'NOPE')).toBeNull()
	})
})
