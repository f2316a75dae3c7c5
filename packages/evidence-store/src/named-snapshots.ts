import type { Sql, SqlFragment, TransactionSql } from '@lv/db'

/**
 * A condition true when a signed evidence record still retained at `now` names the snapshot whose
 * SHA-256 is `sha256Column` (a column of the caller's own statement, e.g. `s.sha256`, never input):
 * `GET /v1/snapshots/{sha256}` serves those bytes, with their latest read's time, until the record expires.
 * Table evidence_records belongs to the gateway; the reader's retention asks through this.
 */
export const snapshotNamedByEvidence = (sql: Sql | TransactionSql, sha256Column: string, now: Date): SqlFragment => sql`
	EXISTS (SELECT 1 FROM evidence_records e WHERE e.snapshot_sha256s @> ARRAY[${sql(sha256Column)}]::text[] AND e.expires_at > ${now})`
