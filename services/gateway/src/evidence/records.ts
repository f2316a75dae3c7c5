import type { Sql } from '@lv/db'
import type { EvidenceRecord } from '@lv/evidence'
import { type Snapshot, snapshotWithLatestRead } from '@lv/register-store'

/** How long a record is kept and answered at GET /v1/evidence/{id}: five years, longer than any history window. */
export const EVIDENCE_RETENTION_DAYS = 5 * 365

export type StoredEvidence = { id: string; kind: EvidenceRecord['kind']; kid: string; jws: string; created_at: Date; expires_at: Date }

export async function insertEvidence(
	sql: Sql,
	row: { id: string; accountId: string; kind: string; kid: string; jws: string; snapshots: string[]; createdAt: Date; expiresAt: Date }
): Promise<void> {
	await sql`
		INSERT INTO evidence_records (id, account_id, kind, kid, jws, snapshot_sha256s, created_at, expires_at)
		VALUES (${row.id}, ${row.accountId}, ${row.kind}, ${row.kid}, ${row.jws}, ${row.snapshots}::text[], ${row.createdAt}, ${row.expiresAt})`
}

/** The account's record with this id, while it is retained. */
export async function findEvidence(sql: Sql, accountId: string, id: string, now: Date): Promise<StoredEvidence | null> {
	const [row] = await sql<StoredEvidence[]>`
		SELECT id, kind, kid, jws, created_at, expires_at FROM evidence_records
		WHERE id = ${id} AND account_id = ${accountId} AND expires_at > ${now}`
	return row ?? null
}

/** The snapshot's bytes, only when one of the account's retained records names it; with the latest read that returned it. */
export async function snapshotNamedForAccount(sql: Sql, accountId: string, sha256: string, now: Date): Promise<Snapshot | null> {
	const [named] = await sql`
		SELECT 1 FROM evidence_records
		WHERE account_id = ${accountId} AND snapshot_sha256s @> ARRAY[${sha256}]::text[] AND expires_at > ${now} LIMIT 1`
	return named ? snapshotWithLatestRead(sql, sha256) : null
}
