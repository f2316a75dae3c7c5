import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, ensureStreams, publish } from '@lv/bus'
import { RegistryChanged, registryChangedMsgId, subjects } from '@lv/contracts'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats, waitFor } from '@lv/testing'
import { type RegisterFactory, registerFactory } from '../../services/checker/src/test-support/register-factory.ts'
import { type ServiceProcess, issueKey, startService } from './check-stack.ts'

/**
 * The whole path with real processes: gateway main.ts -> NATS request/reply -> checker main.ts ->
 * its index loaded from PostgreSQL. The register rows are written the way a reader run writes them
 * (services/checker/src/test-support/register-factory.ts), one scenario per verdict.
 */
const HOUR = 3_600_000
const readAt = new Date(Date.now() - HOUR)
let db: TestDatabase
let nats: NatsHandle
let bus: Bus
let make: RegisterFactory
let checkers: ServiceProcess[] = []
let gateway: ServiceProcess
let key: string

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	make = registerFactory(db.sql, readAt)
	await seedOneScenarioPerVerdict(make)
	await make.finishAllRuns(readAt)
	key = await issueKey(db.sql, 'enterprise')
	const env = { DATABASE_URL: db.url, NATS_URL: nats.url, WEBHOOK_SECRET_KEY: 'MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=' }
	checkers = await Promise.all([startService('checker', env), startService('checker', env)])
	gateway = await startService('gateway', { ...env, CHECKER_TIMEOUT_MS: '1000' })
	bus = await connectBus({ servers: nats.url, name: 'e2e-check-path' })
	await ensureStreams(bus)
}, 90_000)

afterAll(async () => {
	await gateway?.stop()
	for (const checker of checkers) await checker.stop()
	await bus?.close()
	await nats.stop()
	await db.drop()
})

async function seedOneScenarioPerVerdict(f: RegisterFactory) {
	const acme = await f.operator('acme-gaming', 'Acme Gaming')
	const acmeLicence = await f.licence(acme, { license_number: '000-012345-R-123456-002' })
	await f.previousNumber(acmeLicence, '000-012345-R-123456-001', new Date('2026-03-01T00:00:00Z'))
	await f.link(acme, 'acmebet.co.uk', acmeLicence)
	await f.link(acme, 'old-acmebet.com', acmeLicence, { link_status: 'delisted' })
	await f.tradingName(acme, 'UKGC', 'Acme Gaming')
	await f.history(acmeLicence, { changed_at: new Date('2026-01-10T00:00:00Z'), previous_status: null, new_status: 'active' })
	await f.history(acmeLicence, {
		changed_at: new Date('2026-04-01T00:00:00Z'),
		previous_status: 'active',
		new_status: 'suspended',
		corrected_at: new Date('2026-04-03T00:00:00Z'),
		correction_note: 'Misread of the enforcement page'
	})

	const island = await f.operator('island-casino', 'Island Casino')
	const islandLicence = await f.licence(island, {
		jurisdiction: 'CW',
		license_number: 'OGL/2024/118/0091',
		status_qualifier: 'provisional_under_assessment',
		upstream_status: 'Under assessment',
		license_types: ['B2C'],
		expiry_date: '2025-06-30'
	})
	await f.link(island, 'islandcasino.com', islandLicence, {
		verification_url: 'https://cert.gcb.cw/certificate?id=118',
		verification_page_status: 'Under assessment',
		verification_page_read_at: readAt
	})

	const shady = await f.operator('shady-spins', 'Shady Spins')
	const shadyLicence = await f.licence(shady, {
		jurisdiction: 'MGA',
		license_number: 'MGA/B2C/999/2019',
		status: 'revoked',
		upstream_status: 'Revoked',
		license_types: ['Type 1']
	})
	await f.link(shady, 'shadyspins.com', shadyLicence)

	const kh = await f.operator('mohawk-play', 'Mohawk Play')
	const khPermit = await f.licence(kh, {
		jurisdiction: 'KH',
		license_number: 'KH/IG/mohawk-play',
		license_types: ['Interactive Gaming Permit']
	})
	await f.link(kh, 'mohawkplay.com', khPermit)

	// Two operators listing hosts on one registrable domain: a query for a third host there is shared_registrable.
	const one = await f.operator('one-studio', 'One Studio')
	const two = await f.operator('two-studio', 'Two Studio')
	await f.link(
		one,
		'alpha.shared-brand.com',
		await f.licence(one, { jurisdiction: 'AN', license_number: 'ALSI-1111', license_types: ['B2C'] })
	)
	await f.link(
		two,
		'beta.shared-brand.com',
		await f.licence(two, { jurisdiction: 'AN', license_number: 'ALSI-2222', license_types: ['B2C'] })
	)
}

type Body = Record<string, unknown> & {
	verdict?: string
	match?: Record<string, unknown> | null
	as_of?: Record<string, unknown>
	code?: string
	details?: { reason?: string }
}
const check = async (query: string): Promise<{ status: number; body: Body; headers: Headers }> => {
	const response = await fetch(`http://127.0.0.1:${gateway.port}/v1/check?${query}`, { headers: { authorization: `Bearer ${key}` } })
	return { status: response.status, body: (await response.json()) as Body, headers: response.headers }
}

describe('gateway -> NATS -> checker -> PostgreSQL, real processes', () => {
	test('every verdict of the SPEC table on reader-shaped rows', async () => {
		const cases: [string, string, Partial<Record<string, unknown>>][] = [
			[
				'domain=www.acmebet.co.uk',
				'licensed',
				{ match_type: 'domain_exact', matched_domain: 'acmebet.co.uk', domain_status: 'active', status: 'active' }
			],
			[
				'domain=islandcasino.com',
				'licensed_provisional',
				{ status_qualifier: 'provisional_under_assessment', expires_at: '2025-06-30', jurisdiction: 'CW' }
			],
			['domain=old-acmebet.com', 'domain_not_listed', { domain_status: 'delisted', domain_last_listed_at: null }],
			['domain=shadyspins.com', 'licence_not_active', { status: 'revoked', upstream_status: 'Revoked' }],
			['domain=promo.acmebet.co.uk', 'related_host_listed', { match_type: 'related_host', matched_domain: 'acmebet.co.uk' }],
			['domain=acmegaming.net', 'name_match_only', { match_type: 'trading_name_fuzzy', confidence: 'medium', domain_status: null }],
			['domain=quietmeadow-gardening.org', 'not_found', {}],
			['domain=bestcasino.com', 'generic_term', {}]
		]
		for (const [query, verdict, match] of cases) {
			const { status, body } = await check(query)
			expect({ query, status, verdict: body.verdict }).toEqual({ query, status: 200, verdict })
			if (Object.keys(match).length > 0) expect(body.match).toMatchObject(match)
			else expect(body.match).toBeNull()
		}
		expect((await check('domain=bestcasino.com')).body.match_absence_reason).toBe('generic_term')
		const shared = (await check('domain=gamma.shared-brand.com')).body
		expect({ verdict: shared.verdict, reason: shared.match_absence_reason }).toEqual({
			verdict: 'related_host_listed',
			reason: 'shared_registrable'
		})
	})

	test('licence numbers: an earlier UKGC version resolves; a KH reference is accepted and never printed as a number', async () => {
		const ukgc = (await check('license_number=000-012345-r-123456-001')).body
		expect(ukgc).toMatchObject({
			verdict: 'licensed',
			superseded_number: '000-012345-R-123456-001',
			match: { match_type: 'license_number' }
		})
		expect(String(ukgc.verdict_detail).indexOf('000-012345-R-123456-001')).toBeLessThan(
			String(ukgc.verdict_detail).indexOf('000-012345-R-123456-002')
		)
		const kh = (await check('license_number=kh/ig/mohawk-play')).body
		expect(kh).toMatchObject({ verdict: 'licensed', match: { license_reference_is_ours: true } })
		expect(String(kh.verdict_detail)).not.toContain('KH/IG/mohawk-play')
	})

	test('as_of: observed, corrected (withdrawn event, no fallback) and before_tracking, from license_history', async () => {
		const observed = (await check('domain=acmebet.co.uk&as_of=2026-02-01')).body
		expect(observed.as_of).toMatchObject({ basis: 'observed', status: 'active' })
		const corrected = (await check('domain=acmebet.co.uk&as_of=2026-04-02T12:00:00%2B02:00')).body
		expect(corrected.as_of).toMatchObject({ basis: 'corrected', status: null, correction: { withdrawn_status: 'suspended' } })
		expect(corrected.verdict).toBe('licensed')
		const before = (await check('license_number=000-012345-R-123456-002&as_of=2025-12-31')).body
		expect(before.as_of).toMatchObject({ basis: 'before_tracking', status: null })
	})

	test('a register change published as registry.changed is answered by both running checkers', async () => {
		const late = await make.operator('late-arrival', 'Late Arrival')
		await make.link(
			late,
			'latearrival.com',
			await make.licence(late, { jurisdiction: 'TGC', license_number: 'TGC/B2C/late-arrival', license_types: ['B2C'] })
		)
		const version = await make.finishRun('TGC', new Date())
		await publish(
			bus,
			RegistryChanged,
			subjects.registryChanged('TGC'),
			{
				id: 'tgc-run-2',
				sent_at: new Date().toISOString(),
				jurisdiction: 'TGC',
				run_id: 'tgc-run-2',
				data_version: Number(version),
				changed: true
			},
			registryChangedMsgId('TGC', 'tgc-run-2')
		)
		// Requests are spread over both replicas by the queue group; 20 licensed answers in a row means both rebuilt.
		await waitFor(
			async () =>
				(await Promise.all(Array.from({ length: 20 }, () => check('domain=latearrival.com')))).every((r) => r.body.verdict === 'licensed'),
			{
				what: 'both checkers to rebuild TGC',
				timeoutMs: 15_000
			}
		)
	})

	test('with every checker stopped the gateway answers 503 in the envelope within the bounded time; checkers exit 0 on SIGTERM', async () => {
		for (const checker of checkers) expect(await checker.stop()).toBe(0)
		const started = performance.now()
		const { status, body } = await check('domain=acmebet.co.uk')
		expect({ status, code: body.code, reason: body.details?.reason }).toEqual({
			status: 503,
			code: 'service_unavailable',
			reason: 'checker_unavailable'
		})
		expect(performance.now() - started).toBeLessThan(1_500)
	})
})
