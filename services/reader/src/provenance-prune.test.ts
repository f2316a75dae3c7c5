import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createAccount } from '@lv/accounts'
import { DAY, TestClock } from '@lv/clock'
import { publicationsOf, snapshotWithLatestRead } from '@lv/register-store'
import { type TestDatabase, createTestDatabase } from '@lv/testing'
import { PROVENANCE_WINDOW_MS } from './provenance-prune.ts'
import { type ReaderRetentionResult, runReaderRetention } from './retention.ts'
import { runJurisdiction } from './run.ts'
import { fileSnapshots, loadPreviousReads } from './store/runs.ts'
import { createReaderHarness } from './test-support/harness.ts'

const T0 = Date.parse('2026-01-01T06:00:00.000Z')
const day = (n: number) => new Date(T0 + n * DAY)
/** Day 200: the window reaches back to day 110. */
const clock = new TestClock(day(200))
let db: TestDatabase

const sha = async (text: string) => Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex')

/** A snapshot of `text`, filed as the reader files one; its SHA-256. */
async function snapshot(text: string, at: number): Promise<string> {
	const hash = await sha(text)
	await db.sql`
		INSERT INTO snapshots (sha256, content, content_type, size_bytes, first_fetched_at)
		VALUES (${hash}, ${Buffer.from(text)}, 'text/html', ${text.length}, ${day(at)}) ON CONFLICT DO NOTHING`
	return hash
}

async function run(jurisdiction: string, at: number, outcome: 'succeeded' | 'failed'): Promise<string> {
	const id = crypto.randomUUID()
	await db.sql`
		INSERT INTO reader_runs (id, jurisdiction_code, started_at, finished_at, outcome) VALUES (${id}, ${jurisdiction}, ${day(at)}, ${day(at)}, ${outcome})`
	return id
}

type Read = { run: string | null; url: string; at: number; outcome: 'succeeded' | 'not_modified' | 'failed'; snapshot: string | null }

async function read(r: Read, jurisdiction = 'IOM', publication = 'register'): Promise<string> {
	const id = crypto.randomUUID()
	await db.sql`
		INSERT INTO register_reads (id, run_id, jurisdiction_code, publication, source_url, started_at, fetched_at, finished_at, snapshot_sha256, outcome)
		VALUES (${id}, ${r.run}, ${jurisdiction}, ${publication}, ${r.url}, ${day(r.at)}, ${day(r.at)}, ${day(r.at)}, ${r.snapshot}, ${r.outcome})`
	return id
}

const exists = async (table: string, column: string, value: string) =>
	(await db.sql`SELECT 1 FROM ${db.sql(table)} WHERE ${db.sql(column)} = ${value}`).length === 1

/** Seeds the cases; `ids` names each row a test asks about. */
async function seed() {
	const s = {
		history: await snapshot('register as it was when a licence moved', 0),
		historyOnly: await snapshot('register an early history row names without its read', 0),
		duplicate: await snapshot('register read again, nothing changed', 2),
		evidence: await snapshot('register an evidence record names', 3),
		latestGood: await snapshot('register, the latest good read', 5),
		failedBytes: await snapshot('register bytes of a failed run', 6),
		recent: await snapshot('register read within the window', 10),
		action: await snapshot('enforcement page a regulatory action names', 11),
		actionLatest: await snapshot('enforcement page, latest', 12),
		expiredEvidence: await snapshot('register an expired evidence record names', 13),
		expiredLatest: await snapshot('register after the expired record', 14),
		pageOld: await snapshot('certificate page, old duplicate', 1),
		pageShown: await snapshot('certificate page, shown wording', 3),
		pageRecent: await snapshot('certificate page, recent', 10)
	}
	const runs = {
		first: await run('IOM', 0, 'succeeded'),
		duplicate: await run('IOM', 1, 'succeeded'),
		emptied: await run('IOM', 2, 'succeeded'),
		latestSucceeded: await run('IOM', 5, 'succeeded'),
		failedWithRead: await run('IOM', 6, 'failed'),
		failedWithoutRead: await run('IOM', 7, 'failed'),
		failedInsideWindow: await run('IOM', 190, 'failed'),
		mgaOlder: await run('MGA', 0, 'succeeded'),
		mgaLatest: await run('MGA', 1, 'succeeded'),
		mgaFailed: await run('MGA', 2, 'failed')
	}
	const u1 = 'https://register.example/iom'
	const reads = {
		named: await read({ run: runs.first, url: u1, at: 0, outcome: 'succeeded', snapshot: s.history }),
		notModified: await read({ run: runs.duplicate, url: u1, at: 1, outcome: 'not_modified', snapshot: s.history }),
		duplicate: await read({ run: runs.emptied, url: u1, at: 2, outcome: 'succeeded', snapshot: s.duplicate }),
		historyOnly: await read({ run: runs.emptied, url: u1, at: 2.2, outcome: 'succeeded', snapshot: s.historyOnly }),
		evidenceEarlier: await read({ run: runs.duplicate, url: u1, at: 2.5, outcome: 'succeeded', snapshot: s.evidence }),
		evidenceLatest: await read({ run: runs.duplicate, url: u1, at: 3, outcome: 'succeeded', snapshot: s.evidence }),
		failedNoBytes: await read({ run: null, url: u1, at: 4, outcome: 'failed', snapshot: null }),
		latestGood: await read({ run: runs.latestSucceeded, url: u1, at: 5, outcome: 'succeeded', snapshot: s.latestGood }),
		latest: await read({ run: runs.failedWithRead, url: u1, at: 6, outcome: 'failed', snapshot: s.failedBytes }),
		outsideWindow: await read({ run: null, url: 'https://register.example/iom/2', at: 10, outcome: 'succeeded', snapshot: s.recent }),
		insideWindow: await read({ run: null, url: 'https://register.example/iom/2', at: 150, outcome: 'succeeded', snapshot: s.recent }),
		insideLatest: await read({ run: null, url: 'https://register.example/iom/2', at: 160, outcome: 'succeeded', snapshot: s.recent }),
		actionRead: await read({ run: null, url: 'https://register.example/enf', at: 11, outcome: 'succeeded', snapshot: s.action }),
		actionLatest: await read({ run: null, url: 'https://register.example/enf', at: 12, outcome: 'succeeded', snapshot: s.actionLatest }),
		expiredRead: await read({
			run: null,
			url: 'https://register.example/iom/3',
			at: 13,
			outcome: 'succeeded',
			snapshot: s.expiredEvidence
		}),
		expiredLatest: await read({ run: null, url: 'https://register.example/iom/3', at: 14, outcome: 'succeeded', snapshot: s.expiredLatest })
	}

	const operatorId = crypto.randomUUID()
	const licenceId = crypto.randomUUID()
	await db.sql`
		INSERT INTO operators (id, slug, display_name, registered_name, created_at, updated_at)
		VALUES (${operatorId}, 'glenfaba', 'Glenfaba', 'Glenfaba Interactive', ${day(0)}, ${day(0)})`
	await db.sql`
		INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key, status, last_verified_at, source_url, first_observed_at, created_at, updated_at)
		VALUES (${licenceId}, ${operatorId}, 'IOM', 'glenfaba', 'IOM/OGRA/glenfaba', 'iom/ogra/glenfaba', 'revoked', ${day(0)}, ${u1}, ${day(0)}, ${day(0)}, ${day(0)})`
	await db.sql`
		INSERT INTO license_history (id, license_id, changed_at, new_status, change_type, source_url, detected_by, snapshot_sha256, snapshot_fetched_at, register_read_id)
		VALUES (${crypto.randomUUID()}, ${licenceId}, ${day(0)}, 'revoked', 'revoked', ${u1}, 'reader:IOM', ${s.history}, ${day(0)}, ${reads.named})`
	// A history row that names its snapshot but no read (rows written before reads were named).
	await db.sql`
		INSERT INTO license_history (id, license_id, changed_at, new_status, change_type, source_url, detected_by, snapshot_sha256, snapshot_fetched_at)
		VALUES (${crypto.randomUUID()}, ${licenceId}, ${day(2)}, 'revoked', 'data_update', ${u1}, 'reader:IOM', ${s.historyOnly}, ${day(2)})`
	await db.sql`UPDATE register_status SET last_successful_read_at = ${day(5)} WHERE jurisdiction_code = 'IOM'`
	await db.sql`
		INSERT INTO regulatory_actions (id, jurisdiction_code, upstream_key, entity_name, action_type, source_url, snapshot_sha256, first_seen_at)
		VALUES (${crypto.randomUUID()}, 'IOM', 'fine-1', 'Glenfaba Interactive', 'fine', 'https://register.example/enf', ${s.action}, ${day(11)})`

	const { id: accountId } = await createAccount(db.sql, clock, { name: 'evidence holder', plan: 'pro' })
	const record = (id: string, hash: string, expiresAt: Date) => db.sql`
		INSERT INTO evidence_records (id, account_id, kind, kid, jws, snapshot_sha256s, created_at, expires_at)
		VALUES (${id}, ${accountId}, 'check', 'k', 'x.y.z', ${[hash]}::text[], ${day(3)}, ${expiresAt})`
	await record('ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P', s.evidence, new Date(day(3).getTime() + 5 * 365 * DAY))
	await record('ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2Q', s.expiredEvidence, day(199))

	const links = { certificate: crypto.randomUUID(), recent: crypto.randomUUID() }
	for (const [id, host] of [
		[links.certificate, 'glenfaba.example'],
		[links.recent, 'glenfaba2.example']
	] as const)
		await db.sql`
			INSERT INTO domain_links (id, operator_id, jurisdiction_code, hostname, registrable_domain, link_status, verification_url,
				verification_page_status, verification_page_read_at, first_seen_at, updated_at)
			VALUES (${id}, ${operatorId}, 'IOM', ${host}, ${host}, 'active', 'https://register.example/seal', 'Valid', ${day(3)}, ${day(0)}, ${day(3)})`
	const reading = async (link: string, at: number, hash: string | null) => {
		const id = crypto.randomUUID()
		await db.sql`
			INSERT INTO verification_readings (id, domain_link_id, url, read_at, http_status, page_status, snapshot_sha256)
			VALUES (${id}, ${link}, 'https://register.example/seal', ${day(at)}, ${hash ? 200 : 500}, ${hash ? 'Valid' : null}, ${hash})`
		return id
	}
	const readings = {
		old: await reading(links.certificate, 1, s.pageOld),
		shown: await reading(links.certificate, 3, s.pageShown),
		latestFailed: await reading(links.certificate, 5, null),
		outsideWindow: await reading(links.recent, 10, s.pageRecent),
		insideWindow: await reading(links.recent, 150, s.pageRecent),
		insideLatest: await reading(links.recent, 160, s.pageRecent)
	}
	return { s, runs, reads, readings, u1 }
}

let seeded: Awaited<ReturnType<typeof seed>>
let before: { previous: unknown; publications: unknown; evidenceReadAt: Date | null }
let pruned: ReaderRetentionResult

beforeAll(async () => {
	db = await createTestDatabase()
	seeded = await seed()
	before = {
		previous: await loadPreviousReads(db.sql, 'IOM'),
		publications: await publicationsOf(db.sql, ['IOM'], new Map()),
		evidenceReadAt: (await snapshotWithLatestRead(db.sql, seeded.s.evidence))?.read_at ?? null
	}
	pruned = await runReaderRetention(db.sql, clock.now())
}, 30_000)

afterAll(async () => {
	await db.drop()
})

describe('provenance past 90 days is deleted unless an answer can name it', () => {
	test('the window is 90 days', () => {
		expect(PROVENANCE_WINDOW_MS).toBe(90 * DAY)
	})

	test('a read a history row names is kept, and so is every snapshot a history row names', async () => {
		expect(await exists('register_reads', 'id', seeded.reads.named)).toBe(true)
		expect(await exists('snapshots', 'sha256', seeded.s.history)).toBe(true)
		expect(await exists('register_reads', 'id', seeded.reads.historyOnly)).toBe(false)
		expect(await exists('snapshots', 'sha256', seeded.s.historyOnly)).toBe(true)
	})

	test('the latest read of a URL and its latest good read are kept: the next conditional GET and new evidence read what they read before', async () => {
		expect(await exists('register_reads', 'id', seeded.reads.latest)).toBe(true)
		expect(await exists('register_reads', 'id', seeded.reads.latestGood)).toBe(true)
		expect(await exists('snapshots', 'sha256', seeded.s.latestGood)).toBe(true)
		expect(await exists('snapshots', 'sha256', seeded.s.failedBytes)).toBe(true)
		expect(await loadPreviousReads(db.sql, 'IOM')).toEqual(before.previous as Map<string, never>)
		expect(await publicationsOf(db.sql, ['IOM'], new Map())).toEqual(before.publications as never[])
	})

	test('the latest read of a snapshot a retained evidence record names is kept, so its X-Snapshot-Read-At stays; the earlier read goes', async () => {
		expect(await exists('register_reads', 'id', seeded.reads.evidenceLatest)).toBe(true)
		expect(await exists('register_reads', 'id', seeded.reads.evidenceEarlier)).toBe(false)
		expect((await snapshotWithLatestRead(db.sql, seeded.s.evidence))?.read_at).toEqual(before.evidenceReadAt as Date)
	})

	test('a snapshot only an expired evidence record names goes with its read', async () => {
		expect(await exists('register_reads', 'id', seeded.reads.expiredRead)).toBe(false)
		expect(await exists('snapshots', 'sha256', seeded.s.expiredEvidence)).toBe(false)
		expect(await exists('snapshots', 'sha256', seeded.s.expiredLatest)).toBe(true)
	})

	test('a snapshot a regulatory action names is kept after its read is deleted', async () => {
		expect(await exists('register_reads', 'id', seeded.reads.actionRead)).toBe(false)
		expect(await exists('snapshots', 'sha256', seeded.s.action)).toBe(true)
	})

	test('duplicate and failed reads past 90 days are deleted with the snapshots only they named; reads inside the window stay', async () => {
		for (const id of [seeded.reads.notModified, seeded.reads.duplicate, seeded.reads.failedNoBytes, seeded.reads.outsideWindow])
			expect(await exists('register_reads', 'id', id)).toBe(false)
		expect(await exists('snapshots', 'sha256', seeded.s.duplicate)).toBe(false)
		expect(await exists('register_reads', 'id', seeded.reads.insideWindow)).toBe(true)
		expect(await exists('register_reads', 'id', seeded.reads.insideLatest)).toBe(true)
		expect(await exists('snapshots', 'sha256', seeded.s.recent)).toBe(true)
	})

	test("runs past 90 days that no read names are deleted, except each register's latest successful run; a run a kept read names stays", async () => {
		const { runs } = seeded
		for (const id of [runs.emptied, runs.failedWithoutRead, runs.mgaOlder, runs.mgaFailed])
			expect(await exists('reader_runs', 'id', id)).toBe(false)
		for (const id of [runs.first, runs.duplicate, runs.latestSucceeded, runs.failedWithRead, runs.mgaLatest, runs.failedInsideWindow])
			expect(await exists('reader_runs', 'id', id)).toBe(true)
	})

	test("a linked domain's latest reading and the one its verification page fields show are kept; older ones go with their page bytes", async () => {
		const { readings, s } = seeded
		expect(await exists('verification_readings', 'id', readings.old)).toBe(false)
		expect(await exists('snapshots', 'sha256', s.pageOld)).toBe(false)
		for (const id of [readings.shown, readings.latestFailed, readings.insideWindow, readings.insideLatest])
			expect(await exists('verification_readings', 'id', id)).toBe(true)
		expect(await exists('snapshots', 'sha256', s.pageShown)).toBe(true)
		expect(await exists('verification_readings', 'id', readings.outsideWindow)).toBe(false)
		expect(await exists('snapshots', 'sha256', s.pageRecent)).toBe(true)
	})

	test('the pass counts what it deleted, and a second pass deletes nothing more', async () => {
		expect(pruned).toEqual({ outbox: 0, readings: 2, reads: 8, runs: 4, snapshots: 3 })
		expect(await runReaderRetention(db.sql, clock.now())).toEqual({ outbox: 0, readings: 0, reads: 0, runs: 0, snapshots: 0 })
	})
})

describe('a snapshot being named again is not deleted under the read naming it', () => {
	test('a pass while a reader files a read of an old snapshot skips that snapshot, and the read commits', async () => {
		const url = 'https://register.example/tgc'
		const text = 'register read long ago, read again now'
		const old = await snapshot(text, 20)
		const oldRead = await read({ run: null, url, at: 20, outcome: 'succeeded', snapshot: old }, 'TGC')
		await read({ run: null, url, at: 21, outcome: 'succeeded', snapshot: await snapshot('register between the two reads', 21) }, 'TGC')
		const again = { sha256: old, bytes: new TextEncoder().encode(text), contentType: 'text/html', fetchedAt: clock.now() }

		await db.sql.begin(async (tx) => {
			await fileSnapshots(tx, [again])
			expect((await runReaderRetention(db.sql, clock.now())).reads).toBe(1)
			await tx`
				INSERT INTO register_reads (id, jurisdiction_code, source_url, started_at, fetched_at, finished_at, snapshot_sha256, outcome)
				VALUES (${crypto.randomUUID()}, 'TGC', ${url}, ${clock.now()}, ${clock.now()}, ${clock.now()}, ${old}, 'succeeded')`
		})

		expect(await exists('register_reads', 'id', oldRead)).toBe(false)
		expect(await exists('snapshots', 'sha256', old)).toBe(true)
	})
})

describe('a register the reader read, pruned 90 days on', () => {
	test('keeps every history row with its read and snapshot, drops the unchanged reads between, and reads on as before', async () => {
		const h = await createReaderHarness()
		try {
			for (const scenarioDay of [0, 1, 2, 3, 4]) {
				h.goToDay(scenarioDay)
				await runJurisdiction(h.deps, 'IOM')
			}
			const provenance = () => h.db.sql<{ id: string; read: string | null; snapshot: string | null }[]>`
				SELECT h.id, r.id AS read, s.sha256 AS snapshot FROM license_history h
				LEFT JOIN register_reads r ON r.id = h.register_read_id LEFT JOIN snapshots s ON s.sha256 = h.snapshot_sha256 ORDER BY h.id`
			const history = await provenance()
			const previous = await loadPreviousReads(h.db.sql, 'IOM')
			expect(history.every((row) => row.read !== null && row.snapshot !== null)).toBe(true)

			h.clock.advance(PROVENANCE_WINDOW_MS + DAY)
			const pruned = await runReaderRetention(h.db.sql, h.clock.now())

			expect(pruned.reads).toBeGreaterThan(0)
			expect(pruned.runs).toBeGreaterThan(0)
			expect(await provenance()).toEqual(history)
			expect(await loadPreviousReads(h.db.sql, 'IOM')).toEqual(previous)
			h.server.setDay(5)
			expect((await runJurisdiction(h.deps, 'IOM')).counts.listedLicences).toBeGreaterThan(0)
		} finally {
			await h.close()
		}
	}, 60_000)
})
