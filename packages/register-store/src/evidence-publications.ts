import type { Sql } from '@lv/db'
import type { EvidencePublication } from '@lv/evidence'

/**
 * The publications answers rest on, per jurisdiction: the register and enforcement reads of the
 * latest successful reader run that started at or before the index's last read (`bounds`, else
 * register_status's last successful read; of runs started at one instant, the one that finished last, then by
 * id, so every call names the same run). A `not_modified` read names the snapshot it confirmed.
 */
export async function publicationsOf(
	sql: Sql,
	jurisdictions: readonly string[],
	bounds: ReadonlyMap<string, string>
): Promise<EvidencePublication[]> {
	if (jurisdictions.length === 0) return []
	const wanted = JSON.stringify(jurisdictions.map((code) => ({ code, bound: bounds.get(code) ?? null })))
	const rows = await sql<{ jurisdiction: string; publication: string; source_url: string; read_at: Date; sha256: string }[]>`
		SELECT r.jurisdiction_code AS jurisdiction, r.publication, r.source_url, coalesce(r.fetched_at, r.started_at) AS read_at, r.snapshot_sha256 AS sha256
		FROM jsonb_to_recordset(${wanted}::text::jsonb) AS w(code text, bound timestamptz)
		JOIN register_status s ON s.jurisdiction_code = w.code
		CROSS JOIN LATERAL (
			SELECT run.id FROM reader_runs run
			WHERE run.jurisdiction_code = w.code AND run.outcome = 'succeeded' AND run.started_at <= coalesce(w.bound, s.last_successful_read_at)
			ORDER BY run.started_at DESC, run.finished_at DESC, run.id DESC LIMIT 1
		) latest
		JOIN register_reads r ON r.run_id = latest.id
		WHERE r.snapshot_sha256 IS NOT NULL AND r.outcome IN ('succeeded', 'not_modified')
		ORDER BY r.jurisdiction_code, r.publication, r.source_url`
	return rows.map((row) => ({ ...row, read_at: row.read_at.toISOString() }))
}
