import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { certificateBatchSize, readCertificateBatch } from './certificates.ts'
import { runJurisdiction } from './run.ts'
import { createReaderHarness, type ReaderHarness } from './test-support/harness.ts'

let h: ReaderHarness
const ALL = { batch: 100, cycleDays: 3 }

beforeAll(async () => {
	h = await createReaderHarness()
	await runJurisdiction(h.deps, 'CW')
})
afterAll(async () => {
	await h.close()
})

type LinkRow = {
	hostname: string
	license_number: string
	link_status: string
	verification_url: string
	verification_page_status: string | null
	verification_page_read_at: Date | null
	last_listed_at: Date | null
}

const links = () =>
	h.db.sql<LinkRow[]>`
		SELECT d.hostname, l.license_number, d.link_status, d.verification_url, d.verification_page_status, d.verification_page_read_at, d.last_listed_at
		FROM domain_links d JOIN licenses l ON l.id = d.license_id
		WHERE d.jurisdiction_code = 'CW' ORDER BY d.hostname`
const link = async (hostname: string) => (await links()).find((row) => row.hostname === hostname)
const licenceRows = () =>
	h.db
		.sql`SELECT id, status, status_qualifier, upstream_status, status_source_url, status_observed_at FROM licenses WHERE jurisdiction_code = 'CW' ORDER BY id`
const certificateReads = (at: Date) =>
	h.db.sql<{ license_number: string; outcome: string; failure_reason: string | null; page_status: string | null }[]>`
		SELECT counts->>'license_number' AS license_number, outcome, failure_reason, counts->>'page_status' AS page_status
		FROM register_reads WHERE publication = 'certificate' AND started_at = ${at} ORDER BY 1`

describe('CW certificate batch', () => {
	test('every licence certificate is read; the domains of each certificate become active links tied to the licence, verbatim wording and read time', async () => {
		const statusesBefore = await licenceRows()
		const versionBefore = (
			await h.db.sql<
				{ data_version: number }[]
			>`SELECT data_version::int AS data_version FROM register_status WHERE jurisdiction_code = 'CW'`
		)[0]!.data_version
		const summary = await readCertificateBatch(h.deps, 'CW', ALL)
		expect(summary).toMatchObject({ read: 12, failed: 0, delisted: 0 })
		const at = h.clock.now()
		expect(await link('www.hrcasino-mirror3.io')).toEqual({
			hostname: 'www.hrcasino-mirror3.io',
			license_number: 'OGL/2024/251/0130',
			link_status: 'active',
			verification_url: 'https://cert.cga.cw/token?id=130',
			verification_page_status: 'Certificate B2C',
			verification_page_read_at: at,
			last_listed_at: at
		})
		expect((await links()).map((row) => [row.hostname, row.license_number, row.verification_page_status])).toEqual([
			['halcyonreach.bet', 'OGL/2024/251/0130', 'Certificate B2C'],
			// The B2B certificate of the same company names this host too; it stays with the licence that listed it first.
			['halcyonreach.com', 'OGL/2024/251/0130', 'Certificate B2C'],
			['intermarlin.com', 'OGL/2024/921/0733', 'Certificate B2C'],
			['lanternbay-live.casino', 'OGL/2024/1161/044', 'Certificate B2C'],
			['lanternbay.com', 'OGL/2024/1161/044', 'Certificate B2C'],
			['lanternbaysports.com', 'OGL/2024/1161/044', 'Certificate B2C'],
			['marlpitsoftware.com', 'OGL/2024/312/0201', 'Certificate B2B'],
			['northwindplay.com', 'OGL/2025/102/0911', 'Certificate B2C'],
			['pinecrestplay.com', 'OGL/2024/887/0618', 'Suspended'],
			['saffronisle-casino.com', 'OGL/2024/905/0702', 'Certificate B2C'],
			['saffronisle.bet', 'OGL/2024/905/0702', 'Certificate B2C'],
			['tidewater-casino.net', 'OGL/2023/587/0612', 'Certificate B2C'],
			['tidewaterbet.com', 'OGL/2023/587/0612', 'Certificate B2C'],
			['www.halcyonreach.com', 'OGL/2024/251/0130', 'Certificate B2C'],
			['www.hrcasino-mirror3.io', 'OGL/2024/251/0130', 'Certificate B2C'],
			['www.northwindplay.com', 'OGL/2025/102/0911', 'Certificate B2C'],
			['www.saffronisle-casino.com', 'OGL/2024/905/0702', 'Certificate B2C']
		])
		const reads = await certificateReads(at)
		expect(reads).toHaveLength(12)
		expect(reads.find((read) => read.license_number === 'OGL/2024/733/0342')).toMatchObject({
			outcome: 'succeeded',
			page_status: 'cannot be found or the token has expired'
		})
		expect(reads.find((read) => read.license_number === 'OGL/2024/802/0418')).toMatchObject({
			outcome: 'succeeded',
			page_status: 'Not Active'
		})
		const [readings] = await h.db.sql<
			{ n: number }[]
		>`SELECT count(*)::int AS n FROM verification_readings WHERE read_at = ${at} AND page_status IS NOT NULL AND snapshot_sha256 IS NOT NULL`
		expect(readings!.n).toBe(17)
		expect(await licenceRows()).toEqual(statusesBefore)
		const [status] = await h.db.sql<
			{ data_version: number; domain_count: number }[]
		>`SELECT data_version::int AS data_version, domain_count FROM register_status WHERE jurisdiction_code = 'CW'`
		// Each certificate that changed links moved the version in its own transaction.
		expect(status!.domain_count).toBe(17)
		expect(status!.data_version).toBeGreaterThan(versionBefore)
		expect(summary.dataVersion).toBe(status!.data_version)
	})

	test('a register read leaves the certificate links alone', async () => {
		const before = await links()
		h.clock.advanceHours(1)
		await runJurisdiction(h.deps, 'CW')
		expect(await links()).toEqual(before)
		const [status] = await h.db.sql<{ domain_count: number }[]>`SELECT domain_count FROM register_status WHERE jurisdiction_code = 'CW'`
		expect(status!.domain_count).toBe(17)
	})

	test('a batch reads the certificates read longest ago, so every licence is read within the cycle', async () => {
		expect(certificateBatchSize(12, { batch: 2, cycleDays: 3 })).toBe(4)
		expect(certificateBatchSize(12, { batch: 200, cycleDays: 3 })).toBe(12)
		const seen: string[][] = []
		for (let night = 0; night < 3; night++) {
			h.clock.advanceHours(24)
			await readCertificateBatch(h.deps, 'CW', { batch: 2, cycleDays: 3 })
			seen.push((await certificateReads(h.clock.now())).map((read) => read.license_number))
		}
		expect(seen.map((night) => night.length)).toEqual([4, 4, 4])
		expect(new Set(seen.flat()).size).toBe(12)
	})

	test('a domain a certificate no longer lists is delisted; "Not Active" delists them all; "token has expired" delists none and shows its wording', async () => {
		h.goToDay(1)
		await readCertificateBatch(h.deps, 'CW', ALL)
		expect(await link('www.hrcasino-mirror3.io')).toMatchObject({ link_status: 'delisted', last_listed_at: null })
		expect(await link('halcyonreach.bet')).toMatchObject({ link_status: 'active', last_listed_at: h.clock.now() })
		h.goToDay(2)
		const statusesBefore = await licenceRows()
		const summary = await readCertificateBatch(h.deps, 'CW', ALL)
		expect(summary.delisted).toBe(3)
		for (const host of ['saffronisle-casino.com', 'www.saffronisle-casino.com', 'saffronisle.bet']) {
			expect(await link(host)).toMatchObject({
				link_status: 'delisted',
				last_listed_at: null,
				verification_page_status: 'Not Active',
				verification_page_read_at: h.clock.now()
			})
		}
		expect(await link('intermarlin.com')).toMatchObject({
			link_status: 'active',
			verification_page_status: 'cannot be found or the token has expired',
			verification_page_read_at: h.clock.now()
		})
		expect(await licenceRows()).toEqual(statusesBefore)
	})

	test('a certificate that cannot be fetched, or names another licence, is recorded as failed and changes no link', async () => {
		const before = await links()
		h.clock.advanceHours(24)
		h.server.fault('cert.cga.cw/token', 'http500', 1)
		h.server.replace(
			'cert.cga.cw/token',
			await Bun.file(new URL('../../../packages/registers/fixtures/cw/certificates/token-911.html', import.meta.url)).bytes(),
			'text/html; charset=utf-8'
		)
		const summary = await readCertificateBatch(h.deps, 'CW', ALL)
		h.server.unreplace('cert.cga.cw/token')
		expect(summary).toMatchObject({ read: 1, failed: 11, inserted: 0, delisted: 0 })
		const reads = await certificateReads(h.clock.now())
		expect(reads.filter((read) => read.failure_reason === 'http_error')).toHaveLength(1)
		expect(reads.filter((read) => read.failure_reason === 'licence_mismatch: the page names OGL/2025/102/0911')).toHaveLength(10)
		const after = await links()
		expect(after.map((row) => [row.hostname, row.link_status, row.verification_page_status])).toEqual(
			before.map((row) => [row.hostname, row.link_status, row.verification_page_status])
		)
		const [failedReading] = await h.db.sql<
			{ n: number }[]
		>`SELECT count(*)::int AS n FROM verification_readings WHERE read_at = ${h.clock.now()} AND page_status IS NULL`
		expect(failedReading!.n).toBeGreaterThan(0)
	})

	test('a slot reads one batch in all: a second call reads nothing, a call whose batch was cut short reads the rest, the next slot reads the next licences', async () => {
		h.clock.advanceHours(24)
		const slotReads = async (slot: string) =>
			(
				await h.db.sql<{ license_number: string }[]>`
				SELECT counts->>'license_number' AS license_number FROM register_reads WHERE publication = 'certificate' AND counts->>'slot' = ${slot}`
			).map((row) => row.license_number)
		// 12 licences: a batch of 4 per slot (cycle 3); a first call sized 2 stands for a batch cut short.
		const short = await readCertificateBatch(h.deps, 'CW', { batch: 2, cycleDays: 6 }, 'slot-a')
		expect(short).toMatchObject({ slot: 'slot-a', skipped: null, read: 2 })
		const rest = await readCertificateBatch(h.deps, 'CW', { batch: 2, cycleDays: 3 }, 'slot-a')
		expect(rest.read + rest.failed).toBe(2)
		const again = await readCertificateBatch(h.deps, 'CW', { batch: 2, cycleDays: 3 }, 'slot-a')
		expect(again).toMatchObject({ skipped: 'slot_done', read: 0, failed: 0 })
		const slotA = await slotReads('slot-a')
		expect(new Set(slotA).size).toBe(4)
		h.clock.advanceHours(24)
		await readCertificateBatch(h.deps, 'CW', { batch: 2, cycleDays: 3 }, 'slot-b')
		const slotB = await slotReads('slot-b')
		expect(slotB).toHaveLength(4)
		expect(slotB.filter((number) => slotA.includes(number))).toEqual([])
	})

	test('a batch finding another batch of the jurisdiction running reads nothing', async () => {
		const other = await h.db.sql.reserve()
		try {
			await other`SELECT pg_advisory_lock(hashtext('certificates:CW'))`
			const summary = await readCertificateBatch(h.deps, 'CW', ALL, 'slot-c')
			expect(summary).toMatchObject({ skipped: 'busy', read: 0, failed: 0 })
			const [reads] = await h.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM register_reads WHERE counts->>'slot' = 'slot-c'`
			expect(reads!.n).toBe(0)
		} finally {
			await other`SELECT pg_advisory_unlock(hashtext('certificates:CW'))`
			other.release()
		}
		expect((await readCertificateBatch(h.deps, 'CW', ALL, 'slot-c')).read).toBe(12)
	})

	test('a batch stopped after a certificate changed links has already moved data_version with that change', async () => {
		await h.db.sql`UPDATE domain_links SET link_status = 'delisted' WHERE jurisdiction_code = 'CW'`
		const version = async () =>
			(await h.db.sql<{ v: number }[]>`SELECT data_version::int AS v FROM register_status WHERE jurisdiction_code = 'CW'`)[0]!.v
		const before = await version()
		let clockReads = 0
		const stopsAfterOneCertificate = {
			nowMs: () => h.clock.nowMs(),
			now: () => {
				// The batch start and the first certificate's read time; the process stops before the second.
				if (++clockReads > 2) throw new Error('process stopped')
				return h.clock.now()
			}
		}
		await expect(readCertificateBatch({ ...h.deps, clock: stopsAfterOneCertificate }, 'CW', ALL)).rejects.toThrow('process stopped')
		expect((await links()).some((row) => row.link_status === 'active')).toBe(true)
		expect(await version()).toBeGreaterThan(before)
	})
})
