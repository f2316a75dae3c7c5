import { type Sql, deleteInBatches } from '@lv/db'

const BATCH = 1_000

/**
 * Deletes the records whose retention has ended (`expires_at` at or before `now`), a batch at a
 * time so a backlog never holds one long transaction. They already answer 404; this frees the rows.
 * Safe on every replica at once: a row two replicas both pick is deleted once.
 */
export function purgeExpiredEvidence(sql: Sql, now: Date): Promise<number> {
	return deleteInBatches(
		BATCH,
		(limit) => sql`
			DELETE FROM evidence_records WHERE id IN (
				SELECT id FROM evidence_records WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${limit})`
	)
}
