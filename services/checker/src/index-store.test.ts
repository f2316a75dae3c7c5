import { beforeAll, describe, expect, test } from 'bun:test'
import { ensureStreams, publish } from '@lv/bus'
import { TestClock } from '@lv/clock'
import { RegistryChanged, registryChangedMsgId, subjects } from '@lv/contracts'
import { createLogger, silentLogger } from '@lv/logger'
import { statementsWaitingOnLocks, waitFor } from '@lv/testing'
import { checkDomain, checkDomainBytes } from '@lv/verdict'
import { describeAnswerState } from './answer-state.ts'
import { IndexStore } from './index-store.ts'
import { listenForRegistryChanges } from './registry-listener.ts'
import { type RegisterFactory, registerFactory } from './test-support/register-factory.ts'
import { databaseAndNatsPerFile } from '@lv/testing/per-file'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T11:00:00.000Z')
const env = databaseAndNatsPerFile('index-store-test')
let make: RegisterFactory

beforeAll(async () => {
	await ensureStreams(env.bus)
	make = registerFactory(env.db.sql, READ_AT)
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	const ukgc = await make.licence(acme, { license_number: '000-012345-R-123456-001' })
	await make.link(acme, 'acmebet.co.uk', ukgc)
	await make.finishAllRuns()
})

const verdictOf = (store: IndexStore, domain: string) => checkDomain(store.current(), domain, { now: clock.now() }).verdict
const newStore = () => new IndexStore({ sql: env.db.sql, logger: silentLogger, clock })

/** Resolves once a query of every register's data_version started after `mark` has answered (its connection idle again). */
const registerVersionsAnswered = (mark: Date) =>
	waitFor(
		async () =>
			(
				await env.db.sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle' AND query_start >= ${mark}
					AND query LIKE '%SELECT jurisdiction_code, data_version, last_successful_read_at FROM register_status%'
					AND query NOT LIKE '%pg_stat_activity%'`
			).length > 0,
		{ what: 'the sync to read register_status' }
	)

describe('IndexStore', () => {
	test('loads every jurisdiction from PostgreSQL with the data_version it was built from', async () => {
		const store = newStore()
		await store.loadAll()
		expect(store.isLoaded()).toBe(true)
		expect(store.current().order).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
		expect(verdictOf(store, 'acmebet.co.uk')).toBe('licensed')
		const [status] = await env.db.sql<{ data_version: bigint }[]>`SELECT data_version FROM register_status WHERE jurisdiction_code = 'UKGC'`
		expect(store.versions().get('UKGC')).toBe(BigInt(status?.data_version ?? -1))
	})

	test('a rebuild replaces only its jurisdiction and leaves the other shards shared', async () => {
		const store = newStore()
		await store.loadAll()
		const before = store.current()
		const malta = await make.operator('malta-play', 'Malta Play')
		const mga = await make.licence(malta, { jurisdiction: 'MGA', license_number: 'MGA/B2C/101/2020', license_types: ['Type 1'] })
		await make.link(malta, 'maltaplay.com', mga)
		await make.finishRun('MGA')
		expect(verdictOf(store, 'maltaplay.com')).toBe('not_found')
		await store.rebuild('MGA')
		const after = store.current()
		expect(verdictOf(store, 'maltaplay.com')).toBe('licensed')
		expect(after.shards.get('UKGC')).toBe(before.shards.get('UKGC'))
		expect(after.shards.get('MGA')).not.toBe(before.shards.get('MGA'))
		expect(before.shards.get('MGA')?.linksByHostname.has('maltaplay.com')).toBe(false)
	})

	test('registry.changed.<CODE> published to JetStream rebuilds that jurisdiction in a running checker', async () => {
		const store = newStore()
		await store.loadAll()
		const listener = listenForRegistryChanges(env.bus, store, silentLogger)
		try {
			await env.bus.nc.flush()
			const curacao = await make.operator('island-casino', 'Island Casino')
			const cw = await make.licence(curacao, { jurisdiction: 'CW', license_number: 'OGL/2024/118/0091', license_types: ['B2C'] })
			await make.link(curacao, 'islandcasino.com', cw)
			const version = await make.finishRun('CW')
			await publish(
				env.bus,
				RegistryChanged,
				subjects.registryChanged('CW'),
				{
					id: 'run-cw-1',
					sent_at: clock.now().toISOString(),
					jurisdiction: 'CW',
					run_id: 'run-cw-1',
					data_version: Number(version),
					changed: true
				},
				registryChangedMsgId('CW', 'run-cw-1')
			)
			await waitFor(() => verdictOf(store, 'islandcasino.com') === 'licensed', { what: 'the CW rebuild' })
			expect(store.versions().get('CW')).toBe(version)
		} finally {
			await listener.stop()
		}
	})

	test('the data_version poll catches a change whose message was never received', async () => {
		const store = newStore()
		await store.loadAll()
		const anjouan = await make.operator('comoros-spins', 'Comoros Spins')
		const an = await make.licence(anjouan, { jurisdiction: 'AN', license_number: 'ALSI-202410030-FI1', license_types: ['B2C'] })
		await make.link(anjouan, 'comorosspins.com', an)
		await make.finishRun('AN')
		await store.sync()
		expect(verdictOf(store, 'comorosspins.com')).toBe('licensed')
	})

	test('a newer last read without a data change updates freshness', async () => {
		const store = newStore()
		await store.loadAll()
		const later = new Date('2026-11-01T11:30:00.000Z')
		await make.finishRun('UKGC', later, false)
		await store.sync('UKGC')
		expect(store.current().shards.get('UKGC')?.jurisdiction.last_successful_read_at).toBe(later.getTime())
		expect(checkDomain(store.current(), 'acmebet.co.uk', { now: clock.now() })._meta.register?.last_read_at).toBe(later.toISOString())
	})

	test('a register read that changed nothing brings the listing times it wrote to the answers', async () => {
		const store = newStore()
		await store.loadAll()
		const later = new Date('2026-11-01T11:40:00.000Z')
		// What a run that changes nothing writes: every listed licence and link stamped with the read, no data_version move.
		await env.db.sql`UPDATE licenses SET last_listed_at = ${later}, status_observed_at = ${later}, last_verified_at = ${later}
			WHERE jurisdiction_code = 'UKGC' AND not_listed_since IS NULL`
		await env.db.sql`UPDATE domain_links SET last_listed_at = ${later} WHERE jurisdiction_code = 'UKGC' AND link_status <> 'delisted'`
		await make.finishRun('UKGC', later, false)
		await store.sync('UKGC')
		const answer = checkDomain(store.current(), 'acmebet.co.uk', { now: clock.now() })
		expect(answer._meta.register?.last_read_at).toBe(later.toISOString())
		expect(answer.match?.domain_last_listed_at).toBe(later.toISOString())
		expect(answer.match?.status_observed_at).toBe(later.toISOString())
		expect(answer.verdict_detail).toContain(`register read at ${later.toISOString()}`)
	})

	test('a replica loaded before a read that changed nothing and one loaded after it report one answer state and answer the same bytes', async () => {
		const running = newStore()
		await running.loadAll()
		const later = new Date('2026-11-01T11:50:00.000Z')
		await env.db
			.sql`UPDATE licenses SET last_listed_at = ${later}, status_observed_at = ${later} WHERE jurisdiction_code = 'UKGC' AND not_listed_since IS NULL`
		await env.db.sql`UPDATE domain_links SET last_listed_at = ${later} WHERE jurisdiction_code = 'UKGC' AND link_status <> 'delisted'`
		await make.finishRun('UKGC', later, false)
		await running.sync('UKGC')
		const started = newStore()
		await started.loadAll()
		const stateOf = (store: IndexStore) => describeAnswerState('build', store.versions(), store.current(), clock.nowMs()).state
		const bytesOf = (store: IndexStore) => new TextDecoder().decode(checkDomainBytes(store.current(), 'acmebet.co.uk', clock.now()).bytes)
		expect(stateOf(running)).toBe(stateOf(started))
		expect(bytesOf(running)).toBe(bytesOf(started))
	})

	test('a rebuild that read its rows before a newer register read never puts the older read back', async () => {
		const store = newStore()
		await store.loadAll()
		const before = store.current().shards.get('UKGC')?.jurisdiction.last_successful_read_at
		const later = new Date((before ?? READ_AT.getTime()) + 600_000)
		// The rebuild takes its snapshot, reads register_status, then waits on the licences held here.
		const holder = await env.db.sql.reserve()
		await holder`BEGIN`
		await holder`LOCK TABLE licenses IN ACCESS EXCLUSIVE MODE`
		let rebuilding: Promise<void> | undefined
		let syncing: Promise<void> | undefined
		try {
			rebuilding = store.rebuild('UKGC')
			await statementsWaitingOnLocks(env.db.sql, 1)
			await make.finishRun('UKGC', later, false)
			const [{ mark } = { mark: new Date() }] = await env.db.sql<{ mark: Date }[]>`SELECT clock_timestamp() AS mark`
			const swapped = new Promise<void>((resolve) => store.watch(resolve))
			syncing = store.sync('UKGC')
			// On until the sync has done what it does without the rebuild: it swapped, or its query of register_status answered.
			await Promise.race([swapped, registerVersionsAnswered(mark)])
		} finally {
			await holder`COMMIT`
			holder.release()
		}
		await Promise.all([rebuilding, syncing])
		await store.idle()
		expect(store.current().shards.get('UKGC')?.jurisdiction.last_successful_read_at).toBe(later.getTime())
	})

	test('a licence revoked while a rebuild reads its rows is answered revoked once the rebuild and the one it asked for have swapped', async () => {
		const store = newStore()
		const owner = await make.operator('held-while-loading', 'Held While Loading')
		const held = await make.licence(owner, { license_number: '000-099999-R-999999-001' })
		await make.link(owner, 'heldwhileloading.co.uk', held)
		await make.finishRun('UKGC')
		await store.loadAll()
		expect(verdictOf(store, 'heldwhileloading.co.uk')).toBe('licensed')
		// The rebuild takes its snapshot and reads the licences, then waits on the links held here.
		const holder = await env.db.sql.reserve()
		await holder`BEGIN`
		await holder`LOCK TABLE domain_links IN ACCESS EXCLUSIVE MODE`
		let rebuilding: Promise<void> | undefined
		let syncing: Promise<void> | undefined
		try {
			rebuilding = store.rebuild('UKGC')
			await statementsWaitingOnLocks(env.db.sql, 1)
			await env.db.sql`UPDATE licenses SET status = 'revoked', upstream_status = 'Revoked' WHERE id = ${held.id}`
			await make.finishRun('UKGC')
			syncing = store.sync('UKGC')
		} finally {
			await holder`COMMIT`
			holder.release()
		}
		await Promise.all([rebuilding, syncing])
		expect(verdictOf(store, 'heldwhileloading.co.uk')).toBe('licence_not_active')
		const [status] = await env.db.sql<{ data_version: bigint }[]>`SELECT data_version FROM register_status WHERE jurisdiction_code = 'UKGC'`
		expect(store.versions().get('UKGC')).toBe(BigInt(status?.data_version ?? -1))
	})

	test('a rebuild whose reads fail keeps the previous index answering, and the next rebuild succeeds', async () => {
		const store = newStore()
		await store.loadAll()
		const before = store.current()
		await env.db.sql`ALTER TABLE trading_names RENAME TO trading_names_away`
		try {
			await expect(store.rebuild('UKGC')).rejects.toThrow()
		} finally {
			await env.db.sql`ALTER TABLE trading_names_away RENAME TO trading_names`
		}
		expect(store.current()).toBe(before)
		expect(verdictOf(store, 'acmebet.co.uk')).toBe('licensed')
		await store.rebuild('UKGC')
		expect(store.current()).not.toBe(before)
	})

	test('a replica whose rebuilds of a moved register fail three times in a row is behind until one succeeds, and says so in its log and metric', async () => {
		const lines: string[] = []
		const failedInARow: [string, number][] = []
		const store = new IndexStore({
			sql: env.db.sql,
			logger: createLogger({}, 'info', (line) => lines.push(line)),
			clock,
			onFailedInARow: (code, failed) => failedInARow.push([code, failed])
		})
		await store.loadAll()
		const before = store.current()
		await make.finishRun('KH')
		await env.db.sql`ALTER TABLE trading_names RENAME TO trading_names_away`
		const behindAfterEachSync: string[][] = []
		try {
			for (let poll = 1; poll <= 3; poll++) {
				await expect(store.sync()).rejects.toThrow()
				behindAfterEachSync.push(store.behind())
			}
		} finally {
			await env.db.sql`ALTER TABLE trading_names_away RENAME TO trading_names`
		}
		expect(behindAfterEachSync).toEqual([[], [], ['KH']])
		expect(store.current()).toBe(before)
		expect(verdictOf(store, 'acmebet.co.uk')).toBe('licensed')
		const messages = () => lines.map((line) => (JSON.parse(line) as { msg: string; jurisdiction?: string }).msg)
		expect(messages().filter((msg) => msg.startsWith('index rebuilds keep failing'))).toHaveLength(1)

		await store.sync()
		expect(store.behind()).toEqual([])
		expect(store.current()).not.toBe(before)
		expect(failedInARow).toEqual([
			['KH', 1],
			['KH', 2],
			['KH', 3],
			['KH', 0]
		])
		expect(messages()).toContain('index rebuilt after failures; replica caught up')
	})

	test('rebuilds of one jurisdiction requested during a rebuild coalesce into one more run', async () => {
		const store = newStore()
		await store.loadAll()
		let rebuilds = 0
		const counting = new IndexStore({ sql: env.db.sql, logger: silentLogger, clock, onRebuilt: () => rebuilds++ })
		await counting.loadAll()
		rebuilds = 0
		await Promise.all([counting.rebuild('KH'), counting.rebuild('KH'), counting.rebuild('KH'), counting.rebuild('KH')])
		expect(rebuilds).toBe(2)
	})

	test('a sync of registers whose data_version and last read have not moved rebuilds nothing', async () => {
		let rebuilds = 0
		const store = new IndexStore({ sql: env.db.sql, logger: silentLogger, clock, onRebuilt: () => rebuilds++ })
		await store.loadAll()
		const loaded = store.current()
		rebuilds = 0
		await store.sync()
		await store.sync('UKGC')
		expect(rebuilds).toBe(0)
		expect(store.current()).toBe(loaded)
	})

	test('rebuilds of different jurisdictions requested together run one after the other, never two shards built at once', async () => {
		const lines: string[] = []
		const store = new IndexStore({ sql: env.db.sql, logger: createLogger({}, 'debug', (line) => lines.push(line)), clock })
		await store.loadAll()
		lines.length = 0
		await Promise.all([store.rebuild('KH'), store.rebuild('TGC'), store.rebuild('IOM')])
		const steps = lines
			.map((line) => JSON.parse(line) as { msg: string; jurisdiction?: string })
			.filter((entry) => entry.msg.startsWith('index rebuil'))
			.map((entry) => `${entry.msg} ${entry.jurisdiction}`)
		expect(steps).toEqual([
			'index rebuild started KH',
			'index rebuilt KH',
			'index rebuild started TGC',
			'index rebuilt TGC',
			'index rebuild started IOM',
			'index rebuilt IOM'
		])
	})
})
