import type { Sql } from '@lv/db'

export type Snapshot = { sha256: string; content: Uint8Array; content_type: string | null; first_fetched_at: Date; read_at: Date | null }

/** A stored publication's bytes by SHA-256, with the latest read that returned them. */
export async function snapshotWithLatestRead(sql: Sql, sha256: string): Promise<Snapshot | null> {
	const [row] = await sql<Snapshot[]>`
		SELECT s.sha256, s.content, s.content_type, s.first_fetched_at,
			(SELECT max(coalesce(r.fetched_at, r.started_at)) FROM register_reads r WHERE r.snapshot_sha256 = s.sha256) AS read_at
		FROM snapshots s WHERE s.sha256 = ${sha256}`
	return row ?? null
}
