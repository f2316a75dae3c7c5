import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, connectBus, ensureStreams } from '@lv/bus'
import { STREAMS, subjects } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, startNats, waitFor } from '@lv/testing'
import { readDomainPagesAfterAttempt, readDomainPagesForAttempt } from './domain-pages.ts'
import { RunFailedError } from './errors.ts'
import { startJobLoops } from './job-loop.ts'
import { runJurisdiction } from './run.ts'
import { dailySlot, enqueueReads } from './scheduler.ts'
import { createReaderHarness, type ReaderHarness, readTimeOfDay } from './test-support/harness.ts'

const REGISTER_PDF = 'www.gamingcontrolcuracao.org/wp-content/uploads/licensee-register.pdf'
const CERTIFICATES = 'cert.cga.cw/token'
const POLICY = { batch: 100, cycleDays: 3 }

type LinkRow = {
	hostname: string
	license_number: string
	link_status: string
	verification_page_status: string | null
	verification_page_read_at: Date | null
	last_listed_at: Date | null
}

const linksOf = (h: ReaderHarness) =>
	h.db.sql<LinkRow[]>`
		SELECT d.hostname, l.license_number, d.link_status, d.verification_page_status, d.verification_page_read_at, d.last_listed_at
		FROM domain_links d JOIN licenses l ON l.id = d.license_id WHERE d.jurisdiction_code = 'CW' ORDER BY d.hostname`
const certificateReadsOf = (h: ReaderHarness, slot: string) =>
	h.db.sql<{ outcome: string; failure_reason: string | null; http_status: number | null; register_read_at: string | null }[]>`
		SELECT outcome, failure_reason, http_status, counts->>'register_read_at' AS register_read_at
		FROM register_reads WHERE jurisdiction_code = 'CW' AND publication = 'certificate' AND counts->>'slot' = ${slot}`
const registerStatusOf = async (h: ReaderHarness) =>
	(
		await h.db.sql<{ last_successful_read_at: Date | null; consecutive_failures: number; data_version: number }[]>`
			SELECT last_successful_read_at, consecutive_failures, data_version::int AS data_version FROM register_status WHERE jurisdiction_code = 'CW'`
	)[0]!

/** The certificate of OGL/2024/251/0130 with one more domain than the fixture prints. */
async function certificateAddingDomain(host: string): Promise<Uint8Array> {
	const page = await Bun.file(new URL('../../../packages/registers/fixtures/cw/certificates/token-130.html', import.meta.url)).text()
	const marker = '<span class="domain">halcyonreach.bet</span>'
	expect(page).toContain(marker)
	return new TextEncoder().encode(page.replace(marker, `${marker}\n<span class="domain">${host}</span>`))
}

describe('CW certificate batch while the register read fails (job loop)', () => {
	let nats: NatsHandle
	let bus: Bus
	let h: ReaderHarness
	const loopWith = (retryDelay: () => number) =>
		startJobLoops({
			bus,
			deps: h.deps,
			jurisdictions: ['CW'],
			logger: silentLogger,
			retryDelay,
			afterAttempt: readDomainPagesAfterAttempt(h.deps, POLICY)
		})
	const registryChanged = async () =>
		(await bus.jsm.streams.info(STREAMS.REGISTRY.name, { subjects_filter: subjects.registryChanged('CW') })).state.subjects?.[
			subjects.registryChanged('CW')
		] ?? 0
	const failedAttempts = async (slot: string) =>
		(
			await h.db.sql<
				{ n: number }[]
			>`SELECT count(*)::int AS n FROM reader_runs WHERE job_id = ${`read-CW-${slot}`} AND outcome = 'failed' AND failure_reason = 'http_error'`
		)[0]!.n

	beforeAll(async () => {
		nats = await startNats()
		bus = await connectBus({ servers: nats.url, name: 'reader-certificate-slots-test' })
		await ensureStreams(bus)
		h = await createReaderHarness({ bus })
		// The last successfully reconciled register: day 0. No certificate has been read yet.
		await runJurisdiction(h.deps, 'CW')
	})
	afterAll(async () => {
		await h.close()
		await bus.close()
		await nats.stop()
	})

	test('while the register PDF answers 500 on every attempt, each day still reads one certificate batch from the stored licences, and a domain a certificate adds becomes an active link', async () => {
		h.server.fault(REGISTER_PDF, 'http500')
		const changedBefore = await registryChanged()
		// The failing job is retried quickly: each attempt fails, and only each day's first one reads certificates.
		const loop = await loopWith(() => 50)
		try {
			h.goToDay(1)
			const day1 = dailySlot(h.clock.now())
			await enqueueReads(bus, h.clock, ['CW'], day1, 'scheduled')
			await waitFor(async () => (await failedAttempts(day1)) >= 3, { what: 'three failed attempts at the day 1 job' })
			const reads1 = await certificateReadsOf(h, day1)
			expect(reads1).toHaveLength(12)
			expect(reads1.every((read) => read.outcome === 'succeeded' && read.register_read_at === readTimeOfDay(0).toISOString())).toBe(true)
			expect((await linksOf(h)).filter((link) => link.license_number === 'OGL/2024/251/0130').map((link) => link.hostname)).toEqual([
				'halcyonreach.bet',
				'halcyonreach.com',
				'www.halcyonreach.com'
			])

			h.server.replace(CERTIFICATES, await certificateAddingDomain('halcyonreach-vip.com'), 'text/html; charset=utf-8')
			h.goToDay(2)
			const day2 = dailySlot(h.clock.now())
			// Waits behind the day 1 job (one job in flight per jurisdiction); the day 1 job's next retry reads day 2's batch.
			await enqueueReads(bus, h.clock, ['CW'], day2, 'scheduled')
			await waitFor(async () => (await certificateReadsOf(h, day2)).length === 12, { what: 'the day 2 certificate batch' })
			await waitFor(async () => (await linksOf(h)).some((link) => link.hostname === 'halcyonreach-vip.com'), { what: 'the added domain' })
			expect((await linksOf(h)).find((link) => link.hostname === 'halcyonreach-vip.com')).toEqual({
				hostname: 'halcyonreach-vip.com',
				license_number: 'OGL/2024/251/0130',
				link_status: 'active',
				verification_page_status: 'Certificate B2C',
				verification_page_read_at: h.clock.now(),
				last_listed_at: h.clock.now()
			})
			// Every other certificate was served the same page, which names another licence: a failed read, nothing delisted.
			expect((await linksOf(h)).filter((link) => link.link_status === 'delisted')).toEqual([])
			const attemptsOnDay2 = (await failedAttempts(day1)) + (await failedAttempts(day2))
			await waitFor(async () => (await failedAttempts(day1)) + (await failedAttempts(day2)) >= attemptsOnDay2 + 2, {
				what: 'two more failed attempts on day 2'
			})
			expect(await certificateReadsOf(h, day1)).toHaveLength(12)
			expect(await certificateReadsOf(h, day2)).toHaveLength(12)
			const status = await registerStatusOf(h)
			expect(status.last_successful_read_at).toEqual(readTimeOfDay(0))
			expect(status.consecutive_failures).toBeGreaterThanOrEqual(4)
			const [licences] = await h.db.sql<
				{ n: number }[]
			>`SELECT count(*)::int AS n FROM licenses WHERE jurisdiction_code = 'CW' AND missed_reads = 0 AND not_listed_since IS NULL`
			expect(licences!.n).toBe(12)
			// Both batches wrote links: each announced them.
			await waitFor(async () => (await registryChanged()) >= changedBefore + 2, { what: 'registry.changed.CW after each batch' })
		} finally {
			await loop.stop()
			h.server.unreplace(CERTIFICATES)
			h.server.clearFaults()
		}
	})
})

describe('CW certificate pages that fail to load', () => {
	let h: ReaderHarness
	const attempt = (registerRead: 'succeeded' | 'failed') => readDomainPagesForAttempt(h.deps, 'CW', { registerRead }, POLICY)

	beforeAll(async () => {
		h = await createReaderHarness()
		await runJurisdiction(h.deps, 'CW')
		await attempt('succeeded')
	})
	afterAll(async () => {
		await h.close()
	})

	test('three nights of certificate pages answering 500 over more than 48 h delist no domain; the next readable page applies at once', async () => {
		const before = await linksOf(h)
		expect(before).toHaveLength(17)
		h.server.fault(REGISTER_PDF, 'http500')
		h.server.fault(CERTIFICATES, 'http500')
		// Day 1 drops a domain from OGL/2024/251/0130's certificate, day 2 turns OGL/2024/905/0702's into "Not Active": unseen.
		for (const day of [1, 2, 3]) {
			h.goToDay(day)
			await expect(runJurisdiction(h.deps, 'CW')).rejects.toBeInstanceOf(RunFailedError)
			expect((await registerStatusOf(h)).consecutive_failures).toBe(day)
			const summary = await attempt('failed')
			expect(summary).toMatchObject({ pages: 'certificates', read: 0, failed: 12, inserted: 0, updated: 0, delisted: 0, dataVersion: null })
			const reads = await certificateReadsOf(h, dailySlot(h.clock.now()))
			expect(reads.map((read) => [read.outcome, read.failure_reason, read.http_status])).toEqual(
				Array.from({ length: 12 }, () => ['failed', 'http_error', 500])
			)
			const [readings] = await h.db.sql<{ n: number }[]>`
				SELECT count(*)::int AS n FROM verification_readings WHERE read_at = ${h.clock.now()} AND http_status = 500 AND page_status IS NULL`
			expect(readings!.n).toBe(17)
		}
		expect(await linksOf(h)).toEqual(before)

		h.server.clearFaults()
		h.server.fault(REGISTER_PDF, 'http500')
		h.goToDay(4)
		const summary = await attempt('failed')
		expect(summary).toMatchObject({ read: 12, failed: 0, delisted: 4 })
		const delisted = (await linksOf(h)).filter((link) => link.link_status === 'delisted').map((link) => link.hostname)
		expect(delisted).toEqual(['saffronisle-casino.com', 'saffronisle.bet', 'www.hrcasino-mirror3.io', 'www.saffronisle-casino.com'])
		h.server.clearFaults()
	})
})
