import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { runJurisdiction } from './run.ts'
import { createReaderHarness, type ReaderHarness } from './test-support/harness.ts'
import { readVerificationPages } from './verification.ts'

let h: ReaderHarness

beforeAll(async () => {
	h = await createReaderHarness()
	await runJurisdiction(h.deps, 'TGC')
})
afterAll(async () => {
	await h.close()
})

const links = () =>
	h.db.sql<{ hostname: string; verification_page_status: string | null; verification_page_read_at: Date | null }[]>`
		SELECT hostname, verification_page_status, verification_page_read_at FROM domain_links
		WHERE jurisdiction_code = 'TGC' AND verification_url IS NOT NULL ORDER BY hostname`

describe('verification pages', () => {
	test('a rolling batch reads the pages never read first, then the oldest readings', async () => {
		const total = (await links()).length
		expect(total).toBeGreaterThan(2)
		const first = await readVerificationPages(h.deps, 'TGC', 2)
		expect(first.read + first.failed).toBe(2)
		h.clock.advanceHours(1)
		await readVerificationPages(h.deps, 'TGC', total - 2)
		const afterSecond = await links()
		expect(afterSecond.every((link) => link.verification_page_read_at !== null)).toBe(true)
		h.clock.advanceHours(1)
		await readVerificationPages(h.deps, 'TGC', 2)
		const readings = await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM verification_readings`
		expect(readings[0]!.n).toBe(total + 2)
		const newest = (await links()).filter((link) => link.verification_page_read_at?.getTime() === h.clock.nowMs())
		expect(newest).toHaveLength(2)
	})

	test('every seal is read verbatim with its read time and snapshot, and no licence status moves', async () => {
		const statusesBefore = await h.db.sql`SELECT id, status, status_source_url FROM licenses WHERE jurisdiction_code = 'TGC' ORDER BY id`
		h.clock.advanceHours(1)
		const summary = await readVerificationPages(h.deps, 'TGC', null)
		expect(summary.read).toBe((await links()).length)
		const all = await links()
		expect(all.every((link) => link.verification_page_read_at?.getTime() === h.clock.nowMs())).toBe(true)
		expect(all.find((link) => link.hostname === 'adventcrest.com')?.verification_page_status).toBe('Valid')
		const readings = await h.db.sql<
			{ snapshot_sha256: string | null; http_status: number }[]
		>`SELECT snapshot_sha256, http_status FROM verification_readings WHERE read_at = ${h.clock.now()}`
		expect(readings.every((reading) => reading.snapshot_sha256 !== null && reading.http_status === 200)).toBe(true)
		expect(await h.db.sql`SELECT id, status, status_source_url FROM licenses WHERE jurisdiction_code = 'TGC' ORDER BY id`).toEqual(
			statusesBefore
		)
	})

	test('a page that cannot be fetched is recorded without touching the link', async () => {
		const [target] = await h.db.sql<{ id: string; verification_url: string; verification_page_status: string }[]>`
			SELECT id, verification_url, verification_page_status FROM domain_links WHERE jurisdiction_code = 'TGC' AND verification_url IS NOT NULL ORDER BY hostname LIMIT 1`
		h.server.fault('validate.thetgc.ca/validate', 'http500')
		h.clock.advanceHours(1)
		const summary = await readVerificationPages(h.deps, 'TGC', null)
		h.server.clearFaults()
		expect(summary.read).toBe(0)
		const [link] = await h.db.sql<
			{ verification_page_status: string }[]
		>`SELECT verification_page_status FROM domain_links WHERE id = ${target!.id}`
		expect(link!.verification_page_status).toBe(target!.verification_page_status)
		const [reading] = await h.db.sql<
			{ http_status: number; page_status: string | null }[]
		>`SELECT http_status, page_status FROM verification_readings WHERE domain_link_id = ${target!.id} ORDER BY read_at DESC LIMIT 1`
		expect(reading).toEqual({ http_status: 500, page_status: null })
	})

	test('a reading written to a link moves the data_version the checker rebuilds by; a page not read moves nothing', async () => {
		const version = async () =>
			(await h.db.sql<{ v: number }[]>`SELECT data_version::int AS v FROM register_status WHERE jurisdiction_code = 'TGC'`)[0]!.v
		const before = await version()
		h.clock.advanceHours(1)
		const summary = await readVerificationPages(h.deps, 'TGC', 1)
		expect(summary.read).toBe(1)
		const afterRead = await version()
		expect(afterRead).toBeGreaterThan(before)
		h.server.fault('validate.thetgc.ca/validate', 'http500')
		h.clock.advanceHours(1)
		await readVerificationPages(h.deps, 'TGC', null)
		h.server.clearFaults()
		expect(await version()).toBe(afterRead)
	})
})
