import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { RATE_LIMIT_RETRY_AFTER_S } from '@lv/register-server'
import { decodeTime } from 'ulid'
import { RunFailedError } from './errors.ts'
import { runJurisdiction } from './run.ts'
import { createReaderHarness, databaseDigest, type ReaderHarness, readTimeOfDay } from './test-support/harness.ts'

let h: ReaderHarness

beforeAll(async () => {
	h = await createReaderHarness()
})
afterAll(async () => {
	await h.close()
})

type LicenceRow = {
	id: string
	license_number: string
	status: string
	upstream_status: string | null
	status_source_url: string | null
	status_observed_at: Date | null
	not_listed_since: Date | null
	last_listed_at: Date | null
	missed_reads: number
}

const licence = async (upstreamKey: string): Promise<LicenceRow> => {
	const [row] = await h.db.sql<LicenceRow[]>`
		SELECT id, license_number, status, upstream_status, status_source_url, status_observed_at, not_listed_since, last_listed_at, missed_reads
		FROM licenses WHERE jurisdiction_code = 'UKGC' AND upstream_key = ${upstreamKey}`
	if (!row) throw new Error(`no licence ${upstreamKey}`)
	return row
}

const outboxSince = async (seq: number) =>
	h.db.sql<{ seq: number; event_name: string; payload: { event_id: string; data: Record<string, unknown> } }[]>`
		SELECT seq::int AS seq, event_name, payload FROM outbox WHERE seq > ${seq} ORDER BY seq`

const lastSeq = async () => Number((await h.db.sql<{ max: number | null }[]>`SELECT max(seq)::int AS max FROM outbox`)[0]?.max ?? 0)

const historyOf = async (licenceId: string) =>
	h.db.sql<
		{
			change_type: string
			previous_status: string | null
			new_status: string
			note: string
			source_url: string
			snapshot_sha256: string | null
			event_id: string | null
		}[]
	>`
		SELECT change_type, previous_status, new_status, note, source_url, snapshot_sha256, event_id FROM license_history
		WHERE license_id = ${licenceId} ORDER BY changed_at, id`

const registerUrl = (path: string) => `${h.server.url}/www.gamblingcommission.gov.uk${path}`
const LICENCES_ROUTE = 'www.gamblingcommission.gov.uk/downloads/business-licence-register-licences.csv'
const TRADING_NAMES_ROUTE = 'www.gamblingcommission.gov.uk/downloads/business-licence-register-trading-names.csv'

type TradingNameRow = { name: string; status: string | null; last_seen_at: Date; not_listed_since: Date | null }

/** The UKGC trading names as stored, by name. */
const tradingNames = async (): Promise<TradingNameRow[]> => [
	...(await h.db.sql<TradingNameRow[]>`
		SELECT name, status, last_seen_at, not_listed_since FROM trading_names WHERE jurisdiction_code = 'UKGC' ORDER BY name`)
]

const tradingNamesFile = (rows: string[]) => new TextEncoder().encode(['\ufeffAccount Number,Trading Name,Status', ...rows, ''].join('\n'))

describe('UKGC read, scenario day by day', () => {
	test('day 0: every licence is created with license.issued, statuses classified from the wording, snapshots filed', async () => {
		const result = await runJurisdiction(h.deps, 'UKGC')
		expect(result.changed).toBe(true)
		const statuses = Object.fromEntries(
			(
				await h.db.sql<
					{ upstream_key: string; status: string }[]
				>`SELECT upstream_key, status FROM licenses WHERE jurisdiction_code = 'UKGC'`
			).map((r) => [r.upstream_key, r.status])
		)
		expect(statuses).toMatchObject({
			'039011-R-319371': 'active',
			'041200-R-320455': 'surrendered',
			'045235-R-324169': 'revoked',
			'048801-R-325710': 'revoked',
			'039326-R-319358': 'expired',
			'039439-R-319330': 'revoked',
			'055149-R-331499': 'suspended',
			'000102-N-000000': 'pending'
		})
		const events = await outboxSince(0)
		const issued = events.filter((e) => e.event_name === 'license.issued')
		expect(issued).toHaveLength(Object.keys(statuses).length)
		expect(events.some((e) => e.event_name === 'license.status_changed')).toBe(false)
		expect(issued[0]!.payload.event_id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/)
		expect(decodeTime(issued[0]!.payload.event_id.slice(4))).toBe(h.clock.nowMs())
		const created = await historyOf((await licence('039011-R-319371')).id)
		expect(created).toHaveLength(1)
		expect(created[0]).toMatchObject({
			change_type: 'created',
			previous_status: null,
			new_status: 'active',
			source_url: registerUrl('/downloads/business-licence-register-licences.csv')
		})
		const [snapshot] = await h.db.sql<
			{ n: number }[]
		>`SELECT count(*)::int AS n FROM snapshots WHERE sha256 = ${created[0]!.snapshot_sha256}`
		expect(snapshot!.n).toBe(1)
		const reads = await h.db.sql<
			{ publication: string; outcome: string }[]
		>`SELECT publication, outcome FROM register_reads WHERE run_id = ${result.runId}`
		expect(reads.filter((r) => r.publication === 'register')).toHaveLength(5)
		expect(reads.filter((r) => r.publication === 'enforcement')).toHaveLength(1)
		const [status] = await h.db.sql<
			{ last_successful_read_at: Date; license_count: number }[]
		>`SELECT * FROM register_status WHERE jurisdiction_code = 'UKGC'`
		expect(status!.last_successful_read_at).toEqual(h.clock.now())
		expect(status!.license_count).toBe(Object.keys(statuses).length)
		const actions = await h.db.sql<{ action_type: string; amount_minor_units: number | null; operator_id: string | null }[]>`
			SELECT action_type, amount_minor_units::int AS amount_minor_units, operator_id FROM regulatory_actions WHERE jurisdiction_code = 'UKGC' ORDER BY action_type`
		expect(actions.find((a) => a.action_type === 'fine')).toMatchObject({ amount_minor_units: 2_875_000 })
		expect(actions.find((a) => a.action_type === 'fine')!.operator_id).not.toBeNull()
		const announced = events.filter((e) => e.event_name === 'regulatory_action.added').map((e) => e.payload.data.action_type)
		expect(announced.sort()).toEqual(
			actions
				.map((a) => a.action_type)
				.filter((t) => t !== 'settlement')
				.sort()
		)
	})

	test('a re-read answered 304 everywhere writes no history and no events but advances freshness', async () => {
		const before = await lastSeq()
		const historyBefore = await h.db.sql`SELECT count(*)::int AS n FROM license_history`
		h.clock.advanceHours(1)
		const result = await runJurisdiction(h.deps, 'UKGC')
		expect(result.changed).toBe(false)
		expect(await outboxSince(before)).toHaveLength(0)
		expect(await h.db.sql`SELECT count(*)::int AS n FROM license_history`).toEqual(historyBefore)
		const reads = await h.db.sql<{ outcome: string }[]>`SELECT outcome FROM register_reads WHERE run_id = ${result.runId}`
		expect(reads.every((r) => r.outcome === 'not_modified')).toBe(true)
		expect((await licence('039011-R-319371')).status_observed_at).toEqual(h.clock.now())
	})

	test('a full re-read of unchanged bytes writes no history and no events', async () => {
		await h.db.sql`UPDATE register_reads SET etag = NULL, last_modified = NULL`
		const before = await lastSeq()
		h.clock.advanceHours(1)
		const result = await runJurisdiction(h.deps, 'UKGC')
		expect(result.changed).toBe(false)
		expect(await outboxSince(before)).toHaveLength(0)
		const reads = await h.db.sql<{ outcome: string }[]>`SELECT outcome FROM register_reads WHERE run_id = ${result.runId}`
		expect(reads.every((r) => r.outcome === 'succeeded')).toBe(true)
	})

	test('day 1: new licence, re-issued version, suspension and revocation from the enforcement publication, a missed licence, a delisted domain', async () => {
		h.goToDay(1)
		const before = await lastSeq()
		await runJurisdiction(h.deps, 'UKGC')
		const events = await outboxSince(before)
		const issued = events.filter((e) => e.event_name === 'license.issued')
		expect(issued.map((e) => e.payload.data.license_number)).toEqual(['039011-R-319380-001'])

		const reissued = await licence('000102-N-317976')
		expect(reissued.license_number).toBe('000102-N-317976-011')
		const versions = await h.db.sql<{ license_number: string; superseded_at: Date | null }[]>`
			SELECT license_number, superseded_at FROM license_number_versions WHERE license_id = ${reissued.id} ORDER BY license_number`
		expect(versions.map((v) => [v.license_number, v.superseded_at === null])).toEqual([
			['000102-N-317976-010', false],
			['000102-N-317976-011', true]
		])
		expect((await historyOf(reissued.id)).at(-1)).toMatchObject({ change_type: 'data_update', event_id: null })

		const enforcementUrl = registerUrl('/public-register/regulatory-actions/print')
		const suspended = await licence('039011-R-319371')
		expect(suspended).toMatchObject({ status: 'suspended', upstream_status: 'Active', status_source_url: enforcementUrl })
		expect((await historyOf(suspended.id)).at(-1)).toMatchObject({
			change_type: 'status_change',
			previous_status: 'active',
			new_status: 'suspended',
			source_url: enforcementUrl
		})
		const revoked = await licence('039265-N-319416')
		expect(revoked).toMatchObject({ status: 'revoked', status_source_url: enforcementUrl })
		expect((await historyOf(revoked.id)).at(-1)).toMatchObject({ change_type: 'revoked' })
		const moves = events
			.filter((e) => e.event_name === 'license.status_changed')
			.map((e) => [e.payload.data.license_number, e.payload.data.previous_status, e.payload.data.new_status])
		expect(moves).toEqual(
			expect.arrayContaining([
				['039011-R-319371-004', 'active', 'suspended'],
				['039265-N-319416-009', 'active', 'revoked']
			])
		)

		const missed = await licence('047000-R-322000')
		expect(missed).toMatchObject({ status: 'expired', missed_reads: 1, not_listed_since: h.clock.now() })
		expect(events.some((e) => e.payload.data.license_number === '047000-R-322000-003')).toBe(false)

		const [link] = await h.db.sql<
			{ link_status: string; last_listed_at: Date | null }[]
		>`SELECT link_status, last_listed_at FROM domain_links WHERE hostname = 'firstplaybingo.co.uk'`
		expect(link).toEqual({ link_status: 'delisted', last_listed_at: null })
	})

	test('day 1: a trading name the register no longer prints is kept, with its status, and not listed since the read', async () => {
		const readAt = h.clock.now()
		// The last read that printed it: day 0's second hourly re-read.
		const lastPrinted = new Date(readTimeOfDay(0).getTime() + 2 * 3_600_000)
		expect(await tradingNames()).toEqual([
			{ name: 'Firstplay Bingo', status: 'Active', last_seen_at: readAt, not_listed_since: null },
			{ name: 'Kestrel Casino', status: 'Inactive', last_seen_at: readAt, not_listed_since: null },
			{ name: 'KestrelBet', status: 'Active', last_seen_at: lastPrinted, not_listed_since: readAt }
		])
	})

	test('day 2: the missed licence is back without history; lapsed, surrendered and unclassified wording', async () => {
		h.goToDay(2)
		const before = await lastSeq()
		await runJurisdiction(h.deps, 'UKGC')
		const back = await licence('047000-R-322000')
		expect(back).toMatchObject({ status: 'expired', not_listed_since: null, missed_reads: 0 })
		expect(await historyOf(back.id)).toHaveLength(1)
		const events = await outboxSince(before)
		const byNumber = new Map(events.map((e) => [e.payload.data.license_number, e]))
		expect(byNumber.get('039265-A-319417-009')).toMatchObject({
			event_name: 'license.expired',
			payload: { data: { previous_status: 'active', new_status: 'expired' } }
		})
		expect(byNumber.get('000102-N-000000-000')).toMatchObject({
			event_name: 'license.status_changed',
			payload: { data: { new_status: 'surrendered' } }
		})
		expect(await licence('048801-R-325710')).toMatchObject({ status: 'unknown', upstream_status: 'Under Review' })
		expect(await licence('039439-R-319330')).toMatchObject({ status: 'revoked', missed_reads: 1 })
		expect((await tradingNames()).find((row) => row.name === 'KestrelBet')).toEqual({
			name: 'KestrelBet',
			status: 'Active',
			last_seen_at: h.clock.now(),
			not_listed_since: null
		})
	})

	test('a licence gone for good keeps its status inside the grace window and becomes not_in_register after it', async () => {
		h.goToDay(3)
		await runJurisdiction(h.deps, 'UKGC')
		const inGrace = await licence('039439-R-319330')
		expect(inGrace).toMatchObject({ status: 'revoked', missed_reads: 2, not_listed_since: new Date(Date.UTC(2026, 10, 4, 6)) })
		h.goToDay(4)
		const before = await lastSeq()
		await runJurisdiction(h.deps, 'UKGC')
		const gone = await licence('039439-R-319330')
		expect(gone).toMatchObject({ status: 'not_in_register', upstream_status: null, not_listed_since: new Date(Date.UTC(2026, 10, 4, 6)) })
		expect((await historyOf(gone.id)).at(-1)).toMatchObject({
			previous_status: 'revoked',
			new_status: 'not_in_register',
			change_type: 'status_change'
		})
		expect((await outboxSince(before)).map((e) => [e.event_name, e.payload.data.new_status])).toEqual([
			['license.status_changed', 'not_in_register']
		])
	})
})

describe('UKGC faults: nothing written, freshness kept, the run recorded with its reason', () => {
	const expectFailedRun = async (reason: string, arrange: () => void) => {
		h.server.clearFaults()
		await h.db.sql`UPDATE register_reads SET etag = NULL, last_modified = NULL`
		const before = await databaseDigest(h.db.sql)
		const [statusBefore] = await h.db.sql<
			{ consecutive_failures: number }[]
		>`SELECT consecutive_failures FROM register_status WHERE jurisdiction_code = 'UKGC'`
		arrange()
		h.clock.advanceHours(1)
		const failure = await runJurisdiction(h.deps, 'UKGC').catch((error: unknown) => error)
		h.server.clearFaults()
		expect(failure).toBeInstanceOf(RunFailedError)
		expect((failure as RunFailedError).reason).toBe(reason as RunFailedError['reason'])
		const [run] = await h.db.sql<
			{ outcome: string; failure_reason: string }[]
		>`SELECT outcome, failure_reason FROM reader_runs ORDER BY started_at DESC, finished_at DESC LIMIT 1`
		expect(run).toEqual({ outcome: 'failed', failure_reason: reason })
		const [status] = await h.db.sql<
			{ consecutive_failures: number; last_failure_reason: string }[]
		>`SELECT consecutive_failures, last_failure_reason FROM register_status WHERE jurisdiction_code = 'UKGC'`
		expect(status!.consecutive_failures).toBe(statusBefore!.consecutive_failures + 1)
		expect(status!.last_failure_reason).toStartWith(reason)
		// Only the failure record was added: every register table is as before.
		const after = await databaseDigest(h.db.sql)
		const keep = (digest: string) => digest.split('\n').filter((line) => !/^(register_reads|reader_runs|snapshots):/.test(line))
		expect(keep(after)).toEqual(keep(before))
		return failure as RunFailedError
	}

	test('an HTTP 500 fails the run with http_error', async () => {
		await expectFailedRun('http_error', () => h.server.fault(LICENCES_ROUTE, 'http500'))
	})
	test('a 429 fails the run with http_error and is retried no sooner than its Retry-After asks', async () => {
		const failure = await expectFailedRun('http_error', () => h.server.fault(LICENCES_ROUTE, 'rate_limited'))
		expect(failure.requestedWaitMs).toBe(RATE_LIMIT_RETRY_AFTER_S * 1000)
		expect(failure.retryAfterMs).toBe(RATE_LIMIT_RETRY_AFTER_S * 1000)
	})
	test('a timeout fails the run with timeout', async () => {
		await expectFailedRun('timeout', () => h.server.fault(LICENCES_ROUTE, 'timeout'))
	})
	test('a truncated file fails the run with truncated', async () => {
		await expectFailedRun('truncated', () => h.server.fault(LICENCES_ROUTE, 'truncate'))
	})
	test('a malformed file fails the run with parse_error', async () => {
		await expectFailedRun('parse_error', () => h.server.fault(LICENCES_ROUTE, 'malformed'))
	})
	test('a publication that lost more than a third of its licences fails with implausible_shrink and marks nothing not_in_register', async () => {
		const header =
			'\ufeffAccount Number,Licence Number,Status,Type,Activity,Start Date,End Date\n"039011","039011-R-319371-004","Active","Remote","Casino","2002-02-03",""\n'
		await expectFailedRun('implausible_shrink', () => h.server.replace(LICENCES_ROUTE, new TextEncoder().encode(header), 'text/csv'))
		h.server.unreplace(LICENCES_ROUTE)
		const [row] = await h.db.sql<
			{ n: number }[]
		>`SELECT count(*)::int AS n FROM licenses WHERE jurisdiction_code = 'UKGC' AND not_listed_since IS NOT NULL`
		expect(row!.n).toBe(1)
	})
	test('a read refused or failed marks no trading name not listed, though its trading-names file prints none', async () => {
		h.server.replace(TRADING_NAMES_ROUTE, tradingNamesFile([]), 'text/csv')
		const shrunk =
			'\ufeffAccount Number,Licence Number,Status,Type,Activity,Start Date,End Date\n"039011","039011-R-319371-004","Active","Remote","Casino","2002-02-03",""\n'
		await expectFailedRun('implausible_shrink', () => h.server.replace(LICENCES_ROUTE, new TextEncoder().encode(shrunk), 'text/csv'))
		h.server.unreplace(LICENCES_ROUTE)
		await expectFailedRun('http_error', () => h.server.fault(LICENCES_ROUTE, 'http500'))
		h.server.unreplace(TRADING_NAMES_ROUTE)
		expect((await tradingNames()).filter((row) => row.not_listed_since !== null)).toEqual([])
	})
	test('after the faults clear, the next run succeeds and resets the failure count', async () => {
		h.clock.advanceHours(1)
		await runJurisdiction(h.deps, 'UKGC')
		const [status] = await h.db.sql<
			{ consecutive_failures: number; last_successful_read_at: Date }[]
		>`SELECT consecutive_failures, last_successful_read_at FROM register_status WHERE jurisdiction_code = 'UKGC'`
		expect(status).toEqual({ consecutive_failures: 0, last_successful_read_at: h.clock.now() })
	})
})

describe('UKGC trading names no longer printed', () => {
	const KESTREL_BET = '"39011","KestrelBet","Active"'
	const KESTREL_CASINO = '"39011","Kestrel Casino","Inactive"'

	test('a read whose only change is a trading name it no longer prints is a change: the data version moves', async () => {
		h.clock.advanceHours(1)
		const unchanged = await runJurisdiction(h.deps, 'UKGC')
		expect(unchanged.changed).toBe(false)
		h.server.replace(TRADING_NAMES_ROUTE, tradingNamesFile([KESTREL_BET, KESTREL_CASINO]), 'text/csv')
		h.clock.advanceHours(1)
		const dropped = await runJurisdiction(h.deps, 'UKGC')
		expect({ changed: dropped.changed, dataVersion: dropped.dataVersion, notListed: dropped.counts.tradingNamesNotListed }).toEqual({
			changed: true,
			dataVersion: unchanged.dataVersion + 1,
			notListed: 1
		})
		expect((await tradingNames()).find((row) => row.name === 'Firstplay Bingo')).toMatchObject({ not_listed_since: h.clock.now() })
	})

	test('printed again, the name is listed again, also a change', async () => {
		h.server.unreplace(TRADING_NAMES_ROUTE)
		h.clock.advanceHours(1)
		const [status] = await h.db.sql<{ v: number }[]>`SELECT data_version::int AS v FROM register_status WHERE jurisdiction_code = 'UKGC'`
		const before = status!.v
		const back = await runJurisdiction(h.deps, 'UKGC')
		expect({ changed: back.changed, dataVersion: back.dataVersion }).toEqual({ changed: true, dataVersion: before + 1 })
		expect((await tradingNames()).find((row) => row.name === 'Firstplay Bingo')).toMatchObject({
			not_listed_since: null,
			last_seen_at: h.clock.now()
		})
	})
})
