import { beforeAll, describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { handleFrom } from '@lv/testing'
import { type TestAccount, accountWithKey, bearer } from '../test-support/accounts.ts'
import { testApp } from '../test-support/gateway.ts'
import { insertDomain, insertHistory, insertLicence, insertOperator, insertRegulatoryAction } from '../test-support/register-data.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const env = databaseAndNatsPerFile('lookup-test')
let pro: TestAccount
const clock = new TestClock('2026-11-05T12:00:00.000Z')
const ids: Record<string, string> = {}

beforeAll(async () => {
	pro = await accountWithKey(env.db.sql, clock, 'enterprise')
	const sql = env.db.sql
	ids.acme = await insertOperator(sql, { slug: 'acme-gaming', display_name: 'Acme Gaming' })
	ids.beta = await insertOperator(sql, { slug: 'beta-acme', display_name: 'Beta Bets', registered_name: 'Acme Holdings Beta Ltd' })
	ids.acmeBet = await insertOperator(sql, { slug: 'acme', display_name: 'Zed Acme' })
	ids.acmeCasino = await insertOperator(sql, { slug: 'acme-casino', display_name: 'Acme Casino' })
	ids.other = await insertOperator(sql, { slug: 'other-co', display_name: 'Other Co' })
	ids.ukgcLicence = await insertLicence(sql, {
		operatorId: ids.acme,
		jurisdiction: 'UKGC',
		number: '000-039028-R-1',
		statusSourceUrl: 'https://register.example/ukgc-status'
	})
	ids.mgaLicence = await insertLicence(sql, { operatorId: ids.acme, jurisdiction: 'MGA', number: 'MGA/B2C/1', status: 'suspended' })
	await insertLicence(sql, { operatorId: ids.beta, jurisdiction: 'MGA' })
	await insertLicence(sql, { operatorId: ids.other, jurisdiction: 'MGA', status: 'revoked' })
	await insertDomain(sql, { operatorId: ids.acme, licenceId: ids.ukgcLicence, jurisdiction: 'UKGC', hostname: 'acme.example' })
	await insertHistory(sql, { licenceId: ids.mgaLicence, changedAt: '2026-01-10T00:00:00Z', previous: null, next: 'active' })
	await insertHistory(sql, {
		licenceId: ids.mgaLicence,
		changedAt: '2026-06-01T00:00:00Z',
		previous: 'active',
		next: 'revoked',
		correctedAt: '2026-06-03T00:00:00Z'
	})
	await insertHistory(sql, { licenceId: ids.mgaLicence, changedAt: '2026-09-01T00:00:00Z', previous: 'active', next: 'suspended' })
	await insertRegulatoryAction(sql, { operatorId: ids.acme, jurisdiction: 'UKGC', type: 'fine', amount: 500_000, date: '2025-03-01' })
	await insertRegulatoryAction(sql, { operatorId: ids.acme, jurisdiction: 'MGA', type: 'warning', amount: null, date: '2026-02-01' })
	await insertRegulatoryAction(sql, { operatorId: ids.acme, jurisdiction: 'UKGC', type: 'fine', amount: 9_000_000, date: '2024-01-01' })
})

const app = () => testApp({ sql: env.db.sql, bus: env.bus, clock })
let peer = 0
const get = async (path: string, headers: Record<string, string> = bearer(pro.key)) => {
	const response = await handleFrom(app(), new Request(`http://localhost${path}`, { headers }), `192.0.2.${++peer % 250}`)
	return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

describe('GET /v1/jurisdictions', () => {
	test('lists the seven jurisdictions without a key, with the keyless headers', async () => {
		const response = await get('/v1/jurisdictions', {})
		expect(response.status).toBe(200)
		expect(response.body.jurisdictions.map((row: { code: string }) => row.code)).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
		expect(response.body.jurisdictions[0]).toEqual({
			code: 'UKGC',
			name: 'UK Gambling Commission',
			country_code: 'GB',
			website: 'https://www.gamblingcommission.gov.uk',
			currency: 'GBP',
			license_types: ['Remote', 'Non-Remote', 'Ancillary Remote', 'Ancillary']
		})
		expect(response.headers.get('x-ratelimit-policy')).toBe('tier=public;limit=10;window=hour')
	})
})

describe('GET /v1/jurisdictions/{code}', () => {
	test('resolves a code in any letter case', async () => {
		const response = await get('/v1/jurisdictions/ukgc')
		expect(response.status).toBe(200)
		expect(response.body.code).toBe('UKGC')
	})

	test('a malformed code is 400 invalid_jurisdiction_code; an unknown one 404 jurisdiction_not_found; no key 401', async () => {
		expect((await get('/v1/jurisdictions/U')).body).toMatchObject({
			code: 'invalid_jurisdiction_code',
			details: { reason: 'invalid_input', field: 'code' }
		})
		expect((await get('/v1/jurisdictions/UK-GC')).status).toBe(400)
		const missing = await get('/v1/jurisdictions/ZZ')
		expect(missing.status).toBe(404)
		expect(missing.body.details.reason).toBe('jurisdiction_not_found')
		expect((await get('/v1/jurisdictions/UKGC', {})).status).toBe(401)
	})
})

describe('GET /v1/jurisdictions/{code}/operators', () => {
	test('lists every operator with a licence record there, in any status, with total ignoring paging', async () => {
		const all = await get('/v1/jurisdictions/mga/operators')
		expect(all.status).toBe(200)
		expect(all.body).toMatchObject({ jurisdiction_code: 'MGA', total: 3, limit: 50, offset: 0 })
		expect(all.body.operators.map((row: { id: string }) => row.id)).toEqual([ids.acme, ids.beta, ids.other].sort())
		const page = await get('/v1/jurisdictions/MGA/operators?limit=1&offset=1')
		expect(page.body).toMatchObject({ total: 3, limit: 1, offset: 1 })
		expect(page.body.operators.map((row: { id: string }) => row.id)).toEqual([[ids.acme, ids.beta, ids.other].sort()[1]])
	})

	test('limit outside 1–200 or a negative offset is 400 invalid_pagination, never a clamp; an unknown code is 404', async () => {
		for (const query of ['limit=0', 'limit=201', 'offset=-1', 'limit=2.5']) {
			const response = await get(`/v1/jurisdictions/MGA/operators?${query}`)
			expect({ query, status: response.status, code: response.body.code }).toEqual({ query, status: 400, code: 'invalid_pagination' })
		}
		expect((await get('/v1/jurisdictions/XX/operators')).body.details.reason).toBe('jurisdiction_not_found')
	})
})

describe('GET /v1/operators/search', () => {
	test('orders exact slug, then display-name prefix, then the rest, each by display_name', async () => {
		const response = await get('/v1/operators/search?q=ACME')
		expect(response.status).toBe(200)
		expect(response.body.operators.map((row: { slug: string }) => row.slug)).toEqual(['acme', 'acme-casino', 'acme-gaming', 'beta-acme'])
		expect(response.body).toMatchObject({ q: 'ACME', total: 4, limit: 20, offset: 0 })
		expect(response.body.operators[0]._meta).toMatchObject({ confidence_hint: 'scraped', source_modified_at: null })
		expect(response.body._meta).toMatchObject({ total_sources: 2 })
	})

	test('a row of an operator holding no licence still carries a scraped_at timestamp: the operator row, as on its detail', async () => {
		const response = await get('/v1/operators/search?q=zed%20acme')
		expect(response.body.operators.map((row: { slug: string }) => row.slug)).toEqual(['acme'])
		expect(response.body.operators[0]._meta.scraped_at).toBe('2026-10-01T00:00:00.000Z')
		expect((await get('/v1/operators/acme')).body._meta.scraped_at).toBe('2026-10-01T00:00:00.000Z')
		expect(response.body._meta.freshness_range).toEqual({ oldest: '2026-10-01T00:00:00.000Z', newest: '2026-10-01T00:00:00.000Z' })
	})

	test('keyless callers get at most 3 rows and the effective limit', async () => {
		const response = await get('/v1/operators/search?q=acme&limit=50', {})
		expect(response.body.operators).toHaveLength(3)
		expect(response.body).toMatchObject({ limit: 3, total: 4 })
	})

	test('a limit over 100 is 400 invalid_query / invalid_pagination; a missing q is 400 invalid_input', async () => {
		expect((await get('/v1/operators/search?q=a&limit=101')).body).toMatchObject({
			code: 'invalid_query',
			details: { reason: 'invalid_pagination', field: 'limit' }
		})
		expect((await get('/v1/operators/search')).body).toMatchObject({
			code: 'invalid_query',
			details: { reason: 'invalid_input', field: 'q' }
		})
	})

	test('a q holding a NUL character is 400 invalid_input on q, never a query the database refuses', async () => {
		for (const q of ['%00', 'acme%00', '%00acme'])
			expect(await get(`/v1/operators/search?q=${q}`)).toMatchObject({
				status: 400,
				body: { code: 'invalid_query', details: { reason: 'invalid_input', field: 'q' } }
			})
	})
})

describe('GET /v1/operators/{slug}', () => {
	test('returns operator, complete licences and domains, and _meta from one licence', async () => {
		const response = await get('/v1/operators/ACME-Gaming')
		expect(response.status).toBe(200)
		expect(response.body.operator.slug).toBe('acme-gaming')
		expect(response.body.licenses.map((row: { jurisdiction_code: string }) => row.jurisdiction_code)).toEqual(['UKGC', 'MGA'])
		expect(response.body.licenses[0]).toMatchObject({ issued_date: '2020-01-15', status: 'active', license_reference_is_ours: false })
		expect(response.body.licenses[0].as_of).toBeUndefined()
		expect(response.body.domains).toEqual([expect.objectContaining({ hostname: 'acme.example', status: 'active', verification_url: null })])
		expect(response.body._meta).toEqual({
			scraped_at: '2026-11-04T06:00:00.000Z',
			source_modified_at: null,
			source_url: 'https://register.example/ukgc-status',
			confidence_hint: 'authoritative'
		})
	})

	test('as_of attaches a per-licence as_of object; a withdrawn event gives basis corrected, never the earlier status', async () => {
		const response = await get('/v1/operators/acme-gaming?as_of=2026-07-01')
		const mga = response.body.licenses.find((row: { id: string }) => row.id === ids.mgaLicence)
		expect(mga.as_of).toMatchObject({
			basis: 'corrected',
			status: null,
			resolved_at: '2026-07-01T23:59:59.999Z',
			tracking_since: '2026-01-10T00:00:00.000Z'
		})
		expect(mga.as_of.correction.withdrawn_status).toBe('revoked')
		const ukgc = response.body.licenses.find((row: { id: string }) => row.id === ids.ukgcLicence)
		expect(ukgc.as_of).toMatchObject({ basis: 'no_such_license', status: null })
		const later = await get('/v1/operators/acme-gaming?as_of=2026-10-01T00:00:00%2B02:00')
		expect(later.body.licenses.find((row: { id: string }) => row.id === ids.mgaLicence).as_of).toMatchObject({
			basis: 'observed',
			status: 'suspended'
		})
	})

	test('a future or malformed as_of is 400 invalid_input on as_of; bad and unknown slugs', async () => {
		for (const value of ['2026-11-06', '2026-02-30', 'yesterday'])
			expect((await get(`/v1/operators/acme-gaming?as_of=${value}`)).body.details).toMatchObject({
				reason: 'invalid_input',
				field: 'as_of'
			})
		expect((await get(`/v1/operators/${'a'.repeat(129)}`)).body.code).toBe('invalid_slug')
		expect((await get('/v1/operators/nobody')).body.details.reason).toBe('operator_not_found')
	})

	test('a slug holding a NUL character is 400 invalid_slug on every operator route, never a query the database refuses', async () => {
		for (const path of ['/v1/operators/%00', '/v1/operators/acme%00gaming/licenses', '/v1/operators/acme-gaming%00/regulatory-actions'])
			expect(await get(path)).toMatchObject({
				status: 400,
				body: { code: 'invalid_slug', details: { reason: 'invalid_input', field: 'slug' } }
			})
	})

	test('a legacy trial key is 402 endpoint_requires_paid_plan', async () => {
		const trial = await accountWithKey(env.db.sql, clock, 'trial')
		expect((await get('/v1/operators/acme-gaming', bearer(trial.key))).body.details.reason).toBe('endpoint_requires_paid_plan')
	})
})

describe('GET /v1/operators/{slug}/licenses', () => {
	test('include_history=true adds each licence log, most recent first', async () => {
		const plain = await get('/v1/operators/acme-gaming/licenses')
		expect(plain.body.operator_slug).toBe('acme-gaming')
		expect(plain.body.licenses[0].history).toBeUndefined()
		const withHistory = await get('/v1/operators/acme-gaming/licenses?include_history=true')
		const mga = withHistory.body.licenses.find((row: { id: string }) => row.id === ids.mgaLicence)
		expect(mga.history.map((event: { changed_at: string }) => event.changed_at)).toEqual([
			'2026-09-01T00:00:00.000Z',
			'2026-06-01T00:00:00.000Z',
			'2026-01-10T00:00:00.000Z'
		])
	})

	test('as_of attaches each licence its own as_of object, as on the operator detail; a future as_of is 400', async () => {
		const response = await get('/v1/operators/acme-gaming/licenses?as_of=2026-07-01&include_history=true')
		const mga = response.body.licenses.find((row: { id: string }) => row.id === ids.mgaLicence)
		expect(mga.status).toBe('suspended')
		expect(mga.as_of).toMatchObject({ basis: 'corrected', status: null, resolved_at: '2026-07-01T23:59:59.999Z' })
		expect(mga.history).toHaveLength(3)
		const ukgc = response.body.licenses.find((row: { id: string }) => row.id === ids.ukgcLicence)
		expect(ukgc.as_of).toMatchObject({ basis: 'no_such_license', status: null })
		const future = await get('/v1/operators/acme-gaming/licenses?as_of=2026-11-06')
		expect({ status: future.status, code: future.body.code, details: future.body.details }).toEqual({
			status: 400,
			code: 'invalid_query',
			details: { reason: 'invalid_input', field: 'as_of' }
		})
	})
})

describe('GET /v1/operators/{slug}/regulatory-actions', () => {
	test('sorts, paging and the _meta note and sources read', async () => {
		const byDate = await get('/v1/operators/acme-gaming/regulatory-actions')
		expect(byDate.body).toMatchObject({ operator_slug: 'acme-gaming', total: 3, limit: 20, offset: 0, sort: 'date_desc' })
		expect(byDate.body.regulatory_actions.map((row: { decision_date: string }) => row.decision_date)).toEqual([
			'2026-02-01',
			'2025-03-01',
			'2024-01-01'
		])
		expect(byDate.body._meta.note).toContain('not a clean record')
		expect(byDate.body._meta.sources_read.map((row: { jurisdiction_code: string }) => row.jurisdiction_code)).toEqual(['UKGC', 'MGA', 'CW'])
		const byAmount = await get('/v1/operators/acme-gaming/regulatory-actions?sort=amount_desc')
		expect(byAmount.body.regulatory_actions.map((row: { amount_minor_units: number | null }) => row.amount_minor_units)).toEqual([
			9_000_000,
			500_000,
			null
		])
		const byType = await get('/v1/operators/acme-gaming/regulatory-actions?sort=type_asc&limit=1&offset=2')
		expect(byType.body.regulatory_actions.map((row: { action_type: string }) => row.action_type)).toEqual(['warning'])
		expect((await get('/v1/operators/acme-gaming/regulatory-actions?limit=0')).body.details.reason).toBe('invalid_pagination')
		expect((await get('/v1/operators/acme-gaming/regulatory-actions?sort=biggest')).body.details).toMatchObject({
			reason: 'invalid_input',
			field: 'sort'
		})
	})

	test('an operator with no linked action gets an empty list, not a 404', async () => {
		expect((await get('/v1/operators/other-co/regulatory-actions')).body).toMatchObject({ total: 0, regulatory_actions: [] })
	})
})

describe('GET /v1/licenses/{license_id}', () => {
	test('returns the licence with _meta; scraped for a non-UKGC register', async () => {
		const response = await get(`/v1/licenses/${ids.mgaLicence?.toUpperCase()}`)
		expect(response.status).toBe(200)
		expect(response.body).toMatchObject({
			id: ids.mgaLicence,
			status: 'suspended',
			_meta: { confidence_hint: 'scraped', source_url: 'https://register.example/MGA' }
		})
		const asOf = await get(`/v1/licenses/${ids.mgaLicence}?as_of=2026-03-01`)
		expect(asOf.body.as_of).toMatchObject({ basis: 'observed', status: 'active' })
		const before = await get(`/v1/licenses/${ids.mgaLicence}?as_of=2025-12-31`)
		expect(before.body.as_of).toMatchObject({ basis: 'before_tracking', status: null })
	})

	test('a licence number in the path is 400 invalid_license_id; an unknown uuid 404 license_not_found', async () => {
		expect((await get('/v1/licenses/000-039028-R-1')).body.code).toBe('invalid_license_id')
		expect((await get(`/v1/licenses/${crypto.randomUUID()}`)).body.details.reason).toBe('license_not_found')
	})

	test('history is most recent first with a freshness range spanning the events', async () => {
		const response = await get(`/v1/licenses/${ids.mgaLicence}/history`)
		expect(response.body).toMatchObject({ license_id: ids.mgaLicence, license_number: 'MGA/B2C/1' })
		expect(response.body.history).toHaveLength(3)
		expect(response.body.history[1]).toMatchObject({ new_status: 'revoked', corrected_at: '2026-06-03T00:00:00.000Z' })
		expect(response.body._meta.freshness_range).toEqual({ oldest: '2026-01-10T00:00:00.000Z', newest: '2026-09-01T00:00:00.000Z' })
	})
})

describe('path values that cannot be decoded', () => {
	test("a malformed percent-escape gets its parameter's SPEC code, as any other refused value of it does", async () => {
		const cases = [
			['/v1/jurisdictions/%ZZ', 'invalid_jurisdiction_code', 'code'],
			['/v1/jurisdictions/U%4/operators', 'invalid_jurisdiction_code', 'code'],
			['/v1/operators/%ZZ', 'invalid_slug', 'slug'],
			['/v1/operators/acme%E0%A4%A/licenses', 'invalid_slug', 'slug'],
			['/v1/operators/%C0%AF/regulatory-actions', 'invalid_slug', 'slug'],
			['/v1/licenses/%ZZ', 'invalid_license_id', 'license_id'],
			['/v1/licenses/%ZZ/history', 'invalid_license_id', 'license_id']
		]
		for (const [path, code, field] of cases) {
			const response = await get(path as string)
			expect({ path, status: response.status, code: response.body.code, details: response.body.details }).toEqual({
				path,
				status: 400,
				code,
				details: { reason: 'invalid_input', field }
			})
		}
	})
})

describe('GET /v1/health/coverage', () => {
	test('healthy only when every jurisdiction meets its SLA; never-read jurisdictions are degraded', async () => {
		const response = await get('/v1/health/coverage', {})
		expect(response.status).toBe(200)
		expect(response.body.status).toBe('degraded')
		expect(response.body.jurisdictions.UKGC).toMatchObject({ age_hours: 30, fresh: false, sla_hours: 24, record_count: 1 })
		expect(response.body.jurisdictions.MGA).toMatchObject({ age_hours: 30, fresh: true, sla_hours: 48, record_count: 3 })
		expect(response.body.jurisdictions.UKGC.domain_coverage).toMatchObject({
			operators_with_domain: 1,
			normative_operators: 1,
			coverage_pct: 100
		})
		expect(response.body.jurisdictions.CW).toMatchObject({ last_successful_scrape: null, fresh: null })
	})
})

describe('GET /v1/stats', () => {
	test('one payload recounted at most every 10 minutes; a key sent is ignored and not charged', async () => {
		const statsClock = new TestClock('2026-11-05T12:00:00.000Z')
		const statsApp = testApp({ sql: env.db.sql, bus: env.bus, clock: statsClock })
		const fetchStats = async (headers: Record<string, string> = {}) => {
			const response = await statsApp.handle(new Request('http://localhost/v1/stats', { headers }))
			return { response, body: (await response.json()) as any }
		}
		const first = await fetchStats()
		expect(first.body.operators.value).toBe(5)
		expect(first.body.operators.definition).toEqual(expect.any(String))
		expect(first.body.licences_by_status.counts).toEqual({ active: 2, revoked: 1, suspended: 1 })
		expect(first.body.withdrawn_events.value).toBe(1)
		await insertOperator(env.db.sql, { slug: 'newcomer' })
		statsClock.advance(9 * 60_000)
		const cached = await fetchStats(bearer('lvk_0123456789abcdef0123456789abcdef'))
		expect(cached.response.status).toBe(200)
		expect(cached.body.operators.value).toBe(5)
		expect(cached.response.headers.get('x-monthly-quota-used')).toBeNull()
		statsClock.advance(60_000)
		expect((await fetchStats()).body.operators.value).toBe(6)
	})
})

describe('account isolation', () => {
	test("one account's usage never shows in another account's counters", async () => {
		const [a, b] = [await accountWithKey(env.db.sql, clock, 'pro'), await accountWithKey(env.db.sql, clock, 'pro')]
		for (let index = 0; index < 3; index++) await get('/v1/jurisdictions/UKGC', bearer(a.key))
		expect((await get('/v1/jurisdictions/UKGC', bearer(b.key))).headers.get('x-monthly-quota-used')).toBe('1')
		expect((await get('/v1/jurisdictions/UKGC', bearer(a.key))).headers.get('x-monthly-quota-used')).toBe('4')
	})
})
