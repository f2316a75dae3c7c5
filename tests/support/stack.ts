import { join } from 'node:path'
import { type Bus, connectBus, ensureStreams } from '@lv/bus'
import { TestClock } from '@lv/clock'
import type { Sql } from '@lv/db'
import { silentLogger } from '@lv/logger'
import { type RegisterServer, startRegisterServer } from '@lv/register-server'
import { JURISDICTION_CODES, adapters } from '@lv/registers'
import { REPO_ROOT, type TestDatabase, createTestDatabase, startNats, waitFor } from '@lv/testing'
import { IndexStore } from '../../services/checker/src/index-store.ts'
import { type RegistryListener, listenForRegistryChanges } from '../../services/checker/src/registry-listener.ts'
import { startResponders } from '../../services/checker/src/responders.ts'
import { httpFetcher } from '../../services/reader/src/fetch/http-fetcher.ts'
import { registerServerPolicy } from '../../services/reader/src/fetch/source-policy.ts'
import { readDomainPagesForAttempt } from '../../services/reader/src/domain-pages.ts'
import { type RunDeps, runJurisdiction } from '../../services/reader/src/run.ts'
import { Sources } from '../../services/reader/src/sources.ts'
import { readTimeOfDay } from '../../services/reader/src/test-support/harness.ts'
import { type ServiceProcess, issueKey, startService } from '../e2e/check-stack.ts'

/** Any 32-byte key: the gateway refuses to start without one; no webhook is exercised here. */
const WEBHOOK_SECRET_KEY = Buffer.alloc(32, 7).toString('base64')

export type CheckResponse = { status: number; body: Record<string, any> }

export type ReaderCheckStack = {
	db: TestDatabase
	/** The test run's nats-server, for other processes started beside the stack (the dashboard's bulk-check worker). */
	natsUrl: string
	registers: RegisterServer
	/** The clock of the reader and of the checker (the gateway process runs on system time). */
	clock: TestClock
	gateway: ServiceProcess
	apiKey: string
	/** Moves the register server and the clock to a scenario day, reads all seven registers as the reader's job loop does (run, then certificate or verification pages), and waits until the checker's index has taken every change. */
	readDay(day: number): Promise<void>
	/** Waits until the checker has taken register_status as it is in PostgreSQL (data_version and last read). */
	checkerCaughtUp(): Promise<void>
	/** GET /v1/check on the gateway process with the stack's key. */
	check(query: string): Promise<CheckResponse>
	/** `bun services/reader/src/ops-cli.ts withdraw-event <id> --note <note>`: exit code and printed result. */
	withdrawEvent(historyId: string, note: string): Promise<{ exitCode: number; stdout: string; stderr: string }>
	stop(): Promise<void>
}

/**
 * The check path on the harness, fed only by the real reader: PostgreSQL and nats-server of the
 * test run, the register server, the reader's runJurisdiction in-process (TestClock, publishing
 * registry.changed), a checker in-process (IndexStore following registry.changed, responders in the
 * queue group, on the same TestClock so freshness can be moved), and the gateway's main.ts as a process
 * (with `gatewayEnv` added to its environment).
 */
export async function startReaderCheckStack(options: { gatewayEnv?: Record<string, string> } = {}): Promise<ReaderCheckStack> {
	const [db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const registers = startRegisterServer({ timeoutHoldMs: 5_000 })
	const clock = new TestClock(readTimeOfDay(0))
	const started: {
		readerBus?: Bus
		checkerBus?: Bus
		listener?: RegistryListener
		stopResponders?: () => Promise<void>
		gateway?: ServiceProcess
	} = {}
	const stop = async () => {
		await started.gateway?.stop()
		await started.stopResponders?.()
		await started.listener?.stop()
		await started.checkerBus?.close()
		await started.readerBus?.close()
		await registers.stop()
		await nats.stop()
		await db.drop()
	}
	try {
		started.readerBus = await connectBus({ servers: nats.url, name: 'stack-reader' })
		await ensureStreams(started.readerBus)
		const reader = readerDeps(db.sql, clock, registers.url, started.readerBus)

		started.checkerBus = await connectBus({ servers: nats.url, name: 'stack-checker' })
		const store = new IndexStore({ sql: db.sql, logger: silentLogger, clock })
		started.listener = listenForRegistryChanges(started.checkerBus, store, silentLogger)
		await store.loadAll()
		const responders = startResponders({ bus: started.checkerBus, sql: db.sql, store, clock, logger: silentLogger })
		started.stopResponders = async () => {
			await Promise.all(responders.map((responder) => responder.stop()))
		}
		await started.checkerBus.nc.flush()

		started.gateway = await startService('gateway', {
			DATABASE_URL: db.url,
			NATS_URL: nats.url,
			CHECKER_TIMEOUT_MS: '2000',
			WEBHOOK_SECRET_KEY,
			...options.gatewayEnv
		})
		const gateway = started.gateway
		const apiKey = await issueKey(db.sql, 'enterprise')

		const checkerCaughtUp = () => checkerTookEveryRead(db.sql, store)

		return {
			db,
			natsUrl: nats.url,
			registers,
			clock,
			gateway,
			apiKey,
			checkerCaughtUp,
			async readDay(day) {
				registers.setDay(day)
				clock.set(readTimeOfDay(day))
				// As the reader's job loop does after each attempt (main.ts afterAttempt), with its default sizes.
				for (const code of JURISDICTION_CODES) {
					await runJurisdiction(reader, code)
					await readDomainPagesForAttempt(reader, code, { registerRead: 'succeeded' }, { batch: 200, cycleDays: 3 })
				}
				await checkerCaughtUp()
			},
			async check(query) {
				const response = await fetch(`http://127.0.0.1:${gateway.port}/v1/check?${query}`, {
					headers: { authorization: `Bearer ${apiKey}` }
				})
				return { status: response.status, body: (await response.json()) as Record<string, any> }
			},
			withdrawEvent: (historyId, note) => withdrawEventWithOpsCli(db.url, historyId, note),
			stop
		}
	} catch (error) {
		await stop().catch(() => {})
		throw error
	}
}

/** The reader's dependencies as its main.ts builds them, fetching from the register server. */
function readerDeps(sql: Sql, clock: TestClock, registersUrl: string, bus: Bus): RunDeps {
	return {
		sql,
		clock,
		fetcher: httpFetcher({ timeoutMs: 5_000, userAgent: 'reader-check-stack' }),
		sources: new Sources(registersUrl),
		policy: registerServerPolicy(registersUrl),
		adapters,
		grace: { missedReads: 2, minimumMs: 48 * 3_600_000 },
		maxFiles: 100,
		logger: silentLogger,
		bus
	}
}

/** Resolves once the checker's index holds every register's current data version and read time. */
async function checkerTookEveryRead(sql: Sql, store: IndexStore): Promise<void> {
	await waitFor(
		async () => {
			const rows = await sql<{ code: string; data_version: string; read_at: Date | null }[]>`
				SELECT jurisdiction_code AS code, data_version::text AS data_version, last_successful_read_at AS read_at FROM register_status`
			const index = store.current()
			return rows.every(
				(row) =>
					store.versions().get(row.code) === BigInt(row.data_version) &&
					(index.shards.get(row.code)?.jurisdiction.last_successful_read_at ?? null) === (row.read_at?.getTime() ?? null)
			)
		},
		{ what: 'the checker to take every register read', timeoutMs: 15_000, intervalMs: 20 }
	)
}

/** The reader's ops CLI `withdraw-event` as an operator runs it, against the stack's database. */
async function withdrawEventWithOpsCli(databaseUrl: string, historyId: string, note: string) {
	const child = Bun.spawn(['bun', join(REPO_ROOT, 'services/reader/src/ops-cli.ts'), 'withdraw-event', historyId, '--note', note], {
		env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', DATABASE_URL: databaseUrl },
		stdout: 'pipe',
		stderr: 'pipe'
	})
	const [exitCode, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()])
	return { exitCode, stdout, stderr }
}
