import { DAY } from '@lv/clock'
import { type Sql, type TransactionSql, deleteInBatches } from '@lv/db'
import { snapshotNamedByEvidence } from '@lv/evidence-store'

/**
 * Every read, run and verification reading is kept this long whatever it holds: the status page lists
 * the failed runs of 30 days, the certificate batch orders certificates by their reads of 60 days, and an
 * operator looking into a register's recent reads finds them all. Past it, only what an answer can name stays.
 */
export const PROVENANCE_WINDOW_MS = 90 * DAY
const BATCH = 1_000

export type ProvenancePruned = { readings: number; reads: number; runs: number; snapshots: number }

/**
 * Deletes the provenance no answer can name any more (docs/architecture.md "Retention", ADR 0104), a batch
 * at a time, safe on every replica at once. Kept whatever their age: every read a history row names and
 * every snapshot a history row, a regulatory action or a retained evidence record names; the latest read
 * of each URL and the latest successful one (the next conditional GET, exports, `_meta.sources_read`); the
 * latest read of each snapshot a retained evidence record names (`X-Snapshot-Read-At`); the latest
 * successful run of each register (the publications of new evidence); each linked domain's latest reading
 * and the one its verification page fields show.
 */
export async function pruneProvenance(sql: Sql, now: Date): Promise<ProvenancePruned> {
	const before = new Date(now.getTime() - PROVENANCE_WINDOW_MS)
	const pruned: ProvenancePruned = { readings: 0, reads: 0, runs: 0, snapshots: 0 }
	/** One batch: `deleteRows` returns the snapshots its rows named, which then go if nothing else names them. */
	const freeing = (deleteRows: (tx: TransactionSql, limit: number) => Promise<{ snapshot_sha256: string | null }[]>) => (limit: number) =>
		sql.begin(async (tx) => {
			const gone = await deleteRows(tx, limit)
			pruned.snapshots += await deleteUnnamedSnapshots(tx, gone)
			return { count: gone.length }
		})
	pruned.readings = await deleteInBatches(
		BATCH,
		freeing((tx, limit) => deleteOldReadings(tx, before, limit))
	)
	pruned.reads = await deleteInBatches(
		BATCH,
		freeing((tx, limit) => deleteOldReads(tx, before, now, limit))
	)
	pruned.runs = await deleteInBatches(BATCH, (limit) => deleteOldRuns(sql, before, limit))
	return pruned
}

/** Readings before `before` other than each link's latest and the one its verification page fields show. */
const deleteOldReadings = (tx: TransactionSql, before: Date, limit: number) => tx<{ snapshot_sha256: string | null }[]>`
	DELETE FROM verification_readings WHERE id IN (
		SELECT v.id FROM verification_readings v
		WHERE v.read_at < ${before}
			AND EXISTS (SELECT 1 FROM verification_readings n WHERE n.domain_link_id = v.domain_link_id AND n.read_at > v.read_at)
			AND NOT EXISTS (SELECT 1 FROM domain_links d WHERE d.id = v.domain_link_id AND d.verification_page_read_at = v.read_at)
		ORDER BY v.read_at LIMIT ${limit}
		FOR UPDATE OF v SKIP LOCKED)
	RETURNING snapshot_sha256`

/**
 * Reads started before `before` that no history row names, with a later read of their URL (a later good one
 * when they are good), and that are not the latest read of a snapshot a retained evidence record names.
 */
const deleteOldReads = (tx: TransactionSql, before: Date, now: Date, limit: number) => tx<{ snapshot_sha256: string | null }[]>`
	DELETE FROM register_reads WHERE id IN (
		SELECT r.id FROM register_reads r
		WHERE r.started_at < ${before}
			AND NOT EXISTS (SELECT 1 FROM license_history h WHERE h.register_read_id = r.id)
			AND EXISTS (
				SELECT 1 FROM register_reads n
				WHERE n.jurisdiction_code = r.jurisdiction_code AND n.source_url = r.source_url AND n.started_at > r.started_at
					AND (r.outcome NOT IN ('succeeded', 'not_modified') OR r.snapshot_sha256 IS NULL
						OR (n.outcome IN ('succeeded', 'not_modified') AND n.snapshot_sha256 IS NOT NULL)))
			AND (r.snapshot_sha256 IS NULL OR NOT ${snapshotNamedByEvidence(tx, 'r.snapshot_sha256', now)}
				OR EXISTS (SELECT 1 FROM register_reads n WHERE n.snapshot_sha256 = r.snapshot_sha256 AND n.started_at > r.started_at))
		ORDER BY r.started_at LIMIT ${limit}
		FOR UPDATE OF r SKIP LOCKED)
	RETURNING snapshot_sha256`

/**
 * The snapshots among `freed` that no read, reading, history row or regulatory action names any more (a
 * snapshot a retained evidence record names keeps its latest read). One a reader is filing a read of
 * holds a key-share lock (`fileSnapshots`) and is skipped, so a read never names a snapshot deleted under it.
 */
async function deleteUnnamedSnapshots(tx: TransactionSql, freed: readonly { snapshot_sha256: string | null }[]): Promise<number> {
	const hashes = [...new Set(freed.flatMap((row) => row.snapshot_sha256 ?? []))]
	if (hashes.length === 0) return 0
	const gone = await tx`
		DELETE FROM snapshots WHERE sha256 IN (
			SELECT s.sha256 FROM snapshots s
			WHERE s.sha256 = ANY(${hashes}::text[])
				AND NOT EXISTS (SELECT 1 FROM register_reads r WHERE r.snapshot_sha256 = s.sha256)
				AND NOT EXISTS (SELECT 1 FROM verification_readings v WHERE v.snapshot_sha256 = s.sha256)
				AND NOT EXISTS (SELECT 1 FROM license_history h WHERE h.snapshot_sha256 = s.sha256)
				AND NOT EXISTS (SELECT 1 FROM regulatory_actions a WHERE a.snapshot_sha256 = s.sha256)
			FOR UPDATE OF s SKIP LOCKED)`
	return gone.count
}

/** Runs started before `before` that no read names, other than each register's latest successful run. */
const deleteOldRuns = (sql: Sql, before: Date, limit: number) => sql`
	DELETE FROM reader_runs WHERE id IN (
		SELECT run.id FROM reader_runs run
		WHERE run.started_at < ${before}
			AND NOT EXISTS (SELECT 1 FROM register_reads r WHERE r.run_id = run.id)
			AND (run.outcome <> 'succeeded' OR EXISTS (
				SELECT 1 FROM reader_runs later
				WHERE later.jurisdiction_code = run.jurisdiction_code AND later.outcome = 'succeeded' AND later.started_at > run.started_at))
		ORDER BY run.started_at LIMIT ${limit}
		FOR UPDATE OF run SKIP LOCKED)`
