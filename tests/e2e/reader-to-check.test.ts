import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type CheckResponse, type ReaderCheckStack, startReaderCheckStack } from '../support/stack.ts'

/**
 * The whole path on real reader output: the register server's publications (packages/registers/fixtures
 * plus the scenario days of packages/register-server/src/scenarios.ts) read by the reader, the checker's
 * index following registry.changed, and GET /v1/check on the gateway process. Hosts and licence
 * numbers are the fixtures' own; each case says which publication makes it.
 */
const HOUR = 3_600_000
let stack: ReaderCheckStack

beforeAll(async () => {
	stack = await startReaderCheckStack()
	await stack.readDay(0)
}, 120_000)

afterAll(async () => {
	await stack?.stop()
})

type Case = { query: string; verdict: string; match?: Record<string, unknown> | null; also?: Record<string, unknown> }

async function expectCases(cases: Case[]) {
	for (const { query, verdict, match, also } of cases) {
		const { status, body } = await stack.check(query)
		// The query string rides along so a failure names its case.
		expect({ case: query, status, verdict: body.verdict }).toEqual({ case: query, status: 200, verdict })
		if (match === null) expect({ case: query, match: body.match }).toEqual({ case: query, match: null })
		else if (match) expect({ case: query, match: body.match }).toMatchObject({ case: query, match })
		if (also) expect({ case: query, ...body }).toMatchObject({ case: query, ...also })
	}
}

const UKGC_ENFORCEMENT = expect.stringMatching(/\/www\.gamblingcommission\.gov\.uk\/public-register\/regulatory-actions\/print$/)
const detailOf = (response: CheckResponse) => String(response.body.verdict_detail)
/** A host no register lists whose name is the UKGC trading name `KestrelBet` (missing from the trading-names file on day 1 only). */
const KESTREL_LOOKALIKE = 'domain=kestrelbet.net'

async function expectKestrelBetQuoted() {
	const lookalike = await stack.check(KESTREL_LOOKALIKE)
	expect(lookalike.body).toMatchObject({
		verdict: 'name_match_only',
		match: { match_type: 'trading_name_fuzzy', operator_slug: 'kestrel-interactive-limited', jurisdiction: 'UKGC' }
	})
	expect(detailOf(lookalike)).toContain('closely resembles "KestrelBet", a trading name of Kestrel Interactive Limited')
}

describe('reader output of the first read (scenario day 0)', () => {
	test('a UKGC account holding non-remote licences only: its listed domain is licence_not_active with no licence', async () => {
		await expectCases([
			{
				query: 'domain=firstplaybingo.co.uk',
				verdict: 'licence_not_active',
				match: {
					match_type: 'domain_exact',
					jurisdiction: 'UKGC',
					operator_slug: 'firstplay-bingo-halls-ltd',
					status: null,
					license_number: null,
					license_id: null,
					domain_status: 'active'
				}
			},
			// The KH permit page and the CW certificate still list them today; scenario day 1 removes them.
			{ query: 'domain=lanternbingo.net', verdict: 'licensed', match: { jurisdiction: 'KH', domain_status: 'active' } },
			{ query: 'domain=www.hrcasino-mirror3.io', verdict: 'licensed', match: { jurisdiction: 'CW', domain_status: 'active' } }
		])
	})

	test('a trading name the UKGC file prints answers a name match quoting it', async () => {
		await expectKestrelBetQuoted()
	})
})

describe('reader output of scenario day 1', () => {
	beforeAll(async () => {
		await stack.readDay(1)
	}, 120_000)

	test('a trading name the UKGC file no longer prints is no longer matched or quoted', async () => {
		const lookalike = await stack.check(KESTREL_LOOKALIKE)
		expect(detailOf(lookalike)).not.toContain('KestrelBet')
		expect(lookalike.body.match?.operator_slug).not.toBe('kestrel-interactive-limited')
	})
})

describe('reader output of scenario day 2: inside the grace window', () => {
	beforeAll(async () => {
		await stack.readDay(2)
	}, 120_000)

	test('the trading name printed again answers name matches again', async () => {
		await expectKestrelBetQuoted()
	})

	test('Talon Peak has missed two KH reads but only 24 h have passed: its permit is still active, its domain already delisted', async () => {
		await expectCases([
			{
				query: 'domain=talonpeak.io',
				verdict: 'domain_not_listed',
				match: { jurisdiction: 'KH', status: 'active', domain_status: 'delisted' }
			}
		])
	})
})

describe('reader output after scenario days 3 and 4', () => {
	beforeAll(async () => {
		for (const day of [3, 4]) await stack.readDay(day)
	}, 120_000)

	test('licensed: a listed host with an active licence in each of the seven registers', async () => {
		await expectCases([
			// UKGC domain file (account 39011); the account's remote licence re-issued on day 1 covers it.
			{
				query: 'domain=kestrelbet.co.uk',
				verdict: 'licensed',
				match: {
					match_type: 'domain_exact',
					jurisdiction: 'UKGC',
					license_number: '039011-R-319380-001',
					status: 'active',
					domain_status: 'active'
				}
			},
			// MGA seal page lists www.lumenharbour.com: the bare host is its www-counterpart, one site.
			{
				query: 'domain=LumenHarbour.com.',
				verdict: 'licensed',
				match: { jurisdiction: 'MGA', matched_domain: 'www.lumenharbour.com', status: 'active' },
				also: { query: { domain: 'lumenharbour.com', input: 'LumenHarbour.com.' } }
			},
			// CW: the licence's certificate page lists the domain.
			{
				query: 'domain=halcyonreach.com',
				verdict: 'licensed',
				match: { jurisdiction: 'CW', license_number: 'OGL/2024/251/0130', verification_url: 'https://cert.cga.cw/token?id=130' }
			},
			{ query: 'domain=mvplay.com', verdict: 'licensed', match: { jurisdiction: 'KH', license_reference_is_ours: true, status: 'active' } },
			{ query: 'domain=pumabet.net', verdict: 'licensed', match: { jurisdiction: 'AN', status: 'active', upstream_status: 'valid' } },
			{
				query: 'domain=adventcrest.com',
				verdict: 'licensed',
				match: { jurisdiction: 'TGC', license_number: 'TGC/B2C/advent-crest-gaming-inc' }
			},
			{
				query: 'domain=ravenscliffcasino.com',
				verdict: 'licensed',
				match: { jurisdiction: 'IOM', license_number: 'IOM/OGRA/ravenscliff-gaming' }
			}
		])
	})

	test('licensed_provisional: the CW licence under assessment past its term, by a domain its certificate lists and by number', async () => {
		await expectCases([
			{
				query: 'domain=tidewaterbet.com',
				verdict: 'licensed_provisional',
				match: {
					match_type: 'domain_exact',
					jurisdiction: 'CW',
					license_number: 'OGL/2023/587/0612',
					status: 'active',
					status_qualifier: 'provisional_under_assessment',
					domain_status: 'active',
					verification_url: 'https://cert.cga.cw/token?id=612'
				}
			},
			{
				query: 'license_number=OGL/2023/587/0612',
				verdict: 'licensed_provisional',
				match: {
					match_type: 'license_number',
					jurisdiction: 'CW',
					status: 'active',
					status_qualifier: 'provisional_under_assessment',
					upstream_status: 'Assessment in progress'
				}
			}
		])
		const { body } = await stack.check('license_number=OGL/2023/587/0612')
		expect(String(body.match.expires_at) < '2026-11-06').toBe(true)
	})

	test('domain_not_listed: hosts the KH permit page and CW certificates stopped listing while the licence stays active', async () => {
		await expectCases([
			{
				query: 'domain=lanternbingo.net',
				verdict: 'domain_not_listed',
				match: { jurisdiction: 'KH', status: 'active', domain_status: 'delisted', domain_last_listed_at: null }
			},
			// Dropped from its CW certificate on day 1.
			{
				query: 'domain=www.hrcasino-mirror3.io',
				verdict: 'domain_not_listed',
				match: { jurisdiction: 'CW', license_number: 'OGL/2024/251/0130', status: 'active', domain_status: 'delisted' }
			},
			// Its CW certificate reads "Not Active" from day 2: every domain on it delisted, the register still lists the licence as active.
			{
				query: 'domain=saffronisle.bet',
				verdict: 'domain_not_listed',
				match: { jurisdiction: 'CW', status: 'active', domain_status: 'delisted', verification_page_status: 'Not Active' }
			}
		])
	})

	test('licence_not_active: enforcement, surrender, lapse, disappearance, unclassified wording and a non-remote-only account', async () => {
		await expectCases([
			// UKGC enforcement page of day 1; the licences file still reads Active, so upstream_status is suppressed.
			{
				query: 'license_number=039011-R-319371-004',
				verdict: 'licence_not_active',
				match: { status: 'suspended', upstream_status: null, status_source_url: UKGC_ENFORCEMENT }
			},
			{
				query: 'license_number=039265-N-319416-009',
				verdict: 'licence_not_active',
				match: { status: 'revoked', upstream_status: null, status_source_url: UKGC_ENFORCEMENT }
			},
			// MGA and CW enforcement / register wording.
			{
				query: 'domain=www.quillongames.com',
				verdict: 'licence_not_active',
				match: { jurisdiction: 'MGA', status: 'suspended', domain_status: 'active' }
			},
			{
				query: 'domain=pinecrestplay.com',
				verdict: 'licence_not_active',
				match: { jurisdiction: 'CW', license_number: 'OGL/2024/887/0618', status: 'suspended', domain_status: 'active' }
			},
			// IOM "Cancelled" on day 1 is a revocation by the Commission.
			{
				query: 'domain=glenfabaplay.com',
				verdict: 'licence_not_active',
				match: { jurisdiction: 'IOM', status: 'revoked', upstream_status: 'Cancelled' }
			},
			// UKGC licences file of day 2: Surrendered, Lapsed, Under Review.
			{
				query: 'license_number=000102-N-000000-000',
				verdict: 'licence_not_active',
				match: { status: 'surrendered', upstream_status: 'Surrendered' }
			},
			{
				query: 'license_number=039265-A-319417-009',
				verdict: 'licence_not_active',
				match: { status: 'expired', upstream_status: 'Lapsed' }
			},
			{
				query: 'license_number=048801-R-325710-001',
				verdict: 'licence_not_active',
				match: { status: 'unknown', upstream_status: 'Under Review' }
			},
			// Gone from the UKGC file since day 2: two missed reads and 48 h later (day 4) it is not_in_register.
			{
				query: 'license_number=039439-R-319330-012',
				verdict: 'licence_not_active',
				match: { status: 'not_in_register', upstream_status: null }
			},
			// Talon Peak left the KH page on day 1: its domain is delisted and its permit not_in_register.
			{
				query: 'domain=talonpeak.io',
				verdict: 'licence_not_active',
				match: { jurisdiction: 'KH', status: 'not_in_register', domain_status: 'delisted' }
			},
			// Still no licence able to cover a website, now delisted too.
			{
				query: 'domain=firstplaybingo.co.uk',
				verdict: 'licence_not_active',
				match: { status: null, license_number: null, domain_status: 'delisted' }
			}
		])
		expect(detailOf(await stack.check('license_number=039011-R-319371-004'))).toContain('(an enforcement decision)')
		expect(detailOf(await stack.check('license_number=000102-N-000000-000'))).toContain('(not an enforcement decision)')
	})

	test('related_host_listed: a made-up subdomain of one operator, and a registrable domain shared by two', async () => {
		await expectCases([
			{
				query: 'domain=fr.lumenharbour.com',
				verdict: 'related_host_listed',
				match: {
					match_type: 'related_host',
					operator_slug: 'lumen-harbour-gaming-ltd',
					matched_domain: 'www.lumenharbour.com',
					domain_status: 'active'
				}
			},
			// The UKGC domain file lists sharedwidgets.com under accounts 39265 and 45235.
			{
				query: 'domain=promo.sharedwidgets.com',
				verdict: 'related_host_listed',
				match: null,
				also: { match_absence_reason: 'shared_registrable', confidence: 'none' }
			}
		])
		const related = (await stack.check('domain=fr.lumenharbour.com')).body.related_hosts as { hostname: string }[]
		expect(related.map((host) => host.hostname)).toEqual(['de.lumenharbour.com', 'www.lumenharbour.com'])
		const shared = (await stack.check('domain=promo.sharedwidgets.com')).body.related_hosts as { operator_slug: string }[]
		expect(new Set(shared.map((host) => host.operator_slug))).toEqual(
			new Set(['harbour-vale-and-co-betting-limited', 'quayside-amusements-limited'])
		)
	})

	test('name_match_only, not_found and generic_term on hosts no register lists', async () => {
		await expectCases([
			{
				query: 'domain=ravenscliffgaming.net',
				verdict: 'name_match_only',
				match: {
					match_type: 'trading_name_fuzzy',
					confidence: 'medium',
					operator_slug: 'ravenscliff-gaming-limited',
					domain_status: null,
					matched_domain: null
				}
			},
			{ query: 'domain=quietmeadow-gardening.org', verdict: 'not_found', match: null, also: { confidence: 'none' } },
			{ query: 'domain=bestcasino.com', verdict: 'generic_term', match: null, also: { match_absence_reason: 'generic_term' } }
		])
		expect(detailOf(await stack.check('domain=quietmeadow-gardening.org'))).toContain('UKGC, MGA, CW, KH, AN, TGC, IOM')
	})

	test('licence numbers: a superseded UKGC version resolves to the one listed; KH, TGC and IOM service references are accepted', async () => {
		const superseded = await stack.check('license_number=000102 N 317976 010')
		expect(superseded.body).toMatchObject({
			verdict: 'licensed',
			superseded_number: '000102-N-317976-010',
			match: { match_type: 'license_number', license_number: '000102-N-317976-011' }
		})
		expect(detailOf(superseded).indexOf('000102-N-317976-010')).toBeLessThan(detailOf(superseded).indexOf('000102-N-317976-011'))
		for (const reference of ['KH/IG/mohawk-valley-interactive-corp', 'tgc/b2c/advent-crest-gaming-inc', 'IOM/OGRA/ravenscliff-gaming']) {
			const response = await stack.check(`license_number=${encodeURIComponent(reference)}`)
			expect({ reference, verdict: response.body.verdict, ours: response.body.match?.license_reference_is_ours }).toEqual({
				reference,
				verdict: 'licensed',
				ours: true
			})
			expect(detailOf(response).toLowerCase()).not.toContain(reference.toLowerCase())
		}
	})

	test('as_of on the licence the day-1 enforcement page suspended: observed, before_tracking, then corrected once the event is withdrawn', async () => {
		const query = 'license_number=039011-R-319371-004'
		const day0 = await stack.check(`${query}&as_of=2026-11-02`)
		expect(day0.body).toMatchObject({
			verdict: 'licence_not_active',
			as_of: { basis: 'observed', status: 'active', tracking_since: '2026-11-02T06:00:00.000Z' }
		})
		const day1 = await stack.check(`${query}&as_of=2026-11-03`)
		expect(day1.body.as_of).toMatchObject({
			basis: 'observed',
			status: 'suspended',
			transition: { previous_status: 'active', new_status: 'suspended' }
		})
		const before = await stack.check(`${query}&as_of=2026-11-01T23:00:00%2B00:00`)
		expect(before.body.as_of).toMatchObject({ basis: 'before_tracking', status: null })

		const licenceId = day1.body.match.license_id as string
		const [event] = await stack.db.sql<
			{ id: string }[]
		>`SELECT id FROM license_history WHERE license_id = ${licenceId} AND new_status = 'suspended'`
		if (!event) throw new Error('the reader wrote no suspension event')
		expect(day1.body.as_of.transition.id).toBe(event.id)
		const withdrawn = await stack.withdrawEvent(event.id, 'The enforcement notice named another licence')
		expect({ exitCode: withdrawn.exitCode, stderr: withdrawn.stderr }).toEqual({ exitCode: 0, stderr: '' })
		expect(JSON.parse(withdrawn.stdout)).toMatchObject({ outcome: 'withdrawn', historyId: event.id })

		const corrected = await stack.check(`${query}&as_of=2026-11-03`)
		expect(corrected.body).toMatchObject({
			verdict: 'licence_not_active',
			match: { status: 'suspended' },
			as_of: {
				basis: 'corrected',
				status: null,
				correction: { withdrawn_status: 'suspended', correction_note: 'The enforcement notice named another licence' }
			}
		})
		expect(detailOf(corrected)).not.toMatch(/^[^.]*suspended/)
		expect((await stack.check(`${query}&as_of=2026-11-02`)).body.as_of).toMatchObject({ basis: 'observed', status: 'active' })
	})

	test('freshness: with no read past a register SLA, _meta.register.fresh is false and the register is in stale_jurisdictions', async () => {
		const lastRead = stack.clock.now().toISOString()
		const before = await stack.check('domain=kestrelbet.co.uk')
		expect(before.body._meta).toMatchObject({
			register: { jurisdiction: 'UKGC', last_read_at: lastRead, fresh: true, sla_hours: 24 },
			stale_jurisdictions: []
		})

		stack.clock.advance(25 * HOUR)
		const ukgc = await stack.check('domain=kestrelbet.co.uk')
		expect(ukgc.body).toMatchObject({
			verdict: 'licensed',
			_meta: { register: { jurisdiction: 'UKGC', last_read_at: lastRead, fresh: false, sla_hours: 24 } }
		})
		expect(detailOf(ukgc)).toContain('past its 24-hour freshness target')
		const mga = await stack.check('domain=lumenharbour.com')
		expect(mga.body._meta.register).toMatchObject({ jurisdiction: 'MGA', fresh: true, sla_hours: 48 })
		const codes = (response: CheckResponse) =>
			(response.body._meta.stale_jurisdictions as { jurisdiction: string }[]).map((entry) => entry.jurisdiction).sort()
		const missed = await stack.check('domain=quietmeadow-gardening.org')
		expect(codes(missed)).toEqual(['AN', 'IOM', 'TGC', 'UKGC'])

		stack.clock.advance(24 * HOUR)
		expect(codes(await stack.check('domain=quietmeadow-gardening.org'))).toEqual(['AN', 'CW', 'IOM', 'KH', 'MGA', 'TGC', 'UKGC'])
	})
})
