import type { Sql, TransactionSql } from '@lv/db'
import type { FetchedRecord, PreviousRead } from '../fetch/read-publication.ts'

type Executor = Sql | TransactionSql

/** The validators and snapshot of the latest good read of every register and enforcement URL of a jurisdiction (certificate reads are not conditional). */
export async function loadPreviousReads(sql: Sql, jurisdiction: string): Promise<Map<string, PreviousRead>> {
	const rows = await sql<{ source_url: string; etag: string | null; last_modified: string | null; snapshot_sha256: string }[]>`
		SELECT DISTINCT ON (source_url) source_url, etag, last_modified, snapshot_sha256
		FROM register_reads
		WHERE jurisdiction_code = ${jurisdiction} AND publication IN ('register', 'enforcement') AND outcome IN ('succeeded', 'not_modified') AND snapshot_sha256 IS NOT NULL
		ORDER BY source_url, started_at DESC`
	return new Map(rows.map((row) => [row.source_url, { etag: row.etag, lastModified: row.last_modified, sha256: row.snapshot_sha256 }]))
}

export async function loadSnapshot(sql: Sql, sha256: string): Promise<{ bytes: Uint8Array; contentType: string | null } | null> {
	const [row] = await sql<
		{ content: Uint8Array; content_type: string | null }[]
	>`SELECT content, content_type FROM snapshots WHERE sha256 = ${sha256}`
	return row ? { bytes: new Uint8Array(row.content), contentType: row.content_type } : null
}

export type SnapshotBytes = Pick<FetchedRecord, 'sha256' | 'bytes' | 'contentType' | 'fetchedAt'>

/**
 * Files the raw bytes of every record not filed yet (content-addressed, so a re-read files nothing new).
 * A snapshot already filed is key-share locked until the transaction that names it commits, so the
 * retention pass (provenance-prune.ts) skips it rather than deleting it under the read being written.
 */
export async function fileSnapshots(tx: Executor, records: readonly SnapshotBytes[]): Promise<void> {
	const unique = new Map(records.map((record) => [record.sha256, record]))
	if (unique.size === 0) return
	const known = await tx<{ sha256: string }[]>`
		SELECT sha256 FROM snapshots WHERE sha256 = ANY(${[...unique.keys()]}::text[]) FOR KEY SHARE`
	for (const { sha256 } of known) unique.delete(sha256)
	for (const record of unique.values()) {
		await tx`
			INSERT INTO snapshots (sha256, content, content_type, size_bytes, first_fetched_at)
			VALUES (${record.sha256}, ${Buffer.from(record.bytes)}, ${record.contentType}, ${record.bytes.length}, ${record.fetchedAt})
			ON CONFLICT (sha256) DO NOTHING`
	}
}

export type RunRecord = {
	id: string
	jurisdiction: string
	jobId: string | null
	startedAt: Date
	finishedAt: Date
	outcome: 'succeeded' | 'failed'
	failureReason: string | null
	failureDetail: string | null
	changed: boolean
	counts: Record<string, unknown>
}

export async function insertRun(tx: Executor, run: RunRecord): Promise<void> {
	await tx`
		INSERT INTO reader_runs (id, jurisdiction_code, job_id, started_at, finished_at, outcome, failure_reason, failure_detail, changed, counts)
		VALUES (${run.id}, ${run.jurisdiction}, ${run.jobId}, ${run.startedAt}, ${run.finishedAt}, ${run.outcome}, ${run.failureReason},
			${run.failureDetail}, ${run.changed}, ${JSON.stringify(run.counts)}::text::jsonb)`
}

/** A run found its changes only while writing (domain links are compared in PostgreSQL). */
export async function markRunChanged(tx: Executor, runId: string): Promise<void> {
	await tx`UPDATE reader_runs SET changed = true WHERE id = ${runId}`
}

/** Domain links of a jurisdiction still listed (for the register_status count when the register itself lists none). */
export async function countListedLinks(tx: Executor, jurisdiction: string): Promise<number> {
	const [row] = await tx<
		{ n: number }[]
	>`SELECT count(*)::int AS n FROM domain_links WHERE jurisdiction_code = ${jurisdiction} AND link_status <> 'delisted'`
	return row?.n ?? 0
}

export type ReadRow = { id: string; publication: string; record: FetchedRecord }

/** One register_reads row per fetched file of the run. */
export async function insertReads(
	tx: Executor,
	runId: string,
	jurisdiction: string,
	reads: readonly ReadRow[],
	outcome: 'succeeded' | 'failed',
	finishedAt: Date,
	failureReason: string | null
): Promise<void> {
	if (reads.length === 0) return
	const rows = reads.map(({ id, publication, record }) => ({
		id,
		publication,
		source_url: record.fetchUrl,
		fetched_at: record.fetchedAt,
		http_status: record.httpStatus,
		snapshot_sha256: record.sha256,
		snapshot_size: record.bytes.length,
		outcome: outcome === 'failed' ? 'failed' : record.notModified ? 'not_modified' : 'succeeded',
		etag: record.validators.etag,
		last_modified: record.validators.lastModified
	}))
	await tx`
		INSERT INTO register_reads (id, run_id, jurisdiction_code, publication, source_url, started_at, fetched_at, finished_at, http_status,
			snapshot_sha256, snapshot_size, outcome, failure_reason, etag, last_modified)
		SELECT x.id, ${runId}, ${jurisdiction}, x.publication, x.source_url, x.fetched_at, x.fetched_at, ${finishedAt}, x.http_status,
			x.snapshot_sha256, x.snapshot_size, x.outcome, ${failureReason}, x.etag, x.last_modified
		FROM jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) AS x(id uuid, publication text, source_url text, fetched_at timestamptz,
			http_status integer, snapshot_sha256 text, snapshot_size integer, outcome text, etag text, last_modified text)`
}

/** A failed fetch that produced no bytes still leaves a register_reads row naming the URL and status. */
export async function insertFailedFetch(
	tx: Executor,
	runId: string,
	jurisdiction: string,
	fetch: { id: string; publication: string; url: string; httpStatus: number | null; at: Date },
	failureReason: string
): Promise<void> {
	await tx`
		INSERT INTO register_reads (id, run_id, jurisdiction_code, publication, source_url, started_at, finished_at, http_status, outcome, failure_reason)
		VALUES (${fetch.id}, ${runId}, ${jurisdiction}, ${fetch.publication}, ${fetch.url}, ${fetch.at}, ${fetch.at}, ${fetch.httpStatus}, 'failed', ${failureReason})`
}

export type StatusCounts = { licences: number; domains: number; operators: number }

/** Freshness advances only here, with the reconciliation; returns the jurisdiction's data version. */
export async function markSucceeded(
	tx: TransactionSql,
	jurisdiction: string,
	now: Date,
	counts: StatusCounts,
	changed: boolean
): Promise<number> {
	const [row] = await tx<{ data_version: number }[]>`
		UPDATE register_status SET last_successful_read_at = ${now}, last_attempt_at = ${now}, consecutive_failures = 0,
			license_count = ${counts.licences}, domain_count = ${counts.domains}, operator_count = ${counts.operators},
			data_version = data_version + ${changed ? 1 : 0}
		WHERE jurisdiction_code = ${jurisdiction}
		RETURNING data_version`
	return Number(row?.data_version ?? 0)
}

export async function markFailed(tx: Executor, jurisdiction: string, now: Date, reason: string): Promise<void> {
	await tx`
		UPDATE register_status SET last_attempt_at = ${now}, last_failure_at = ${now}, last_failure_reason = ${reason},
			consecutive_failures = consecutive_failures + 1
		WHERE jurisdiction_code = ${jurisdiction}`
}
