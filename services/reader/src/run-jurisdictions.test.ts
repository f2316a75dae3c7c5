import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { JURISDICTION_CODES } from '@lv/registers'
import { runJurisdiction } from './run.ts'
import { createReaderHarness, type ReaderHarness } from './test-support/harness.ts'

let h: ReaderHarness

beforeAll(async () => {
	h = await createReaderHarness()
	for (const code of JURISDICTION_CODES) await runJurisdiction(h.deps, code)
})
afterAll(async () => {
	await h.close()
})

type Row = {
	upstream_key: string
	license_number: string
	license_reference_is_ours: boolean
	status: string
	status_qualifier: string | null
	upstream_status: string | null
	status_source_url: string | null
}
const licences = (code: string) =>
	h.db.sql<
		Row[]
	>`SELECT upstream_key, license_number, license_reference_is_ours, status, status_qualifier, upstream_status, status_source_url FROM licenses WHERE jurisdiction_code = ${code} ORDER BY upstream_key`

describe('every jurisdiction reads from the register server', () => {
	test('each jurisdiction has licences, operators and a fresh status after its first read', async () => {
		const rows = await h.db.sql<
			{ jurisdiction_code: string; license_count: number; operator_count: number; last_successful_read_at: Date | null }[]
		>`
			SELECT jurisdiction_code, license_count, operator_count, last_successful_read_at FROM register_status ORDER BY jurisdiction_code`
		for (const row of rows) {
			expect(row.license_count).toBeGreaterThan(0)
			expect(row.operator_count).toBeGreaterThan(0)
			expect(row.last_successful_read_at).toEqual(h.clock.now())
		}
	})

	test('KH, TGC and IOM licences carry the service reference, marked as ours', async () => {
		for (const [code, pattern] of [
			['KH', /^KH\/(IG|CSPA)\/[a-z0-9-]+$/],
			['TGC', /^TGC\/(B2C|B2B)\/[a-z0-9-]+$/],
			['IOM', /^IOM\/OGRA\/[a-z0-9-]+(-\d+)?$/]
		] as const) {
			const rows = await licences(code)
			expect(rows.length).toBeGreaterThan(0)
			for (const row of rows) {
				expect(row.license_number).toMatch(pattern)
				expect(row.license_reference_is_ours).toBe(true)
			}
		}
		for (const row of await licences('UKGC')) expect(row.license_reference_is_ours).toBe(false)
	})

	test('a CW licence under assessment past its term is active and provisional_under_assessment', async () => {
		const provisional = (await licences('CW')).find((row) => row.upstream_key === 'OGL/2023/587/0612')
		expect(provisional).toMatchObject({
			status: 'active',
			status_qualifier: 'provisional_under_assessment',
			upstream_status: 'Assessment in progress'
		})
	})

	test('CW and MGA enforcement publications become regulatory actions, linked when the licence matches', async () => {
		const actions = await h.db.sql<
			{ jurisdiction_code: string; action_type: string; operator_id: string | null; license_id: string | null }[]
		>`
			SELECT jurisdiction_code, action_type, operator_id, license_id FROM regulatory_actions WHERE jurisdiction_code IN ('CW', 'MGA')`
		expect(actions.some((a) => a.jurisdiction_code === 'CW' && a.license_id !== null)).toBe(true)
		expect(actions.some((a) => a.jurisdiction_code === 'MGA')).toBe(true)
		const suspended = (await licences('CW')).find((row) => row.upstream_key === 'OGL/2024/887/0618')
		expect(suspended?.status).toBe('suspended')
	})

	test('MGA domains come from the seal pages, stored lowercase with registrable domains', async () => {
		const links = await h.db.sql<
			{ hostname: string; registrable_domain: string }[]
		>`SELECT hostname, registrable_domain FROM domain_links WHERE jurisdiction_code = 'MGA'`
		expect(links.length).toBeGreaterThan(0)
		for (const link of links) {
			expect(link.hostname).toBe(link.hostname.toLowerCase())
			expect(link.hostname.endsWith(link.registrable_domain)).toBe(true)
		}
	})

	test('day 1: IOM "Cancelled" is revoked from the register; KH delisted domain and a gone operator start their grace', async () => {
		h.goToDay(1)
		await runJurisdiction(h.deps, 'IOM')
		await runJurisdiction(h.deps, 'KH')
		const cancelled = (await licences('IOM')).find((row) => row.upstream_key.startsWith('IOM/OGRA/glenfaba'))
		expect(cancelled).toMatchObject({ status: 'revoked', upstream_status: 'Cancelled' })
		const [link] = await h.db.sql<
			{ link_status: string }[]
		>`SELECT link_status FROM domain_links WHERE jurisdiction_code = 'KH' AND hostname = 'lanternbingo.net'`
		expect(link?.link_status).toBe('delisted')
		const gone = await h.db.sql<{ status: string; not_listed_since: Date | null }[]>`
			SELECT l.status, l.not_listed_since FROM licenses l JOIN operators o ON o.id = l.operator_id
			WHERE l.jurisdiction_code = 'KH' AND o.registered_name = 'Talon Peak Limited'`
		expect(gone.length).toBeGreaterThan(0)
		for (const row of gone) expect(row).toEqual({ status: 'active', not_listed_since: h.clock.now() })
	})
})
