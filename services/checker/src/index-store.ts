import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { type CheckIndex, buildIndex, prepareNameScan } from '@lv/verdict'
import { type RegisterVersion, jurisdictionCodes, loadJurisdiction, registerVersions } from '@lv/register-store'

const EMPTY_INDEX = buildIndex({
	jurisdictions: [],
	registerStatus: [],
	operators: [],
	tradingNames: [],
	licences: [],
	licenseNumberVersions: [],
	domainLinks: []
})

export type RebuildRecord = { code: string; dataVersion: bigint; durationMs: number; at: Date; licences: number; domains: number }

export type IndexStoreOptions = {
	sql: Sql
	logger: Logger
	clock: Clock
	onRebuilt?: (record: RebuildRecord) => void
	/** After each failed rebuild, with the jurisdiction's failed rebuilds in a row; with 0 once one succeeds after them. */
	onFailedInARow?: (code: string, failedInARow: number) => void
}

/**
 * Failed rebuilds in a row of one jurisdiction after which the replica counts as behind (`behind()`): three polls, about
 * 90 s at the default 30 s, of a register whose state moved and whose rows could not be read.
 */
const FAILURES_BEFORE_BEHIND = 3

/**
 * Holds the checker's in-memory index and keeps it in step with PostgreSQL. Each jurisdiction is
 * rebuilt on its own; the new shard is built aside and swapped in with one assignment, so a request
 * that already took `current()` finishes on the index it started with and no request ever waits
 * for a rebuild. A failed rebuild keeps the previous shard and is retried by the next sync.
 * Rebuilds run one at a time, jurisdictions included: a shard is built beside the live index alone,
 * never beside another shard under construction (at 5,000,000 links a UKGC rebuild adds about 450 MiB).
 * A shard stands for one register state, its data_version and last successful read as read with its rows:
 * a run that changes nothing still stamps every listed licence and link with its read (last_listed_at,
 * status_observed_at), so a newer read is rebuilt like a newer version, never written over the shard's rows.
 */
export class IndexStore {
	readonly #sql: Sql
	readonly #logger: Logger
	readonly #clock: Clock
	readonly #onRebuilt: ((record: RebuildRecord) => void) | undefined
	readonly #onFailedInARow: ((code: string, failedInARow: number) => void) | undefined
	/** Failed rebuilds in a row per jurisdiction; absent once one succeeds. */
	readonly #failedInARow = new Map<string, number>()
	#index: CheckIndex = EMPTY_INDEX
	readonly #versions = new Map<string, bigint>()
	/** Each shard's last successful read (ms), read in the snapshot its rows came from. */
	readonly #readAt = new Map<string, number | null>()
	readonly #running = new Map<string, Promise<void>>()
	readonly #again = new Set<string>()
	/** settles when the rebuild last queued has ended */
	#queue: Promise<void> = Promise.resolve()
	#loaded = false
	readonly #watchers = new Set<() => void>()

	constructor(options: IndexStoreOptions) {
		this.#sql = options.sql
		this.#logger = options.logger
		this.#clock = options.clock
		this.#onRebuilt = options.onRebuilt
		this.#onFailedInARow = options.onFailedInARow
	}

	/** The index to answer one request with; take it once per request. */
	current(): CheckIndex {
		return this.#index
	}

	/**
	 * Calls `listener` right after every swap of the index, in the same turn as the swap: before any
	 * request answered on the new index can reply. Returns the function that stops the calls.
	 */
	watch(listener: () => void): () => void {
		this.#watchers.add(listener)
		return () => this.#watchers.delete(listener)
	}

	#swap(index: CheckIndex): void {
		this.#index = index
		for (const listener of this.#watchers) listener()
	}

	/** True once every jurisdiction has been loaded at least once. */
	isLoaded(): boolean {
		return this.#loaded
	}

	/** The data_version each jurisdiction's shard was built from. */
	versions(): ReadonlyMap<string, bigint> {
		return this.#versions
	}

	/** Loads every jurisdiction, one at a time so only one jurisdiction's rows are in memory at once. */
	async loadAll(): Promise<void> {
		for (const code of await jurisdictionCodes(this.#sql)) await this.rebuild(code)
		// Built once for the loaded index rather than at each jurisdiction's swap (ADR 0060).
		prepareNameScan(this.#index)
		this.#loaded = true
	}

	/**
	 * Rebuilds one jurisdiction from PostgreSQL. Calls for a jurisdiction already being rebuilt
	 * are coalesced into one more run after the current one, so a burst of changes costs at most
	 * two rebuilds and the last committed data always wins.
	 */
	rebuild(code: string): Promise<void> {
		const running = this.#running.get(code)
		if (running) {
			this.#again.add(code)
			return running
		}
		const task = (async () => {
			try {
				do {
					this.#again.delete(code)
					await this.#oneAtATime(() => this.#rebuildOnce(code)).then(
						() => this.#rebuildSucceeded(code),
						(error: unknown) => {
							this.#rebuildFailed(code, error)
							throw error
						}
					)
				} while (this.#again.has(code))
			} finally {
				this.#running.delete(code)
			}
		})()
		this.#running.set(code, task)
		return task
	}

	/**
	 * The jurisdictions whose last `FAILURES_BEFORE_BEHIND` rebuilds all failed: their register moved (a rebuild runs only
	 * then) and this replica still answers from the shard before it. Their answers turn stale only at the SLA, so the
	 * replica reports itself not ready meanwhile (its answers are still served: the previous state, exact as of its read).
	 */
	behind(): string[] {
		return [...this.#failedInARow].filter(([, failed]) => failed >= FAILURES_BEFORE_BEHIND).map(([code]) => code)
	}

	#rebuildFailed(code: string, error: unknown): void {
		const failed = (this.#failedInARow.get(code) ?? 0) + 1
		this.#failedInARow.set(code, failed)
		this.#onFailedInARow?.(code, failed)
		if (failed === FAILURES_BEFORE_BEHIND)
			this.#logger.error('index rebuilds keep failing; replica not ready until one succeeds', {
				jurisdiction: code,
				failed_in_a_row: failed,
				data_version: String(this.#versions.get(code) ?? ''),
				error
			})
	}

	#rebuildSucceeded(code: string): void {
		const failed = this.#failedInARow.get(code)
		if (failed === undefined) return
		this.#failedInARow.delete(code)
		this.#onFailedInARow?.(code, 0)
		if (failed >= FAILURES_BEFORE_BEHIND)
			this.#logger.info('index rebuilt after failures; replica caught up', { jurisdiction: code, failed_in_a_row: failed })
	}

	#oneAtATime(work: () => Promise<void>): Promise<void> {
		const run = this.#queue.then(work)
		this.#queue = run.catch(() => {})
		return run
	}

	async #rebuildOnce(code: string): Promise<void> {
		this.#logger.debug('index rebuild started', { jurisdiction: code })
		const started = performance.now()
		// Key tables sized like the shard replaced, so none grows (rehashing every key) in a chunk of links.
		const loaded = await loadJurisdiction(this.#sql, code, this.#index.shards.get(code))
		if (!loaded) {
			this.#logger.warn('jurisdiction has no row; index left as it is', { jurisdiction: code })
			return
		}
		const { build, dataVersion } = loaded
		// Swapped into the index current once the shard, the link-key filter and (once loaded) the scan
		// over every shard's names are built, a slice per turn so checks are answered meanwhile. The scan
		// is not left to the first check.
		const index = await build.finishInTurns(() => this.#index, undefined, this.#loaded)
		// The version is set with the swap, so that a watcher reads the versions of the index it is told of.
		this.#versions.set(code, dataVersion)
		this.#readAt.set(code, index.shards.get(code)?.jurisdiction.last_successful_read_at ?? null)
		this.#swap(index)
		const record = {
			code,
			dataVersion,
			durationMs: performance.now() - started,
			at: this.#clock.now(),
			licences: loaded.licences,
			domains: build.domainLinkCount
		}
		this.#logger.info('index rebuilt', {
			jurisdiction: code,
			data_version: String(dataVersion),
			licences: record.licences,
			domains: record.domains,
			duration_ms: Math.round(record.durationMs)
		})
		this.#onRebuilt?.(record)
	}

	/**
	 * Brings the index in line with register_status: rebuilds every jurisdiction whose data_version or last
	 * successful read moved (or that is new). `only` limits it to one jurisdiction (a registry.changed
	 * message); without it every register is compared (the poll). A register_status row read before a
	 * rebuild swapped in a newer state only costs a rebuild: the rows are always read afresh.
	 */
	async sync(only?: string): Promise<void> {
		const versions = (await registerVersions(this.#sql)).filter((version) => only === undefined || version.code === only)
		const rebuilds = versions.filter((version) => !this.#holds(version)).map((version) => this.rebuild(version.code))
		const outcomes = await Promise.allSettled(rebuilds)
		const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected')
		if (failed) throw failed.reason
	}

	/** Whether the shard swapped in was built from this data_version and last read. */
	#holds(version: RegisterVersion): boolean {
		return (
			this.#versions.get(version.code) === version.dataVersion &&
			this.#readAt.get(version.code) === (version.lastSuccessfulReadAt?.getTime() ?? null)
		)
	}

	/** Resolves once no rebuild is running (shutdown, tests). */
	async idle(): Promise<void> {
		while (this.#running.size > 0) await Promise.allSettled([...this.#running.values()])
	}
}
