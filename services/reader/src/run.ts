import { type Bus, publish } from '@lv/bus'
import type { Clock } from '@lv/clock'
import { RegistryChanged, registryChangedMsgId, subjects } from '@lv/contracts'
import type { Sql, TransactionSql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { inSpan } from '@lv/tracing'
import type { FetchedFile, JurisdictionCode, ParsedEnforcement, ParsedRegister, RegisterAdapter } from '@lv/registers'
import { monotonicFactory } from 'ulid'
import { FetchFailedError, ReconciliationBusyError, RunFailedError } from './errors.ts'
import type { FetchScope, Fetcher } from './fetch/http-fetcher.ts'
import { asFetchedFile, type FetchedRecord, fetchPublication } from './fetch/read-publication.ts'
import { RunAllowance, type RunLimits } from './fetch/run-allowance.ts'
import type { SourcePolicy } from './fetch/source-policy.ts'
import { planReconciliation } from './reconcile/plan.ts'
import { judgePlausibility } from './reconcile/plausibility.ts'
import type { GracePolicy, IdSource, Observation, PlanCounts, ReadFile } from './reconcile/types.ts'
import { CERTIFICATE_LINKED } from './link-sources.ts'
import type { ReaderMetrics } from './metrics.ts'
import type { Sources } from './sources.ts'
import { applyPlan } from './store/apply-plan.ts'
import { loadCurrentState } from './store/load-state.ts'
import { inTransaction } from './store/transaction.ts'
import {
	countListedLinks,
	fileSnapshots,
	insertFailedFetch,
	insertReads,
	insertRun,
	loadPreviousReads,
	loadSnapshot,
	markFailed,
	markRunChanged,
	markSucceeded,
	type ReadRow
} from './store/runs.ts'

/** Points where tests stop a run: with the advisory lock held, and just before the commit. */
export type RunHooks = {
	afterLock?(jurisdiction: JurisdictionCode): Promise<void>
	beforeCommit?(jurisdiction: JurisdictionCode): Promise<void>
}

export type RunDeps = {
	sql: Sql
	clock: Clock
	fetcher: Fetcher
	sources: Sources
	/** Where the fetcher may connect: the regulator hosts plus the operator's exceptions. */
	policy: SourcePolicy
	/** Bytes and time one run (or certificate/seal batch) may fetch; DEFAULT_RUN_LIMITS when absent. */
	runLimits?: RunLimits
	adapters: Partial<Record<JurisdictionCode, RegisterAdapter>>
	grace: GracePolicy
	maxFiles: number
	logger: Logger
	ids?: IdSource
	/** When given, registry.changed.<CODE> is published after the commit. */
	bus?: Bus
	hooks?: RunHooks
	/** Called after a successful commit (the outbox relay is kicked here). */
	onCommitted?(): void
	metrics?: ReaderMetrics
}

export type RunResult = { runId: string; changed: boolean; dataVersion: number; counts: PlanCounts; timings: Record<string, number> }

/** Delay before a failed run's job is offered again; the job loop lengthens it per attempt. */
export const DEFAULT_RETRY_MS = 30_000

/** Adapters may add an async step before parsing (the CW PDF text extraction); not part of the shared interface. */
type Preparing = {
	prepareRegisterFiles?(files: FetchedFile[]): Promise<FetchedFile[]>
	prepareEnforcementFiles?(files: FetchedFile[]): Promise<FetchedFile[]>
}

/** Random v4 uuids; event ids `evt_` + a ULID whose time part is the run's clock (monotonic within a process). */
export function defaultIds(clock: Clock): IdSource {
	const ulid = monotonicFactory()
	return { uuid: () => crypto.randomUUID(), eventId: () => `evt_${ulid(clock.nowMs())}` }
}

const lockKey = (jurisdiction: string) => `reader:${jurisdiction}`

/** A fresh allowance for one run or batch of a jurisdiction. */
export const fetchScope = (deps: Pick<RunDeps, 'policy' | 'runLimits'>, jurisdiction: JurisdictionCode): FetchScope => ({
	jurisdiction,
	policy: deps.policy,
	run: new RunAllowance(deps.runLimits)
})

/**
 * One read of a jurisdiction: fetch (conditional GET, discovery), file snapshots, parse,
 * classify, then reconcile in ONE transaction holding the jurisdiction's advisory lock.
 * Any fault fails the whole run: nothing is written but the run's failure record.
 */
export function runJurisdiction(deps: RunDeps, jurisdiction: JurisdictionCode, jobId: string | null = null): Promise<RunResult> {
	return inSpan(`read register ${jurisdiction}`, { attributes: { 'lv.jurisdiction': jurisdiction } }, () =>
		readJurisdiction(deps, jurisdiction, jobId)
	)
}

// Long: the phases run in order inside one try, because the phase timings and the failure
// record of any fault need what every earlier phase found (records, run id, start time).
async function readJurisdiction(deps: RunDeps, jurisdiction: JurisdictionCode, jobId: string | null): Promise<RunResult> {
	const adapter = deps.adapters[jurisdiction]
	if (!adapter) throw new RunFailedError('no_source', `no adapter for ${jurisdiction}`, DEFAULT_RETRY_MS)
	const ids = deps.ids ?? defaultIds(deps.clock)
	const runId = ids.uuid()
	const startedAt = deps.clock.now()
	const records: FetchedRecord[] = []
	const fetchWarnings: string[] = []
	const publicationOf = new Map<FetchedRecord, string>()
	const timings: Record<string, number> = {}
	const runStarted = performance.now()
	let mark = runStarted
	const phase = (name: string) => {
		const at = performance.now()
		timings[name] = Math.round(at - mark)
		mark = at
	}
	try {
		const { registerEntry, registerRecords, enforcementEntry, enforcementRecords } = await fetchRead(deps, adapter, jurisdiction, {
			records,
			warnings: fetchWarnings,
			publicationOf
		})
		phase('fetch_ms')

		const parsed = await parseRegister(adapter, registerRecords)
		const enforcement = enforcementEntry ? await parseEnforcement(adapter, enforcementRecords) : null
		const now = deps.clock.now()
		const classifications = parsed.licences.map((licence) => adapter.classify(licence.upstreamStatus, { licence, now }))
		collectGarbage()
		phase('parse_ms')

		const reads: ReadRow[] = records.map((record) => ({ id: ids.uuid(), publication: publicationOf.get(record) ?? 'register', record }))
		const readFile = (record: FetchedRecord): ReadFile => {
			const read = reads.find((candidate) => candidate.record === record) as ReadRow
			return { url: record.fetchUrl, sha256: record.sha256, fetchedAt: record.fetchedAt, registerReadId: read.id }
		}
		const observation: Observation = {
			jurisdiction,
			now,
			register: { entryUrl: deps.sources.fetchUrl(registerEntry), files: registerRecords.map(readFile), parsed },
			classifications,
			enforcement:
				enforcementEntry && enforcement
					? { entryUrl: deps.sources.fetchUrl(enforcementEntry), files: enforcementRecords.map(readFile), parsed: enforcement }
					: null
		}

		const outcome = await inTransaction(deps.sql, async (tx) => {
			await takeLock(tx, jurisdiction)
			await deps.hooks?.afterLock?.(jurisdiction)
			const current = await loadCurrentState(tx, jurisdiction)
			phase('load_ms')
			const plausible = judgePlausibility(current, parsed)
			if (!plausible.ok) throw new RunFailedError(plausible.reason, plausible.detail, DEFAULT_RETRY_MS, observation.register.entryUrl)
			const plan = planReconciliation(current, observation, {
				grace: deps.grace,
				ids,
				detectedBy: `reader:${jurisdiction}`,
				linksFromRegister: !CERTIFICATE_LINKED.has(jurisdiction)
			})
			// The register's domains now live in plan.links: drop the parsed objects before the writes allocate.
			parsed.domains.length = 0
			collectGarbage()
			phase('plan_ms')
			const finishedAt = deps.clock.now()
			await insertRun(tx, {
				id: runId,
				jurisdiction,
				jobId,
				startedAt,
				finishedAt,
				outcome: 'succeeded',
				failureReason: null,
				failureDetail: null,
				changed: plan.changed,
				counts: {
					...plan.counts,
					files: records.length,
					not_modified: records.filter((r) => r.notModified).length,
					warnings: [...fetchWarnings, ...parsed.warnings].slice(0, 50)
				}
			})
			await fileSnapshots(tx, records)
			await insertReads(tx, runId, jurisdiction, reads, 'succeeded', finishedAt, null)
			phase('snapshots_ms')
			const applied = await applyPlan(tx, plan, jurisdiction, now, timings)
			phase('apply_ms')
			const linksChanged = applied.links.inserted + applied.links.updated + applied.links.delisted > 0
			const changed = plan.changed || linksChanged
			if (changed && !plan.changed) await markRunChanged(tx, runId)
			if (!plan.links) plan.counts.domains = await countListedLinks(tx, jurisdiction)
			const dataVersion = await markSucceeded(
				tx,
				jurisdiction,
				now,
				{ licences: plan.counts.listedLicences, domains: plan.counts.domains, operators: plan.counts.operators },
				changed
			)
			await deps.hooks?.beforeCommit?.(jurisdiction)
			return { runId, changed, dataVersion, counts: plan.counts, timings }
		})
		phase('commit_ms')
		deps.logger.info('register read', {
			jurisdiction,
			run_id: runId,
			changed: outcome.changed,
			data_version: outcome.dataVersion,
			...outcome.counts
		})
		deps.onCommitted?.()
		deps.metrics?.succeeded(jurisdiction, records, outcome.counts, (performance.now() - runStarted) / 1000)
		await announce(deps, jurisdiction, outcome)
		return outcome
	} catch (error) {
		if (error instanceof ReconciliationBusyError) throw error
		const failure = asRunFailure(error)
		await recordFailure(deps, { runId, jurisdiction, jobId, startedAt, records, publicationOf, failure, ids, error }).catch(
			(recordError: unknown) => deps.logger.error('could not record the failed run', { jurisdiction, run_id: runId, error: recordError })
		)
		deps.logger.warn('register read failed', { jurisdiction, run_id: runId, reason: failure.reason, detail: failure.message })
		deps.metrics?.failed(jurisdiction, records, failure.reason, (performance.now() - runStarted) / 1000)
		throw failure
	}
}

type SourceEntry = NonNullable<ReturnType<Sources['entry']>>

/**
 * Fetches the register (and the enforcement publication when the adapter reads one): every file
 * goes into `read.records`, tagged with its publication; fetch warnings into `read.warnings`.
 */
async function fetchRead(
	deps: RunDeps,
	adapter: RegisterAdapter,
	jurisdiction: JurisdictionCode,
	read: { records: FetchedRecord[]; warnings: string[]; publicationOf: Map<FetchedRecord, string> }
): Promise<{
	registerEntry: SourceEntry
	registerRecords: FetchedRecord[]
	enforcementEntry: SourceEntry | null
	enforcementRecords: FetchedRecord[]
}> {
	const previous = await loadPreviousReads(deps.sql, jurisdiction)
	const fetchDeps = {
		fetcher: deps.fetcher,
		sources: deps.sources,
		clock: deps.clock,
		maxFiles: deps.maxFiles,
		scope: fetchScope(deps, jurisdiction),
		warnings: read.warnings,
		previousRead: (url: string) => previous.get(url),
		loadSnapshot: (sha: string) => loadSnapshot(deps.sql, sha)
	}
	const registerEntry = deps.sources.entry(jurisdiction, 'register')
	if (!registerEntry) throw new RunFailedError('no_source', `no register URL configured for ${jurisdiction}`, DEFAULT_RETRY_MS)
	const registerRecords = await fetchPublication(fetchDeps, adapter, 'register', registerEntry, read.records)
	for (const record of registerRecords) read.publicationOf.set(record, 'register')
	const enforcementEntry = adapter.parseEnforcement ? deps.sources.entry(jurisdiction, 'enforcement') : null
	const enforcementRecords = enforcementEntry
		? await fetchPublication(fetchDeps, adapter, 'enforcement', enforcementEntry, read.records)
		: []
	for (const record of enforcementRecords) read.publicationOf.set(record, 'enforcement')
	return { registerEntry, registerRecords, enforcementEntry: enforcementEntry ?? null, enforcementRecords }
}

/**
 * A full collection between phases: a 200,000-domain read allocates a few hundred MB of
 * short-lived values per phase (CSV slices, parsed objects, plan rows), and collecting them before
 * the next phase lets it reuse that memory instead of growing the process (peak RSS target 500 MB).
 */
function collectGarbage(): void {
	Bun.gc(true)
}

async function takeLock(tx: TransactionSql, jurisdiction: string): Promise<void> {
	const [row] = await tx<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext(${lockKey(jurisdiction)})) AS locked`
	if (!row?.locked) throw new ReconciliationBusyError(`another reader is reconciling ${jurisdiction}`, DEFAULT_RETRY_MS)
}

async function parseRegister(adapter: RegisterAdapter & Preparing, records: FetchedRecord[]): Promise<ParsedRegister> {
	try {
		const files = records.map(asFetchedFile)
		const prepared = adapter.prepareRegisterFiles ? await adapter.prepareRegisterFiles(files) : files
		return adapter.parseRegister(prepared)
	} catch (error) {
		throw parseFailure('register', error)
	}
}

async function parseEnforcement(adapter: RegisterAdapter & Preparing, records: FetchedRecord[]): Promise<ParsedEnforcement | null> {
	if (!adapter.parseEnforcement) return null
	try {
		const files = records.map(asFetchedFile)
		const prepared = adapter.prepareEnforcementFiles ? await adapter.prepareEnforcementFiles(files) : files
		return adapter.parseEnforcement(prepared)
	} catch (error) {
		throw parseFailure('enforcement', error)
	}
}

function parseFailure(kind: string, error: unknown): RunFailedError {
	const reason = (error as { reason?: unknown }).reason
	const detail = error instanceof Error ? error.message : String(error)
	const url = (error as { sourceUrl?: string }).sourceUrl ?? null
	const truncated = reason === 'truncated'
	return new RunFailedError(
		truncated ? 'truncated' : 'parse_error',
		`${kind} publication ${truncated ? 'is truncated' : 'did not parse'}${typeof reason === 'string' ? ` (${reason})` : ''}: ${detail}`,
		DEFAULT_RETRY_MS,
		url,
		{ cause: error }
	)
}

function asRunFailure(error: unknown): RunFailedError {
	if (error instanceof RunFailedError) return error
	if (error instanceof FetchFailedError)
		return new RunFailedError(error.reason, error.message, Math.max(DEFAULT_RETRY_MS, error.retryAfterMs ?? 0), error.url, {
			cause: error,
			requestedWaitMs: error.retryAfterMs
		})
	const detail = error instanceof Error ? error.message : String(error)
	return new RunFailedError('internal_error', `run failed: ${detail}`, DEFAULT_RETRY_MS, null, { cause: error })
}

async function recordFailure(
	deps: RunDeps,
	context: {
		runId: string
		jurisdiction: JurisdictionCode
		jobId: string | null
		startedAt: Date
		records: FetchedRecord[]
		publicationOf: Map<FetchedRecord, string>
		failure: RunFailedError
		ids: IdSource
		error: unknown
	}
): Promise<void> {
	const { runId, jurisdiction, failure } = context
	const finishedAt = deps.clock.now()
	await inTransaction(deps.sql, async (tx) => {
		await insertRun(tx, {
			id: runId,
			jurisdiction,
			jobId: context.jobId,
			startedAt: context.startedAt,
			finishedAt,
			outcome: 'failed',
			failureReason: failure.reason,
			failureDetail: failure.message.slice(0, 2000),
			changed: false,
			counts: { files: context.records.length }
		})
		await fileSnapshots(tx, context.records)
		const reads = context.records.map((record) => ({
			id: context.ids.uuid(),
			publication: context.publicationOf.get(record) ?? 'register',
			record
		}))
		await insertReads(tx, runId, jurisdiction, reads, 'failed', finishedAt, failure.reason)
		const fetchError = context.error instanceof FetchFailedError ? context.error : null
		if (fetchError) {
			await insertFailedFetch(
				tx,
				runId,
				jurisdiction,
				{ id: context.ids.uuid(), publication: 'register', url: fetchError.url, httpStatus: fetchError.httpStatus, at: finishedAt },
				failure.reason
			)
		}
		await markFailed(tx, jurisdiction, finishedAt, `${failure.reason}: ${failure.message}`.slice(0, 500))
	})
}

async function announce(deps: RunDeps, jurisdiction: JurisdictionCode, outcome: RunResult): Promise<void> {
	if (!deps.bus) return
	try {
		await publish(
			deps.bus,
			RegistryChanged,
			subjects.registryChanged(jurisdiction),
			{
				id: outcome.runId,
				sent_at: deps.clock.now().toISOString(),
				jurisdiction,
				run_id: outcome.runId,
				data_version: outcome.dataVersion,
				changed: outcome.changed
			},
			registryChangedMsgId(jurisdiction, outcome.runId)
		)
	} catch (error) {
		deps.logger.warn('registry.changed not announced', { jurisdiction, run_id: outcome.runId, error })
	}
}
